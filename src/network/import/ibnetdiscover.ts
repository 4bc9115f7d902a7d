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
 * link is printed from both of its ends (pairing, and what it forgives: ibnetLinks.ts).
 *
 * What real dumps carry besides the format, forgiven with a warning naming the file and line: a
 * UTF-8 byte-order mark and CRLF endings (importError.ts); lines captured with the output — a shell
 * prompt and command, the tool's stderr diagnostics (`ibwarn: …`) anywhere, and any other line
 * before the first node; a switch or CA port with LID 0 (unassigned, as when the subnet manager has
 * not swept: no LID is needed without LFTs); a GUID given to two nodes. The `-p` ports report of the
 * same tool is recognised by its first line and read by ibnetPorts.ts.
 */
import { ClusterFormatError, importLines, type ImportWarning } from './importError.js';
import { capturedLineKind, WarningLog } from './importWarnings.js';
import { MAX_UNICAST_LID, normaliseGuid, pairEnds, type IbnetLink, type IbnetNode, type IbnetPortLine } from './ibnetLinks.js';
import { isPortsReport, parsePortsReport } from './ibnetPorts.js';
import { IB_SPEEDS, IB_WIDTHS } from './linkRate.js';

export { MAX_UNICAST_LID, normaliseGuid, type IbnetLink, type IbnetNode, type IbnetPortLine } from './ibnetLinks.js';

/** What an ibnetdiscover file describes: nodes in file order, each link once, and what was forgiven. */
export interface IbnetDiscovery {
  /** `topology` (the default output) or `ports` (`ibnetdiscover -p`). */
  readonly format: 'topology' | 'ports';
  readonly nodes: readonly IbnetNode[];
  readonly links: readonly IbnetLink[];
  readonly warnings: readonly ImportWarning[];
}

const HEADER = /^(Switch|Ca|Rt)\s+(\d+)\s+"([^"]+)"\s*(?:#\s*(.*))?$/;
const PORT = /^\[(\d+)\](?:\(([0-9A-Fa-f]+)\))?\s+"([^"]+)"\[(\d+)\](?:\(([0-9A-Fa-f]+)\))?\s*(?:#\s*(.*))?$/;
const GUID_LINE = /^(switchguid|caguid|rtguid)=(?:0x)?([0-9A-Fa-f]+)/;
const IGNORED = /^(vendid=|devid=|sysimgguid=|Non-Chassis Nodes|Chassis |$)/;

/**
 * Parses the text of an `ibnetdiscover` topology file, or of its `-p` ports report.
 *
 * Checks, each reported with the line and the rule: the file ends with a newline (else it was
 * cut); every line after the first node is a header, a port line, one of the identification lines,
 * a comment or captured text (see the module comment); port numbers within 1..ports; no port
 * linked twice; every peer has a block and prints the same link back (a missing one means a cut
 * file); width 1x/2x/4x/8x/12x and a known speed code; LIDs in 0..0xBFFF; a CA port line carries
 * its LID.
 *
 * @param text the file's text.
 * @param file a name for messages (default 'ibnetdiscover').
 * @throws ClusterFormatError naming the file, the line and the rule.
 */
export function parseIbnetdiscover(text: string, file = 'ibnetdiscover'): IbnetDiscovery {
  const early: ImportWarning[] = [];
  const lines = importLines('ibnetdiscover', file, text, early);
  const log = new WarningLog();
  log.addAll('file encoding', early);
  if (isPortsReport(lines)) {
    const { nodes, links } = parsePortsReport(lines, file, log);
    return { format: 'ports', nodes, links, warnings: log.list() };
  }
  const fail = (line: number, rule: string): never => {
    throw new ClusterFormatError('ibnetdiscover', file, line, rule);
  };
  const nodes: IbnetNode[] = [];
  const byId = new Map<string, IbnetNode>();
  const byGuid = new Map<string, IbnetNode>();
  const ends = new Map<string, IbnetPortLine>();
  const order: IbnetPortLine[] = [];
  let current: IbnetNode | undefined;
  let pendingGuid: string | undefined;
  const lid = (n: number, text: string): number => {
    const v = Number(text);
    if (!(v >= 0 && v <= MAX_UNICAST_LID)) fail(n, `a LID must be in 0..${MAX_UNICAST_LID} (0xBFFF; 0 = not assigned), got ${text}`);
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
        const m = /\b(?:base|enhanced) port 0 lid (\d+) lmc (\d+)/.exec(comment) ?? fail(n, 'a Switch line must end with "base port 0 lid L lmc M" (or "enhanced port 0 …")');
        switchLid = lid(n, m[1]!);
        if (switchLid === 0) log.add('LID 0', file, n, `switch "${id}" has LID 0 (not assigned: the subnet manager had not swept it); imported, routes are computed or matched by GUID`);
      }
      const idGuid = /^[SHR]-([0-9A-Fa-f]+)$/.exec(id)?.[1];
      const guid = pendingGuid ?? (idGuid !== undefined ? normaliseGuid(idGuid) : undefined) ?? fail(n, `a node needs a GUID: a switchguid=/caguid= line before it or an id "S-<guid>", got "${id}"`);
      current = { kind, id, guid, ports, description: desc?.[1] ?? id, lid: switchLid, line: n };
      const twin = byGuid.get(guid);
      if (twin !== undefined) log.add('duplicate GUID', file, n, `node "${id}" has GUID 0x${guid}, as "${twin.id}" at line ${twin.line} (two adapters with one GUID: cloned firmware?); both imported, an LFT dump cannot tell them apart`);
      else byGuid.set(guid, current);
      pendingGuid = undefined;
      nodes.push(current);
      byId.set(id, current);
      return;
    }
    const p = PORT.exec(line);
    if (p === null) {
      const kind = capturedLineKind(line);
      if (kind !== undefined || nodes.length === 0) {
        const what = kind === 'prompt' ? 'a shell prompt and command' : kind === 'diagnostic' ? "a tool's diagnostic (stderr captured with the output)" : 'text before the first node';
        log.add('captured text', file, n, `${what}, not ibnetdiscover output: ${JSON.stringify(line.slice(0, 80))}; skipped`);
        return;
      }
      return fail(n, `a line must be a node header (Switch/Ca/Rt N "id"), a port line ([p] "peer-id"[q] …) or a comment; got ${JSON.stringify(line.slice(0, 80))}`);
    }
    if (current === undefined) return fail(n, "a port line must follow its node's header line");
    const port = Number(p[1]);
    if (!(port >= 1 && port <= current.ports)) fail(n, `a port number must be in 1..${current.ports} for "${current.id}", got ${p[1]}`);
    const comment = p[6] ?? '';
    const c =
      /^(?:lid (\d+) lmc (\d+) )?"(.*)" lid (\d+) (\d+)x([A-Za-z0-9]+)\b/.exec(comment) ??
      fail(n, 'a port line must end with # [lid L lmc M] "peer description" lid P <width>x<speed> (e.g. 4xQDR)');
    const width = Number(c[5]);
    if (!IB_WIDTHS.includes(width)) fail(n, `a link width must be one of ${IB_WIDTHS.map((w) => `${w}x`).join(', ')}, got ${c[5]}x`);
    const speed = c[6]!;
    if (!Object.hasOwn(IB_SPEEDS, speed)) fail(n, `a speed code must be one of ${Object.keys(IB_SPEEDS).join(', ')}, got ${speed}`);
    let ownLid: number | undefined;
    if (current.kind !== 'switch') {
      if (c[1] === undefined) fail(n, 'a CA or router port line must give its own "lid L lmc M" after the #');
      ownLid = lid(n, c[1]!);
      if (ownLid === 0) log.add('LID 0', file, n, `port ${port} of "${current.id}" has LID 0 (not assigned); imported, routes are computed without LIDs`);
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
  if (nodes.length === 0) fail(0, 'an ibnetdiscover file must describe at least one node (an empty or truncated file, or not ibnetdiscover output?)');
  const links = pairEnds(byId, ends, order, file, log);
  return { format: 'topology', nodes, links, warnings: log.list() };
}
