/**
 * Reads the topology file that `ibnetdiscover` prints (infiniband-diags, rdma-core; man page
 * ibnetdiscover(8), "TOPOLOGY FILE FORMAT"): one block per node, opened by a line
 *
 *     Switch  24 "S-005442ba00003080"   # "ISR9024 Voltaire" base port 0 lid 6 lmc 0
 *     Ca      2 "H-0008f10403960984"    # "MT23108 InfiniHost Mellanox Technologies"
 *
 * (node type, number of ports, quoted node id = type letter and node GUID; after '#' the
 * NodeDescription, and for a switch whether port 0 is base or enhanced with its LID and LMC),
 * preceded by `vendid=`, `devid=`, `sysimgguid=`, `switchguid=`/`caguid=`/`rtguid=` lines and
 * followed by one line per connected port:
 *
 *     [22]    "H-0008f10403961354"[1](8f10403961355)   # "MT23108 InfiniHost" lid 4 4xSDR
 *     [1](8f10403960985)  "S-0008f10400410015"[6]      # lid 16 lmc 1 "SW-6IB4 Voltaire" lid 3 4xSDR
 *
 * (local port, optional port GUID, peer node id and port; after '#', for a CA or router port its
 * own LID and LMC, then the peer's NodeDescription and LID, then the active width × speed). Every
 * link is printed from both of its ends; the two lines must agree.
 */
import { ClusterFormatError, importLines } from './importError.js';
import { IB_SPEEDS, IB_WIDTHS, linkDataRateGbps } from './linkRate.js';

/** A node of an ibnetdiscover file. */
export interface IbnetNode {
  readonly kind: 'switch' | 'ca' | 'router';
  /** The quoted node id, e.g. `S-005442ba00003080`. */
  readonly id: string;
  /** Node GUID, 16 lower-case hex digits. */
  readonly guid: string;
  readonly ports: number;
  readonly description: string;
  /** A switch's port-0 LID (undefined for a CA or router: their LIDs are per port). */
  readonly lid: number | undefined;
  /** The line of the node's header. */
  readonly line: number;
}

/** One end of a link as a port line describes it. */
export interface IbnetPortLine {
  readonly node: IbnetNode;
  readonly port: number;
  readonly peerId: string;
  readonly peerPort: number;
  /** For a CA or router port: its own LID and LMC. */
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
  readonly rateGbps: number;
}

/** What an ibnetdiscover file describes: nodes in file order and each link once. */
export interface IbnetDiscovery {
  readonly nodes: readonly IbnetNode[];
  readonly links: readonly IbnetLink[];
}

const HEADER = /^(Switch|Ca|Rt)\s+(\d+)\s+"([^"]+)"\s*(?:#\s*(.*))?$/;
const PORT = /^\[(\d+)\](?:\(([0-9A-Fa-f]+)\))?\s+"([^"]+)"\[(\d+)\](?:\(([0-9A-Fa-f]+)\))?\s*(?:#\s*(.*))?$/;
const GUID_LINE = /^(switchguid|caguid|rtguid)=(?:0x)?([0-9A-Fa-f]+)/;
const IGNORED = /^(vendid=|devid=|sysimgguid=|Non-Chassis Nodes|Chassis |ibnetdiscover|$)/;
/** Largest unicast LID (IBA: 0x0001..0xBFFF). */
export const MAX_UNICAST_LID = 0xbfff;

/** GUID text → 16 lower-case hex digits. */
export function normaliseGuid(hex: string): string {
  return hex.toLowerCase().replace(/^0x/, '').replace(/^0+(?=.)/, '').padStart(16, '0');
}

/**
 * Parses the text of an `ibnetdiscover` topology file.
 *
 * Checks, each reported with the line and the rule: every line is a header, a port line, one of
 * the identification lines or a comment; port numbers within 1..ports; no port linked twice; every
 * peer has a block and prints the same link back (a missing one means a truncated file); both ends
 * agree on width and speed; width 1x/2x/4x/8x/12x and a known speed code; LIDs in 1..0xBFFF; a CA
 * port line carries its LID.
 *
 * @param text the file's text.
 * @param file a name for messages (default 'ibnetdiscover').
 * @throws ClusterFormatError naming the file, the line and the rule.
 */
export function parseIbnetdiscover(text: string, file = 'ibnetdiscover'): IbnetDiscovery {
  const lines = importLines('ibnetdiscover', file, text);
  const fail: (line: number, rule: string) => never = (line, rule) => {
    throw new ClusterFormatError('ibnetdiscover', file, line, rule);
  };
  const nodes: IbnetNode[] = [];
  const byId = new Map<string, IbnetNode>();
  const ends = new Map<string, IbnetPortLine>();
  const order: IbnetPortLine[] = [];
  let current: IbnetNode | undefined;
  let pendingGuid: string | undefined;
  const lid = (n: number, text: string): number => {
    const v = Number(text);
    if (!(v >= 1 && v <= MAX_UNICAST_LID)) fail(n, `a LID must be in 1..${MAX_UNICAST_LID} (0xBFFF), got ${text}`);
    return v;
  };
  lines.forEach((raw, k) => {
    const n = k + 1;
    const line = raw.trim();
    if (line.startsWith('#') || IGNORED.test(line)) {
      if (line === '') current = undefined;
      return;
    }
    const g = GUID_LINE.exec(line);
    if (g) {
      pendingGuid = normaliseGuid(g[2]!);
      return;
    }
    const h = HEADER.exec(line);
    if (h) {
      const kind = h[1] === 'Switch' ? 'switch' : h[1] === 'Ca' ? 'ca' : 'router';
      const ports = Number(h[2]);
      if (!(ports >= 1 && ports <= 254)) fail(n, `a node's port count must be in 1..254, got ${h[2]}`);
      const id = h[3]!;
      if (byId.has(id)) fail(n, `a node must be described once: "${id}" already has a block at line ${byId.get(id)!.line}`);
      const comment = h[4] ?? '';
      const desc = /^"(.*)"/.exec(comment);
      let switchLid: number | undefined;
      if (kind === 'switch') {
        const m = /\b(?:base|enhanced) port 0 lid (\d+) lmc (\d+)/.exec(comment);
        if (!m) fail(n, 'a Switch line must end with "base port 0 lid L lmc M" (or "enhanced port 0 …")');
        switchLid = lid(n, m[1]!);
      }
      const idGuid = /^[SHR]-([0-9A-Fa-f]+)$/.exec(id)?.[1];
      const guid = pendingGuid ?? (idGuid !== undefined ? normaliseGuid(idGuid) : undefined);
      if (guid === undefined) fail(n, `a node needs a GUID: a switchguid=/caguid= line before it or an id "S-<guid>", got "${id}"`);
      current = { kind, id, guid, ports, description: desc?.[1] ?? id, lid: switchLid, line: n };
      pendingGuid = undefined;
      nodes.push(current);
      byId.set(id, current);
      return;
    }
    const p = PORT.exec(line);
    if (!p) fail(n, `a line must be a node header (Switch/Ca/Rt N "id"), a port line ([p] "peer-id"[q] …) or a comment; got ${JSON.stringify(line.slice(0, 80))} (a truncated file?)`);
    if (current === undefined) fail(n, 'a port line must follow its node\'s header line');
    const port = Number(p[1]);
    if (!(port >= 1 && port <= current.ports)) fail(n, `a port number must be in 1..${current.ports} for "${current.id}", got ${p[1]}`);
    const comment = p[6] ?? '';
    const c = /^(?:lid (\d+) lmc (\d+) )?"(.*)" lid (\d+) (\d+)x([A-Za-z0-9]+)\b/.exec(comment);
    if (!c) fail(n, 'a port line must end with # [lid L lmc M] "peer description" lid P <width>x<speed> (e.g. 4xQDR)');
    const width = Number(c[5]);
    if (!IB_WIDTHS.includes(width)) fail(n, `a link width must be one of ${IB_WIDTHS.map((w) => `${w}x`).join(', ')}, got ${c[5]}x`);
    const speed = c[6]!;
    if (!Object.hasOwn(IB_SPEEDS, speed)) fail(n, `a speed code must be one of ${Object.keys(IB_SPEEDS).join(', ')}, got ${speed}`);
    let ownLid: number | undefined;
    if (current.kind !== 'switch') {
      if (c[1] === undefined) fail(n, 'a CA or router port line must give its own "lid L lmc M" after the #');
      ownLid = lid(n, c[1]);
    }
    lid(n, c[4]!);
    const lmc = c[2] === undefined ? 0 : Number(c[2]);
    if (lmc > 7) fail(n, `an LMC must be in 0..7, got ${lmc}`);
    const key = `${current.id}[${port}]`;
    const prior = ends.get(key);
    if (prior !== undefined) fail(n, `a port must be linked once: ${key} is already linked at line ${prior.line}`);
    const end: IbnetPortLine = { node: current, port, peerId: p[3]!, peerPort: Number(p[4]), lid: ownLid, lmc, width, speed, line: n };
    ends.set(key, end);
    order.push(end);
  });
  if (nodes.length === 0) fail(0, 'an ibnetdiscover file must describe at least one node (an empty or truncated file?)');

  // Pair the two ends of every link.
  const links: IbnetLink[] = [];
  const paired = new Set<IbnetPortLine>();
  for (const end of order) {
    if (paired.has(end)) continue;
    const peer = byId.get(end.peerId);
    if (peer === undefined) fail(end.line, `a peer node must have its own block: "${end.peerId}" has none (a truncated file?)`);
    if (!(end.peerPort >= 1 && end.peerPort <= peer.ports)) fail(end.line, `a peer port must be in 1..${peer.ports} for "${peer.id}", got ${end.peerPort}`);
    const back = ends.get(`${peer.id}[${end.peerPort}]`);
    if (back === undefined) {
      fail(end.line, `a link must be printed from both ends: "${peer.id}"[${end.peerPort}] has no port line (a truncated file?)`);
    }
    if (back.peerId !== end.node.id || back.peerPort !== end.port) {
      fail(back.line, `a port must be linked once: "${peer.id}"[${end.peerPort}] is linked to "${back.peerId}"[${back.peerPort}] here and to "${end.node.id}"[${end.port}] at line ${end.line}`);
    }
    if (back.width !== end.width || back.speed !== end.speed) {
      fail(back.line, `both ends of a link must agree on width and speed: ${back.width}x${back.speed} here, ${end.width}x${end.speed} at line ${end.line}`);
    }
    if (end.node.kind !== 'switch' && peer.kind !== 'switch') fail(end.line, 'a CA or router must be linked to a switch, not to another CA or router');
    paired.add(end);
    paired.add(back);
    links.push({ a: end, b: back, rateGbps: linkDataRateGbps(end.width, end.speed) });
  }
  return { nodes, links };
}
