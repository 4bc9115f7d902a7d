/**
 * What both `ibnetdiscover` formats (the topology file and the `-p` ports report) describe — nodes
 * and port lines — and the step they share: pairing the two port lines of every cable into a link.
 *
 * Pairing forgives what real fabrics print: a loopback cable (a switch port cabled to another port
 * of the same switch, a test plug or a mis-cabling) carries nothing between nodes and is left out;
 * two ends that report different widths or speeds (each end prints what it negotiated, and a
 * dump taken while a link retrains catches them apart) make a link that runs at what both support,
 * the smaller width at the slower speed. Each is a warning naming the file and both lines. It
 * refuses, naming file, line and rule: a peer with no block (a cut file), a port linked to two
 * peers, a cable printed from one end only, a CA or router cabled to another CA or router.
 */
import { ClusterFormatError } from './importError.js';
import type { WarningLog } from './importWarnings.js';
import { IB_SPEEDS, linkDataRateGbps } from './linkRate.js';

/** A node of an ibnetdiscover file. */
export interface IbnetNode {
  readonly kind: 'switch' | 'ca' | 'router';
  /** The node id: the quoted id of the topology file (`S-005442ba00003080`), or type and GUID in the ports report. */
  readonly id: string;
  /** Node GUID (a port GUID for a CA of the ports report), 16 lower-case hex digits. */
  readonly guid: string;
  readonly ports: number;
  readonly description: string;
  /** A switch's port-0 LID, 0 when unassigned (undefined for a CA or router: their LIDs are per port). */
  readonly lid: number | undefined;
  /** The line of the node's header (its first port line in the ports report). */
  readonly line: number;
}

/** One end of a link as a port line describes it. */
export interface IbnetPortLine {
  readonly node: IbnetNode;
  readonly port: number;
  readonly peerId: string;
  readonly peerPort: number;
  /** For a CA or router port: its own LID (0 when unassigned) and LMC. */
  readonly lid: number | undefined;
  readonly lmc: number;
  readonly width: number;
  readonly speed: string;
  readonly line: number;
}

/** A link seen from both ends (`a` the end printed first). */
export interface IbnetLink {
  readonly a: IbnetPortLine;
  readonly b: IbnetPortLine;
  /** The data rate both ends support, Gb/s. */
  readonly rateGbps: number;
}

/** Largest unicast LID (IBA: 0x0001..0xBFFF). */
export const MAX_UNICAST_LID = 0xbfff;

/** GUID text → 16 lower-case hex digits. */
export function normaliseGuid(hex: string): string {
  return hex.toLowerCase().replace(/^0x/, '').replace(/^0+(?=.)/, '').padStart(16, '0');
}

/**
 * Pairs the port lines into links (see the module comment).
 *
 * @param byId the nodes by id; `ends` every port line by `"id[port]"`, `order` in file order.
 * @throws ClusterFormatError naming the file, the line and the rule.
 */
export function pairEnds(
  byId: ReadonlyMap<string, IbnetNode>,
  ends: ReadonlyMap<string, IbnetPortLine>,
  order: readonly IbnetPortLine[],
  file: string,
  log: WarningLog,
): IbnetLink[] {
  const fail = (line: number, rule: string): never => {
    throw new ClusterFormatError('ibnetdiscover', file, line, rule);
  };
  const links: IbnetLink[] = [];
  const paired = new Set<IbnetPortLine>();
  for (const end of order) {
    if (paired.has(end)) continue;
    const peer = byId.get(end.peerId) ?? fail(end.line, `a peer node must have its own block: "${end.peerId}" has none (a truncated file?)`);
    if (!(end.peerPort >= 1 && end.peerPort <= peer.ports)) fail(end.line, `a peer port must be in 1..${peer.ports} for "${peer.id}", got ${end.peerPort}`);
    const back = ends.get(`${peer.id}[${end.peerPort}]`) ?? fail(end.line, `a link must be printed from both ends: "${peer.id}"[${end.peerPort}] has no port line (a truncated file?)`);
    if (back.peerId !== end.node.id || back.peerPort !== end.port) {
      fail(back.line, `a port must be linked once: "${peer.id}"[${end.peerPort}] is linked to "${back.peerId}"[${back.peerPort}] here and to "${end.node.id}"[${end.port}] at line ${end.line}`);
    }
    paired.add(end);
    paired.add(back);
    if (peer === end.node) {
      log.add('loopback', file, end.line, `a loopback cable: port ${end.port} of "${end.node.id}" is cabled to its own port ${end.peerPort} (line ${back.line}); it carries nothing between nodes and is left out`);
      continue;
    }
    if (end.node.kind !== 'switch' && peer.kind !== 'switch') fail(end.line, 'a CA or router must be linked to a switch, not to another CA or router');
    let width = end.width;
    let speed = end.speed;
    if (back.width !== end.width || back.speed !== end.speed) {
      width = Math.min(end.width, back.width);
      speed = IB_SPEEDS[back.speed]!.laneGbaud < IB_SPEEDS[end.speed]!.laneGbaud ? back.speed : end.speed;
      log.add(
        'ends disagree',
        file,
        back.line,
        `the two ends of a link disagree: ${back.width}x${back.speed} here, ${end.width}x${end.speed} at line ${end.line} (each end prints what it negotiated); the link runs at ${width}x${speed}, what both support`,
      );
    }
    links.push({ a: end, b: back, rateGbps: linkDataRateGbps(width, speed) });
  }
  return links;
}
