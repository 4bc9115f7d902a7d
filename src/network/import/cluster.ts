/**
 * A cluster from its own tools' text: the `ibnetdiscover` topology, optionally the linear forwarding
 * tables (`ibroute`/`dump_lfts.sh`, OpenSM's LFT dump) and OpenSM's QoS options, turned into the
 * fabric's JSON: a {@link FabricTopologySpec} whose forwarding tables are the LFTs as given (each
 * host's base LID looked up in each switch's table: no route is computed), and the SL→VL and VL
 * arbitration tables the `fabric` scenario takes.
 *
 * Naming: a node is named by its NodeDescription made into a fabric name (characters other than
 * `A-Za-z0-9_.-` become `_`) when that name is unique in the file, else by its ibnetdiscover id
 * (`S-0002c90000000001`); a CA with more than one connected port gives one host per port,
 * `<name>_p<port>`.
 */
import { maxOf } from '../../core/arrays.js';
import type { VlArbiterConfig } from '../qos/arbitrationTable.js';
import type { FabricLinkSpec, FabricSwitchSpec, FabricTopologySpec } from '../topology.js';
import { ClusterFormatError } from './importError.js';
import { parseIbnetdiscover, type IbnetDiscovery, type IbnetNode } from './ibnetdiscover.js';
import { parseLfts } from './lfts.js';
import { readOpenSmQos, type PortQos } from './opensmQos.js';

/** The texts to import and the names to give them in messages. */
export interface ClusterSources {
  readonly ibnetdiscover: string;
  readonly lfts?: string;
  readonly qos?: string;
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
  const files = { ibnetdiscover: 'ibnetdiscover', lfts: 'lfts', qos: 'qos', ...sources.files };
  const discovery = parseIbnetdiscover(sources.ibnetdiscover, files.ibnetdiscover);
  const built = topologyOf(discovery, files.ibnetdiscover);
  const notes: string[] = [];
  let missingRoutes: MissingRoute[] = [];
  let topology: FabricTopologySpec = built.topology;
  if (sources.lfts !== undefined) {
    const routed = applyLfts(built, sources.lfts, files.lfts);
    missingRoutes = routed.missing;
    topology = { ...topology, forwarding: routed.forwarding };
    if (routed.lmcUnused) notes.push('ports with LMC > 0 have several LIDs; the simulation forwards by each host\'s base LID only');
  }
  const qos = sources.qos === undefined ? undefined : qosOf(sources.qos, files.qos, notes);
  return { topology, lids: built.lids, guids: built.guids, missingRoutes, qos, notes };
}

interface BuiltTopology {
  readonly topology: FabricTopologySpec;
  readonly lids: Map<string, number>;
  readonly guids: Map<string, string>;
  /** Switch name by GUID, with its node. */
  readonly switchByGuid: Map<string, { name: string; node: IbnetNode }>;
  /** Hosts in order with their LID range. */
  readonly hosts: { name: string; lid: number; lmc: number }[];
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
  const linked = new Map<string, Set<number>>();
  for (const n of discovery.nodes) {
    if (n.kind !== 'switch') continue;
    const name = names.get(n)!;
    switches.push({ name, ports: n.ports });
    lids.set(name, n.lid!);
    guids.set(name, n.guid);
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
    return { name, lid: e.lid!, lmc: e.lmc };
  });
  const links: FabricLinkSpec[] = discovery.links.map((l) => {
    const end = (e: typeof l.a): string => {
      if (e.node.kind === 'ca') return hostName(e.node, e.port);
      linked.get(names.get(e.node)!)!.add(e.port);
      return `${names.get(e.node)!}:${e.port}`;
    };
    return { a: end(l.a), b: end(l.b), rateGbps: l.rateGbps };
  });
  return { topology: { switches, hosts: hosts.map((h) => ({ name: h.name })), links }, lids, guids, switchByGuid, hosts, linked };
}

function applyLfts(
  built: BuiltTopology,
  text: string,
  file: string,
): { forwarding: Record<string, Record<string, number>>; missing: MissingRoute[]; lmcUnused: boolean } {
  const tables = parseLfts(text, file);
  const fail: (line: number, rule: string) => never = (line, rule) => {
    throw new ClusterFormatError('lfts', file, line, rule);
  };
  // Which LIDs some port has: host ranges (LMC) and switch port-0 LIDs.
  const owner = new Map<number, string>();
  let lmcUnused = false;
  for (const h of built.hosts) {
    for (let k = 0; k < 2 ** h.lmc; k++) owner.set(h.lid + k, h.name);
    if (h.lmc > 0) lmcUnused = true;
  }
  for (const { name, node } of built.switchByGuid.values()) owner.set(node.lid!, name);
  for (const t of tables.values()) {
    const sw = built.switchByGuid.get(t.guid);
    if (sw === undefined) fail(t.line, `a table must belong to a switch of the ibnetdiscover file: guid 0x${t.guid} is not one`);
    for (const [lid, e] of t.entries) {
      if (!owner.has(lid)) fail(e.line, `a LID must belong to a port of the ibnetdiscover file: no port has LID ${lid} (0x${lid.toString(16).padStart(4, '0')})`);
      if (e.port > sw.node.ports) fail(e.line, `an output port must be in 0..${sw.node.ports} for switch "${sw.name}", got ${e.port}`);
    }
  }
  const forwarding: Record<string, Record<string, number>> = Object.create(null) as Record<string, Record<string, number>>;
  const missing: MissingRoute[] = [];
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
    }
    forwarding[name] = row;
  }
  return { forwarding, missing, lmcUnused };
}

function arbitrationOf(p: PortQos): VlArbiterConfig {
  const trim = (entries: readonly { vl: number; weight: number }[]) => {
    let last = entries.length - 1;
    while (last >= 0 && entries[last]!.weight === 0) last--;
    return entries.slice(0, last + 1).map((e) => ({ vl: e.vl, weight: e.weight }));
  };
  return { high: trim(p.high), low: trim(p.low), limitOfHighPriority: p.limitOfHighPriority };
}

function qosOf(text: string, file: string, notes: string[]): ImportedQos {
  const q = readOpenSmQos(text, file);
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
  return {
    vls,
    slToVl: ca.slToVl.map((vl) => (vl === 15 ? 0 : vl)),
    arbitration: arbitrationOf(swe),
    hostArbitration: arbitrationOf(ca),
  };
}
