/**
 * Reads the ports report of `ibnetdiscover -p` (ibnetdiscover(8): "a list of connected ports with
 * relevant information (like LID, portnum, GUID, width, speed, and NodeDescription)"): one line per
 * port of every node, the local end, then for a connected port the remote end and both names:
 *
 *     SW     1 17 0x0002c90000000001 4x EDR - SW     2  1 0x0002c90000000002 ( 'leaf0' - 'spine0' )
 *     CA    12  1 0x0002c90100000003 4x EDR - SW     1  3 0x0002c90000000001 ( 'gpu01 mlx5_0' - 'leaf0' )
 *     SW     1 30 0x0002c90000000001 4x ???                                    'leaf0'
 *
 * (node type SW/CA/RT, the node's LID — a switch's port-0 LID, a CA's port base LID —, the port
 * number, the port GUID, the active width and speed). A switch's ports all carry its GUID, a CA's
 * each their own, so a CA is keyed by its port GUID (each connected CA port becomes a host, as in
 * the topology file) and a switch by its GUID; a switch has as many ports as the highest port
 * number listed. Unconnected ports are skipped. The report carries no LMC (0 is taken).
 */
import { ClusterFormatError } from './importError.js';
import { capturedLineKind, type WarningLog } from './importWarnings.js';
import { MAX_UNICAST_LID, normaliseGuid, pairEnds, type IbnetLink, type IbnetNode, type IbnetPortLine } from './ibnetLinks.js';
import { IB_SPEEDS, IB_WIDTHS } from './linkRate.js';

const END = String.raw`(SW|CA|RT)\s+(\d+)\s+(\d+)\s+(?:0x)?([0-9A-Fa-f]+)`;
const CONNECTED = new RegExp(String.raw`^${END}\s+(\d+)x\s*([A-Za-z0-9]+)\s+-\s+${END}\s+\(\s*'(.*)'\s+-\s+'(.*)'\s*\)\s*$`);
const LOCAL = new RegExp(String.raw`^${END}\b`);

/** Whether the lines are a ports report: the first line that is not blank, a comment or captured text is a port line of it. */
export function isPortsReport(lines: readonly string[]): boolean {
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || capturedLineKind(line) !== undefined) continue;
    return LOCAL.test(line);
  }
  return false;
}

const KIND = { SW: 'switch', CA: 'ca', RT: 'router' } as const;

/**
 * Parses a ports report into nodes and links.
 * @throws ClusterFormatError naming the file, the line and the rule.
 */
export function parsePortsReport(lines: readonly string[], file: string, log: WarningLog): { nodes: IbnetNode[]; links: IbnetLink[] } {
  const fail = (line: number, rule: string): never => {
    throw new ClusterFormatError('ibnetdiscover', file, line, rule);
  };
  interface Draft {
    kind: IbnetNode['kind'];
    id: string;
    guid: string;
    ports: number;
    description: string;
    lid: number;
    line: number;
  }
  const drafts = new Map<string, Draft>();
  const idOf = (type: string, guid: string): string => `${type === 'SW' ? 'S' : type === 'CA' ? 'H' : 'R'}-${guid}`;
  const lidOf = (n: number, text: string): number => {
    const v = Number(text);
    if (!(v >= 0 && v <= MAX_UNICAST_LID)) fail(n, `a LID must be in 0..${MAX_UNICAST_LID} (0xBFFF; 0 = not assigned), got ${text}`);
    return v;
  };
  const note = (n: number, type: string, lid: string, port: string, guid: string, description: string | undefined): Draft => {
    const g = normaliseGuid(guid);
    const id = idOf(type, g);
    const p = Number(port);
    if (!(p >= 1 && p <= 254)) fail(n, `a port number must be in 1..254, got ${port}`);
    let d = drafts.get(id);
    if (d === undefined) {
      d = { kind: KIND[type as keyof typeof KIND], id, guid: g, ports: p, description: description ?? id, lid: lidOf(n, lid), line: n };
      drafts.set(id, d);
    }
    if (p > d.ports) d.ports = p;
    if (description !== undefined && d.description === id) d.description = description;
    return d;
  };
  const raw: { n: number; local: Draft; port: number; peer: Draft; peerPort: number; lid: number; width: number; speed: string }[] = [];
  lines.forEach((text, k) => {
    const n = k + 1;
    const line = text.trim();
    if (line === '' || line.startsWith('#')) return;
    const c = CONNECTED.exec(line);
    if (c === null) {
      if (LOCAL.test(line)) {
        const l = LOCAL.exec(line)!;
        note(n, l[1]!, l[2]!, l[3]!, l[4]!, undefined);
        return;
      }
      const kind = capturedLineKind(line);
      if (kind !== undefined) {
        log.add('captured text', file, n, `${kind === 'prompt' ? 'a shell prompt and command' : "a tool's diagnostic (stderr captured with the output)"}, not ibnetdiscover -p output: ${JSON.stringify(line.slice(0, 80))}; skipped`);
        return;
      }
      fail(n, `a line of an ibnetdiscover -p ports report must read "TYPE LID PORT GUID <width>x <speed> - TYPE LID PORT GUID ( 'name' - 'name' )"; got ${JSON.stringify(line.slice(0, 80))}`);
    }
    const m = c!;
    const width = Number(m[5]);
    if (!IB_WIDTHS.includes(width)) fail(n, `a link width must be one of ${IB_WIDTHS.map((w) => `${w}x`).join(', ')}, got ${m[5]}x`);
    const speed = m[6]!;
    if (!Object.hasOwn(IB_SPEEDS, speed)) fail(n, `a speed code must be one of ${Object.keys(IB_SPEEDS).join(', ')}, got ${speed}`);
    const local = note(n, m[1]!, m[2]!, m[3]!, m[4]!, m[11]);
    const peer = note(n, m[7]!, m[8]!, m[9]!, m[10]!, m[12]);
    raw.push({ n, local, port: Number(m[3]), peer, peerPort: Number(m[9]), lid: Number(m[2]), width, speed });
  });
  if (drafts.size === 0) fail(0, 'an ibnetdiscover -p report must list at least one port (an empty or truncated file?)');
  const byId = new Map<string, IbnetNode>();
  const nodes: IbnetNode[] = [];
  for (const d of drafts.values()) {
    const node: IbnetNode = { kind: d.kind, id: d.id, guid: d.guid, ports: d.ports, description: d.description, lid: d.kind === 'switch' ? d.lid : undefined, line: d.line };
    if (d.lid === 0) log.add('LID 0', file, d.line, `${d.kind === 'switch' ? 'switch' : 'port'} "${d.description}" has LID 0 (not assigned); imported, routes are computed without LIDs`);
    nodes.push(node);
    byId.set(d.id, node);
  }
  const ends = new Map<string, IbnetPortLine>();
  const order: IbnetPortLine[] = [];
  for (const r of raw) {
    const node = byId.get(r.local.id)!;
    const key = `${node.id}[${r.port}]`;
    const prior = ends.get(key);
    if (prior !== undefined) fail(r.n, `a port must be listed once: ${key} is already listed at line ${prior.line}`);
    const end: IbnetPortLine = { node, port: r.port, peerId: r.peer.id, peerPort: r.peerPort, lid: node.kind === 'switch' ? undefined : r.lid, lmc: 0, width: r.width, speed: r.speed, line: r.n };
    ends.set(key, end);
    order.push(end);
  }
  return { nodes, links: pairEnds(byId, ends, order, file, log) };
}
