/**
 * A cluster from its own tools' text: the `ibnetdiscover` topology, optionally the linear forwarding
 * tables (`ibroute`/`dump_lfts.sh`, OpenSM's LFT dump) and OpenSM's QoS options, turned into the
 * fabric's JSON: a {@link FabricTopologySpec} whose forwarding tables are the LFTs as given (each
 * host's base LID looked up in each switch's table: no route is computed), and the SL→VL and VL
 * arbitration tables the `fabric` scenario takes.
 *
 * Without LFTs the routes are computed as the subnet manager would compute them, by the routing
 * engines of ../routing/engines.ts (`routingEngine`, OpenSM's `routing_engine`: default minhop), and
 * written into the topology as its forwarding tables, so the scenario file runs the routes it names.
 *
 * What the importers forgave comes back as `warnings` (file, line, message): the parsers' (captured
 * text, byte-order mark, CRLF, loopback cables, LID 0, ends that disagree, GUIDs given twice) and
 * this file's: two host ports with one LID (refused with LFTs, whose entries are keyed by LID) and a
 * fabric of fewer than two hosts (nothing to simulate).
 *
 * Naming: a node is named by its NodeDescription made into a fabric name (characters other than
 * `A-Za-z0-9_.-` become `_`) when that name is unique in the file, else by its ibnetdiscover id
 * (`S-0002c90000000001`); a CA with more than one connected port gives one host per port,
 * `<name>_p<port>`.
 */
import { appendAll, maxOf } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';
import type { VlArbiterConfig } from '../qos/arbitrationTable.js';
import type { FabricLinkSpec, FabricSwitchSpec, FabricTopologySpec } from '../topology.js';
import { validateFabricTopology } from '../topology.js';
import { routeFabric, type RoutedFabric, type RoutingEngine } from '../routing/engines.js';
import { ClusterFormatError, type ImportWarning } from './importError.js';
import { parseIbnetdiscover, type IbnetDiscovery, type IbnetNode } from './ibnetdiscover.js';
import { parseLfts } from './lfts.js';
import { readOpenSmQos, type PortQos } from './opensmQos.js';
import { recordParameter } from '../../core/shapes.js';

/** The texts to import and the names to give them in messages. */
export interface ClusterSources {
  readonly ibnetdiscover: string;
  readonly lfts?: string;
  readonly qos?: string;
  /** Routing engines to try in order when no LFTs are given (OpenSM's routing_engine; default ['minhop']). */
  readonly routingEngine?: readonly RoutingEngine[];
  /** File names for messages (defaults 'ibnetdiscover', 'lfts', 'qos'). */
  readonly files?: { readonly ibnetdiscover?: string; readonly lfts?: string; readonly qos?: string };
}

/** A host LID that a switch's table has no entry for. */
export interface MissingRoute {
  readonly switch: string;
  readonly guid: string;
  readonly lid: number;
  readonly host: string;
  /** The line of the switch's table header in the LFT dump (0 when the switch has no table). */
  readonly line: number;
}

/** The fabric options the QoS file gives (fabric scenario params). */
export interface ImportedQos {
  readonly vls: number;
  readonly slToVl: readonly number[];
  /** Switch external ports (`qos_swe_`). */
  readonly arbitration: VlArbiterConfig;
  /** CA ports (`qos_ca_`). */
  readonly hostArbitration: VlArbiterConfig;
  /** Switch ports cabled to a switch (`qos_sw2sw_`), when the file configures them apart from `qos_swe_`. */
  readonly interSwitchArbitration?: VlArbiterConfig;
}

/** What {@link importCluster} returns. */
export interface ImportedCluster {
  readonly topology: FabricTopologySpec;
  /** Node name → LID (a host's port LID, a switch's port-0 LID). */
  readonly lids: ReadonlyMap<string, number>;
  /** Node name → node GUID. */
  readonly guids: ReadonlyMap<string, string>;
  /** Host LIDs a switch has no LFT entry for (empty without LFTs). */
  readonly missingRoutes: readonly MissingRoute[];
  readonly qos: ImportedQos | undefined;
  /** What the import had to approximate, one sentence each. */
  readonly notes: readonly string[];
  /** What the importers forgave, each naming its file and line. */
  readonly warnings: readonly ImportWarning[];
  /** Where the routes come from: the LFT dump, or the engine that computed them (and the engines of the chain that failed). */
  readonly routing: { readonly source: 'lfts' } | { readonly source: 'engine'; readonly engine: RoutingEngine; readonly failed: RoutedFabric['failed'] };
  /** The ibnetdiscover format read: the topology file or the `-p` ports report. */
  readonly format: 'topology' | 'ports';
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function fabricName(description: string): string {
  const s = description.trim().replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '');
  return NAME.test(s) ? s : `_${s}`;
}

/**
 * Imports a cluster (see the module comment).
 *
 * @throws ClusterFormatError naming the file, the line and the rule: any error of the three parsers,
 *   a router (not simulated), an LFT of a switch the ibnetdiscover file does not have, an LFT entry
 *   for a LID that no port has, a host's entry that names port 0, a port beyond the switch or a
 *   port without a link.
 */
export function importCluster(sources: ClusterSources): ImportedCluster {
  recordParameter('sources', sources);
  const files = { ibnetdiscover: 'ibnetdiscover', lfts: 'lfts', qos: 'qos', ...sources.files };
  const discovery = parseIbnetdiscover(sources.ibnetdiscover, files.ibnetdiscover);
  const warnings: ImportWarning[] = [...discovery.warnings];
  const built = topologyOf(discovery, files.ibnetdiscover);
  const notes: string[] = [];
  let missingRoutes: MissingRoute[] = [];
  let topology: FabricTopologySpec = built.topology;
  let routing: ImportedCluster['routing'];
  const shared = sharedLids(built.hosts, files.ibnetdiscover);
  if (built.hosts.length < 2) {
    warnings.push({ file: files.ibnetdiscover, line: 0, message: `the fabric has ${built.hosts.length} host${built.hosts.length === 1 ? '' : 's'} with a link: no host-to-host traffic to simulate (the scenario gets no flows)` });
  }
  if (sources.lfts !== undefined) {
    if (shared.length > 0) throw new ClusterFormatError('ibnetdiscover', files.ibnetdiscover, shared[0]!.line, `with LFTs every host port needs a LID of its own (the tables are keyed by LID): ${shared[0]!.message}`);
    const routed = applyLfts(built, sources.lfts, files.lfts, files.ibnetdiscover);
    missingRoutes = routed.missing;
    topology = { ...topology, forwarding: routed.forwarding };
    checkRoutesAgainstLfts(topology, routed.lines, built, files.lfts);
    routing = { source: 'lfts' };
    if (routed.lmcUnused) notes.push('ports with LMC > 0 have several LIDs; the simulation forwards by each host\'s base LID only');
  } else {
    appendAll(warnings, shared);
    const routed = routeFabric(validateFabricTopology(topology), sources.routingEngine ?? ['minhop']);
    topology = { ...topology, forwarding: routed.forwarding };
    routing = { source: 'engine', engine: routed.engine, failed: routed.failed };
    for (const f of routed.failed) notes.push(`routing engine ${f.engine} failed (${f.reason}); the next engine routed the fabric`);
  }
  const qos = sources.qos === undefined ? undefined : qosOf(sources.qos, files.qos, notes, warnings);
  return { topology, lids: built.lids, guids: built.guids, missingRoutes, qos, notes, warnings, routing, format: discovery.format };
}

/**
 * Follows the LFTs from every switch to every host (validateFabricTopology) and reports a route that
 * loops or leads astray at the LFT line of the entry where it goes wrong, not as a JSON field.
 */
function checkRoutesAgainstLfts(topology: FabricTopologySpec, lines: ReadonlyMap<string, number>, built: BuiltTopology, file: string): void {
  if (built.hosts.length === 0) return;
  try {
    validateFabricTopology(topology);
  } catch (e) {
    const m = e instanceof InvalidParameterError ? /^forwarding\.(.+)\.([^.]+)$/.exec(e.parameter) : null;
    if (m === null) throw e;
    const [, sw, host] = m;
    const lid = built.hosts.find((h) => h.name === host)?.lid;
    const err = e as InvalidParameterError;
    throw new ClusterFormatError('lfts', file, lines.get(`${sw}\u0000${host}`) ?? 0, `switch "${sw}"'s entry for LID ${lid} (host "${host}") must be ${err.rule}, got port ${JSON.stringify(err.value)}`);
  }
}

/** Two host ports with one (assigned) LID, as warnings naming the second port's line. */
function sharedLids(hosts: readonly { name: string; lid: number; line: number }[], file: string): ImportWarning[] {
  const first = new Map<number, { name: string; line: number }>();
  const out: ImportWarning[] = [];
  for (const h of hosts) {
    if (h.lid === 0) continue;
    const prior = first.get(h.lid);
    if (prior === undefined) first.set(h.lid, h);
    else out.push({ file, line: h.line, message: `host "${h.name}" has LID ${h.lid}, as host "${prior.name}" at line ${prior.line} (a LID given twice); imported, as routes are computed by name` });
  }
  return out;
}

interface BuiltTopology {
  readonly topology: FabricTopologySpec;
  readonly lids: Map<string, number>;
  readonly guids: Map<string, string>;
  /** Switch name by GUID, with its node. */
  readonly switchByGuid: Map<string, { name: string; node: IbnetNode }>;
  /** Hosts in order with their LID range and the line of their port. */
  readonly hosts: { name: string; lid: number; lmc: number; line: number }[];
  /** GUIDs that two switches carry → which (an LFT dump keyed by such a GUID is ambiguous). */
  readonly ambiguous: Map<string, string>;
  /** Switch name → port → linked. */
  readonly linked: Map<string, Set<number>>;
}

function topologyOf(discovery: IbnetDiscovery, file: string): BuiltTopology {
  const router = discovery.nodes.find((n) => n.kind === 'router');
  if (router !== undefined) throw new ClusterFormatError('ibnetdiscover', file, router.line, `a node must be a Switch or a Ca: routers ("${router.id}") are not simulated`);
  const counts = new Map<string, number>();
  for (const n of discovery.nodes) counts.set(fabricName(n.description), (counts.get(fabricName(n.description)) ?? 0) + 1);
  const names = new Map<IbnetNode, string>();
  const taken = new Set<string>();
  for (const n of discovery.nodes) {
    const byDesc = fabricName(n.description);
    let name = counts.get(byDesc) === 1 ? byDesc : fabricName(n.id);
    if (taken.has(name)) name = `${name}_${n.guid}`;
    taken.add(name);
    names.set(n, name);
  }
  const caPorts = new Map<IbnetNode, number>();
  for (const l of discovery.links) {
    for (const end of [l.a, l.b]) if (end.node.kind === 'ca') caPorts.set(end.node, (caPorts.get(end.node) ?? 0) + 1);
  }
  const switches: FabricSwitchSpec[] = [];
  const lids = new Map<string, number>();
  const guids = new Map<string, string>();
  const switchByGuid = new Map<string, { name: string; node: IbnetNode }>();
  const ambiguous = new Map<string, string>();
  const linked = new Map<string, Set<number>>();
  for (const n of discovery.nodes) {
    if (n.kind !== 'switch') continue;
    const name = names.get(n)!;
    switches.push({ name, ports: n.ports });
    lids.set(name, n.lid!);
    guids.set(name, n.guid);
    const twin = switchByGuid.get(n.guid);
    if (twin !== undefined) ambiguous.set(n.guid, `switches "${twin.name}" (line ${twin.node.line}) and "${name}" (line ${n.line})`);
    switchByGuid.set(n.guid, { name, node: n });
    linked.set(name, new Set());
  }
  const hostName = (node: IbnetNode, port: number): string => (caPorts.get(node)! > 1 ? `${names.get(node)!}_p${port}` : names.get(node)!);
  // Hosts in the order of the CA blocks, ports in port order.
  const hostEnds = discovery.links
    .flatMap((l) => [l.a, l.b])
    .filter((e) => e.node.kind === 'ca')
    .sort((x, y) => x.node.line - y.node.line || x.port - y.port);
  const hosts = hostEnds.map((e) => {
    const name = hostName(e.node, e.port);
    lids.set(name, e.lid!);
    guids.set(name, e.node.guid);
    return { name, lid: e.lid!, lmc: e.lmc, line: e.line };
  });
  const links: FabricLinkSpec[] = discovery.links.map((l) => {
    const end = (e: typeof l.a): string => {
      if (e.node.kind === 'ca') return hostName(e.node, e.port);
      linked.get(names.get(e.node)!)!.add(e.port);
      return `${names.get(e.node)!}:${e.port}`;
    };
    return { a: end(l.a), b: end(l.b), rateGbps: l.rateGbps };
  });
  return { topology: { switches, hosts: hosts.map((h) => ({ name: h.name })), links }, lids, guids, switchByGuid, ambiguous, hosts, linked };
}

function applyLfts(
  built: BuiltTopology,
  text: string,
  file: string,
  ibnetFile: string,
): { forwarding: Record<string, Record<string, number>>; missing: MissingRoute[]; lmcUnused: boolean; lines: Map<string, number> } {
  const tables = parseLfts(text, file);
  const fail: (line: number, rule: string) => never = (line, rule) => {
    throw new ClusterFormatError('lfts', file, line, rule);
  };
  // Which LIDs some port has: host ranges (LMC) and switch port-0 LIDs.
  const owner = new Map<number, string>();
  let lmcUnused = false;
  for (const h of built.hosts) {
    if (h.lid === 0) throw new ClusterFormatError('ibnetdiscover', ibnetFile, h.line, `with LFTs every host port needs a LID (the tables are keyed by LID): host "${h.name}" has LID 0 (not assigned)`);
    for (let k = 0; k < 2 ** h.lmc; k++) owner.set(h.lid + k, h.name);
    if (h.lmc > 0) lmcUnused = true;
  }
  for (const { name, node } of built.switchByGuid.values()) if (node.lid! > 0) owner.set(node.lid!, name);
  for (const t of tables.values()) {
    const sw = built.switchByGuid.get(t.guid);
    if (sw === undefined) return fail(t.line, `a table must belong to a switch of the ibnetdiscover file: guid 0x${t.guid} is not one`);
    const two = built.ambiguous.get(t.guid);
    if (two !== undefined) fail(t.line, `a table's GUID must name one switch: 0x${t.guid} is the GUID of ${two}`);
    for (const [lid, e] of t.entries) {
      if (!owner.has(lid)) fail(e.line, `a LID must belong to a port of the ibnetdiscover file: no port has LID ${lid} (0x${lid.toString(16).padStart(4, '0')})`);
      if (e.port > sw.node.ports) fail(e.line, `an output port must be in 0..${sw.node.ports} for switch "${sw.name}", got ${e.port}`);
    }
  }
  const forwarding: Record<string, Record<string, number>> = Object.create(null) as Record<string, Record<string, number>>;
  const missing: MissingRoute[] = [];
  const lines = new Map<string, number>();
  for (const [guid, { name }] of built.switchByGuid) {
    const row: Record<string, number> = Object.create(null) as Record<string, number>;
    const table = tables.get(guid);
    for (const h of built.hosts) {
      const e = table?.entries.get(h.lid);
      if (e === undefined) {
        missing.push({ switch: name, guid, lid: h.lid, host: h.name, line: table?.line ?? 0 });
        continue;
      }
      if (e.port === 0) fail(e.line, `a host's LID must leave switch "${name}" by a port 1..${built.switchByGuid.get(guid)!.node.ports}, not port 0 (the switch itself): LID ${h.lid} is host "${h.name}"`);
      if (!built.linked.get(name)!.has(e.port)) fail(e.line, `an output port must carry a link: port ${e.port} of switch "${name}" has none (LID ${h.lid}, host "${h.name}")`);
      row[h.name] = e.port;
      lines.set(`${name}\u0000${h.name}`, e.line);
    }
    forwarding[name] = row;
  }
  return { forwarding, missing, lmcUnused, lines };
}

function arbitrationOf(p: PortQos): VlArbiterConfig {
  const trim = (entries: readonly { vl: number; weight: number }[]) => {
    let last = entries.length - 1;
    while (last >= 0 && entries[last]!.weight === 0) last--;
    return entries.slice(0, last + 1).map((e) => ({ vl: e.vl, weight: e.weight }));
  };
  return { high: trim(p.high), low: trim(p.low), limitOfHighPriority: p.limitOfHighPriority };
}

function qosOf(text: string, file: string, notes: string[], warnings: ImportWarning[]): ImportedQos {
  const q = readOpenSmQos(text, file);
  appendAll(warnings, q.warnings);
  const ca = q.ports.ca;
  const swe = q.ports.swe;
  if (q.enabled === false) notes.push(`${file} sets qos FALSE: OpenSM does not program these tables then; they are imported as written`);
  if (ca.slToVl.some((vl, sl) => vl !== swe.slToVl[sl])) {
    notes.push('the switches\' SL→VL (qos_swe_sl2vl) differs from the CAs\' (qos_ca_sl2vl); the fabric keeps a packet on one VL, the one its CA\'s table gives');
  }
  const dropped = ca.slToVl.flatMap((vl, sl) => (vl === 15 ? [sl] : []));
  const used = ca.slToVl.filter((vl) => vl !== 15);
  const vls = maxOf([1, ...used.map((vl) => vl + 1)]);
  if (vls > Math.min(ca.maxVls, swe.maxVls)) {
    const line = q.lines.get('qos_ca_sl2vl') ?? q.lines.get('qos_sl2vl') ?? 0;
    throw new ClusterFormatError('qos', file, line, `an SL→VL table must use VLs below max_vls (${Math.min(ca.maxVls, swe.maxVls)}), got VL ${vls - 1}`);
  }
  if (dropped.length > 0) notes.push(`SL ${dropped.join(', ')} map to VL 15 (dropped by the cluster); the simulation maps them to VL 0, so flows must not use them`);
  const sw2sw = [...q.lines.keys()].some((k) => k.startsWith('qos_sw2sw_'));
  if (sw2sw && q.ports.sw2sw.slToVl.some((vl, sl) => vl !== ca.slToVl[sl])) {
    notes.push("the inter-switch ports' SL→VL (qos_sw2sw_sl2vl) differs from the CAs'; the fabric keeps a packet on one VL, the one its CA's table gives");
  }
  return {
    vls,
    slToVl: ca.slToVl.map((vl) => (vl === 15 ? 0 : vl)),
    arbitration: arbitrationOf(swe),
    hostArbitration: arbitrationOf(ca),
    ...(sw2sw ? { interSwitchArbitration: arbitrationOf(q.ports.sw2sw) } : {}),
  };
}
