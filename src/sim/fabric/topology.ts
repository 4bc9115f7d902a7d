/**
 * Fabric topologies as plain JSON: switches, hosts (channel adapters), links and optional forwarding
 * tables, validated in one place ({@link validateFabricTopology}) with errors naming the offending field.
 *
 * Units (one system for the whole fabric): link rates in Gb/s of data (`rateGbps`), propagation delays
 * in nanoseconds (`delayNs`), buffer sizes in bytes. Ports are numbered from 1 (InfiniBand reserves
 * switch port 0 for management); a host has exactly one port, port 1.
 *
 * @example
 * const topo = validateFabricTopology({
 *   switches: [{ name: 'S', ports: 2 }],
 *   hosts: [{ name: 'h0' }, { name: 'h1' }],
 *   links: [{ a: 'h0', b: 'S:1' }, { a: 'h1', b: 'S:2' }],
 * });
 * topo.links[0].rateGbps; // → 2.5
 */
import { maxOf } from '../../core/arrays.js';
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';

/** A switch: a name and a number of ports (1..254). */
export interface FabricSwitchSpec {
  readonly name: string;
  readonly ports: number;
}

/** A host channel adapter: one port, port 1. */
export interface FabricHostSpec {
  readonly name: string;
}

/**
 * A full-duplex point-to-point link between two ports, written `"node:port"` (a host may be written
 * by its name alone). Both directions have the same rate and delay.
 */
export interface FabricLinkSpec {
  readonly a: string;
  readonly b: string;
  /** Data rate in Gb/s (default 2.5, 1x SDR). */
  readonly rateGbps?: number;
  /** Propagation delay in ns (default 10, about 2 m of cable). */
  readonly delayNs?: number;
  /**
   * How long a packet occupies the link: `deterministic` (size / rate, the hardware) or `exponential`
   * (an exponential time with mean size / rate, drawn per packet: a modelling device that makes a
   * fabric reduce to the Markov models of docs/models.md §3 and §6). Default `deterministic`.
   */
  readonly service?: 'deterministic' | 'exponential';
}

/** A topology as written in JSON. `forwarding[switch][host] = output port`; computed when absent. */
export interface FabricTopologySpec {
  readonly switches: readonly FabricSwitchSpec[];
  readonly hosts: readonly FabricHostSpec[];
  readonly links: readonly FabricLinkSpec[];
  readonly forwarding?: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /**
   * `virtualLanes[switch][host]` = the VL offset (integer 0..14) of the hop that switch's forwarding
   * entry for that host takes: the packet leaves on VL (its SL's VL + offset). Absent entries are 0.
   * Used for dateline VLs on a torus ({@link meshTopology} `datelines`). Only with given forwarding
   * tables for the same entries (an offset means nothing on a computed route).
   */
  readonly virtualLanes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** One end of a link after validation. */
export interface FabricPortRef {
  readonly node: string;
  readonly port: number;
}

/** A validated link: ends resolved, defaults filled in. */
export interface ResolvedFabricLink {
  readonly a: FabricPortRef;
  readonly b: FabricPortRef;
  readonly rateGbps: number;
  readonly delayNs: number;
  readonly service: 'deterministic' | 'exponential';
}

/** A validated topology: every default filled in and every switch's forwarding table complete. */
export interface FabricTopology {
  readonly switches: readonly FabricSwitchSpec[];
  readonly hosts: readonly FabricHostSpec[];
  readonly links: readonly ResolvedFabricLink[];
  /** forwarding[switch][host] = output port number, for every switch and every host. */
  readonly forwarding: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** The given VL offsets (see {@link FabricTopologySpec.virtualLanes}); absent when none were given. */
  readonly virtualLanes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Default link data rate, Gb/s (InfiniBand 1x SDR; docs/models.md §11). */
export const FABRIC_DEFAULT_RATE_GBPS = 2.5;
/** Default propagation delay, ns. */
export const FABRIC_DEFAULT_DELAY_NS = 10;

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

function bad(field: string, rule: string, value: unknown): never {
  throw new InvalidParameterError(field, rule, value);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Validates a topology and fills in defaults and missing forwarding tables (shortest paths; among
 * the c equal-cost output ports of a switch at distance d from the destination's switch, the one at
 * index ⌊hostIndex / c^(e − d)⌋ mod c is taken, e being the largest distance to that switch: the
 * d-mod-k spreading that balances fat-trees).
 *
 * Checks: names unique across switches and hosts and matching `[A-Za-z_][A-Za-z0-9_.-]*`; port numbers
 * within 1..ports; no port used twice; every host attached; no host–host link; rates and delays
 * finite and > 0 (delay ≥ 0); the network connected; given forwarding entries name existing ports
 * that carry a link, and following them from any switch reaches every host without a loop.
 *
 * @throws InvalidParameterError naming the field, e.g. `links[2].b`, `forwarding.A.Bc`.
 */
export function validateFabricTopology(topology: unknown): FabricTopology {
  const spec = plainObject('topology', topology);
  knownKeys('topology', spec, ['switches', 'hosts', 'links', 'forwarding', 'virtualLanes']);
  const nodes = new Map<string, { kind: 'switch' | 'host'; ports: number }>();
  const addNode = (field: string, name: unknown, kind: 'switch' | 'host', ports: number): void => {
    if (typeof name !== 'string' || !NAME.test(name)) bad(field, 'a name matching [A-Za-z_][A-Za-z0-9_.-]*', name);
    if (nodes.has(name)) bad(field, 'a name used once across switches and hosts', name);
    nodes.set(name, { kind, ports });
  };
  if (!Array.isArray(spec.switches)) bad('topology.switches', 'an array', spec.switches);
  if (!Array.isArray(spec.hosts) || spec.hosts.length === 0) bad('topology.hosts', 'a non-empty array', spec.hosts);
  if (!Array.isArray(spec.links)) bad('topology.links', 'an array', spec.links);
  const switches: FabricSwitchSpec[] = [];
  spec.switches.forEach((raw: unknown, i: number) => {
    const s = plainObject(`switches[${i}]`, raw);
    knownKeys(`switches[${i}]`, s, ['name', 'ports']);
    const ports = s.ports;
    if (typeof ports !== 'number' || !Number.isInteger(ports) || ports < 1 || ports > 254) {
      bad(`switches[${i}].ports`, 'an integer in 1..254', ports);
    }
    addNode(`switches[${i}].name`, s.name, 'switch', ports);
    switches.push({ name: s.name as string, ports });
  });
  const hosts: FabricHostSpec[] = [];
  spec.hosts.forEach((raw: unknown, i: number) => {
    const h = plainObject(`hosts[${i}]`, raw);
    knownKeys(`hosts[${i}]`, h, ['name']);
    addNode(`hosts[${i}].name`, h.name, 'host', 1);
    hosts.push({ name: h.name as string });
  });

  const used = new Map<string, string>();
  const parseEnd = (field: string, v: unknown): FabricPortRef => {
    if (typeof v !== 'string') bad(field, 'a port written "node:port" (or a host name)', v);
    const colon = v.lastIndexOf(':');
    const node = colon < 0 ? v : v.slice(0, colon);
    const info = nodes.get(node);
    if (info === undefined) bad(field, 'a port of a declared switch or host', v);
    let port = 1;
    if (colon >= 0) {
      const text = v.slice(colon + 1);
      port = /^[0-9]+$/.test(text) ? Number(text) : NaN;
    } else if (info.kind === 'switch') {
      bad(field, 'a switch port written "switch:port"', v);
    }
    if (!(port >= 1 && port <= info.ports)) bad(field, `a port number in 1..${info.ports} for ${node}`, v);
    const key = `${node}:${port}`;
    const prior = used.get(key);
    if (prior !== undefined) bad(field, `a port not already used by ${prior}`, v);
    used.set(key, field);
    return { node, port };
  };

  const links: ResolvedFabricLink[] = [];
  spec.links.forEach((raw: unknown, i: number) => {
    const f = `links[${i}]`;
    const l = plainObject(f, raw);
    knownKeys(f, l, ['a', 'b', 'rateGbps', 'delayNs', 'service']);
    const a = parseEnd(`${f}.a`, l.a);
    const b = parseEnd(`${f}.b`, l.b);
    if (a.node === b.node) bad(`${f}.b`, 'a port of another node than a', l.b);
    if (nodes.get(a.node)!.kind === 'host' && nodes.get(b.node)!.kind === 'host') {
      bad(`${f}.b`, 'a switch port (hosts connect only to switches)', l.b);
    }
    const rateGbps = l.rateGbps ?? FABRIC_DEFAULT_RATE_GBPS;
    if (typeof rateGbps !== 'number' || !Number.isFinite(rateGbps) || !(rateGbps > 0)) {
      bad(`${f}.rateGbps`, 'a finite number > 0 (Gb/s)', rateGbps);
    }
    const delayNs = l.delayNs ?? FABRIC_DEFAULT_DELAY_NS;
    if (typeof delayNs !== 'number' || !Number.isFinite(delayNs) || !(delayNs >= 0)) {
      bad(`${f}.delayNs`, 'a finite number >= 0 (ns)', delayNs);
    }
    const service = l.service ?? 'deterministic';
    if (service !== 'deterministic' && service !== 'exponential') {
      bad(`${f}.service`, "one of 'deterministic', 'exponential'", service);
    }
    links.push({ a, b, rateGbps, delayNs, service });
  });
  hosts.forEach((h, i) => {
    if (!used.has(`${h.name}:1`)) bad(`hosts[${i}]`, 'a host attached to a switch by a link', h.name);
  });

  // Adjacency: for each switch, port -> neighbour node.
  const neighbour = new Map<string, Map<number, string>>();
  for (const s of switches) neighbour.set(s.name, new Map());
  for (const l of links) {
    neighbour.get(l.a.node)?.set(l.a.port, l.b.node);
    neighbour.get(l.b.node)?.set(l.b.port, l.a.node);
  }
  const hostSwitch = new Map<string, string>();
  for (const l of links) {
    if (nodes.get(l.a.node)!.kind === 'host') hostSwitch.set(l.a.node, l.b.node);
    if (nodes.get(l.b.node)!.kind === 'host') hostSwitch.set(l.b.node, l.a.node);
  }
  // Connectivity: BFS over switches from the first host's switch.
  const start = hostSwitch.get(hosts[0]!.name)!;
  const seen = new Set<string>([start]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    for (const n of neighbour.get(s)!.values()) {
      if (nodes.get(n)!.kind === 'switch' && !seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  for (let i = 0; i < switches.length; i++) {
    if (!seen.has(switches[i]!.name)) bad(`switches[${i}]`, 'a switch connected to the rest of the network', switches[i]!.name);
  }

  const forwarding = completeForwarding(spec.forwarding, switches, hosts, neighbour, hostSwitch);
  if (spec.virtualLanes === undefined) return { switches, hosts, links, forwarding };
  return { switches, hosts, links, forwarding, virtualLanes: checkVirtualLanes(spec.virtualLanes, spec.forwarding, neighbour, new Set(hosts.map((h) => h.name))) };
}

function checkVirtualLanes(given: unknown, forwarding: unknown, neighbour: Map<string, Map<number, string>>, hostNames: Set<string>): Record<string, Record<string, number>> {
  if (!isObject(given)) bad('topology.virtualLanes', 'an object keyed by switch name', given);
  const fixed = (isObject(forwarding) ? forwarding : Object.create(null)) as Record<string, Record<string, number> | undefined>;
  const out: Record<string, Record<string, number>> = Object.create(null) as Record<string, Record<string, number>>;
  for (const [sw, entries] of Object.entries(given)) {
    if (!neighbour.has(sw)) bad(`virtualLanes.${sw}`, 'a declared switch name', sw);
    if (!isObject(entries)) bad(`virtualLanes.${sw}`, 'an object keyed by host name', entries);
    const row: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const [host, vl] of Object.entries(entries)) {
      if (!hostNames.has(host)) bad(`virtualLanes.${sw}.${host}`, 'keyed by a declared host name', host);
      if (typeof vl !== 'number' || !Number.isInteger(vl) || vl < 0 || vl > 14) bad(`virtualLanes.${sw}.${host}`, 'an integer VL offset in 0..14', vl);
      if (vl !== 0 && fixed[sw]?.[host] === undefined) bad(`virtualLanes.${sw}.${host}`, 'an offset only on a given forwarding entry (forwarding.' + sw + '.' + host + ')', vl);
      row[host] = vl;
    }
    out[sw] = row;
  }
  return out;
}

function completeForwarding(
  given: unknown,
  switches: readonly FabricSwitchSpec[],
  hosts: readonly FabricHostSpec[],
  neighbour: Map<string, Map<number, string>>,
  hostSwitch: Map<string, string>,
): Record<string, Record<string, number>> {
  if (given !== undefined && !isObject(given)) bad('topology.forwarding', 'an object keyed by switch name', given);
  const hostNames = new Set(hosts.map((h) => h.name));
  if (given !== undefined) {
    for (const [sw, entries] of Object.entries(given)) {
      if (!neighbour.has(sw)) bad(`forwarding.${sw}`, 'a declared switch name', sw);
      if (!isObject(entries)) bad(`forwarding.${sw}`, 'an object keyed by host name', entries);
      for (const [host, port] of Object.entries(entries)) {
        if (!hostNames.has(host)) bad(`forwarding.${sw}.${host}`, 'keyed by a declared host name', host);
        if (typeof port !== 'number' || !neighbour.get(sw)!.has(port)) {
          bad(`forwarding.${sw}.${host}`, `a port of ${sw} that carries a link`, port);
        }
      }
    }
  }
  const given2 = (given ?? {}) as Record<string, Record<string, number>>;
  // Switches by index; each switch's linked ports in port order as parallel arrays (port, neighbour
  // switch index or -1 for a host). Integer arrays and a head-pointer queue: a k = 32 fat-tree
  // (8,192 hosts, 1,280 switches) took minutes with a BFS per host over Maps and queue.shift().
  const index = new Map(switches.map((s, i) => [s.name, i]));
  const portsOf = switches.map((s) => [...neighbour.get(s.name)!.entries()].sort((x, y) => x[0] - y[0]));
  const portNumbers = portsOf.map((ps) => Int32Array.from(ps, ([p]) => p));
  const portTargets = portsOf.map((ps) => Int32Array.from(ps, ([, n]) => index.get(n) ?? -1));
  const count = switches.length;
  const queue = new Int32Array(count);
  // One BFS per switch that has hosts (hosts on one switch share their distances): O(switches + links) each.
  const distancesFrom = new Map<number, { dist: Int32Array; eccentricity: number }>();
  const distances = (root: number) => {
    let found = distancesFrom.get(root);
    if (found !== undefined) return found;
    const dist = new Int32Array(count).fill(-1);
    dist[root] = 0;
    queue[0] = root;
    let head = 0;
    let tail = 1;
    let eccentricity = 0;
    while (head < tail) {
      const s = queue[head++]!;
      const targets = portTargets[s]!;
      for (let k = 0; k < targets.length; k++) {
        const n = targets[k]!;
        if (n >= 0 && dist[n] === -1) {
          dist[n] = dist[s]! + 1;
          if (dist[n]! > eccentricity) eccentricity = dist[n]!;
          queue[tail++] = n;
        }
      }
    }
    found = { dist, eccentricity };
    distancesFrom.set(root, found);
    return found;
  };
  // next[h][s]: the port switch s forwards host h's packets to.
  const next = hosts.map(() => new Int32Array(count));
  const candidates = new Int32Array(maxOf(portNumbers.map((p) => p.length)));
  const givenRows = switches.map((sw) => (Object.hasOwn(given2, sw.name) ? given2[sw.name]! : undefined));
  hosts.forEach((h, hostIndex) => {
    const root = index.get(hostSwitch.get(h.name)!)!;
    const { dist, eccentricity } = distances(root);
    const row = next[hostIndex]!;
    for (let s = 0; s < count; s++) {
      const givenRow = givenRows[s];
      if (givenRow !== undefined && Object.hasOwn(givenRow, h.name)) {
        row[s] = givenRow[h.name]!;
        continue;
      }
      const ports = portNumbers[s]!;
      if (s === root) {
        row[s] = portsOf[s]!.find(([, n]) => n === h.name)![0];
        continue;
      }
      const d = dist[s]!;
      const targets = portTargets[s]!;
      let c = 0;
      for (let k = 0; k < targets.length; k++) if (targets[k]! >= 0 && dist[targets[k]!] === d - 1) candidates[c++] = ports[k]!;
      // Destination-modulo spreading with a different digit of the host index at each distance
      // (d-mod-k on fat-trees): the farthest switches use the lowest digit.
      const digit = Math.floor(hostIndex / c ** Math.max(0, eccentricity - d)) % c;
      row[s] = candidates[digit]!;
    }
  });
  // Computed entries always step one hop closer, so only a given entry can start a loop or lead
  // astray: follow the routes when entries were given.
  if (given !== undefined && Object.keys(given as object).length > 0) {
    const portIndex = portsOf.map((ps) => new Map(ps.map(([p, n]) => [p, n])));
    hosts.forEach((h, hostIndex) => {
      const row = next[hostIndex]!;
      for (let s0 = 0; s0 < count; s0++) {
        let at = s0;
        for (let hops = 0; ; hops++) {
          if (hops > count) bad(`forwarding.${switches[s0]!.name}.${h.name}`, 'a route that reaches the host without a loop', row[s0]);
          const nextNode = portIndex[at]!.get(row[at]!)!;
          if (nextNode === h.name) break;
          const n = index.get(nextNode);
          if (n === undefined) bad(`forwarding.${switches[at]!.name}.${h.name}`, `a port leading towards ${h.name}, not to host ${nextNode}`, row[at]);
          at = n;
        }
      }
    });
  }
  // The tables keyed by user names: null-prototype records, so a switch named `__proto__` is a
  // plain key and cannot reach Object.prototype (issue 23).
  const table = Object.create(null) as Record<string, Record<string, number>>;
  switches.forEach((s, k) => {
    const row = Object.create(null) as Record<string, number>;
    hosts.forEach((h, hostIndex) => {
      row[h.name] = next[hostIndex]![k]!;
    });
    table[s.name] = row;
  });
  return table;
}

/**
 * The route a packet from host `from` to host `to` takes: the list of `"switch:outPort"` hops read
 * off the forwarding tables.
 *
 * @throws InvalidParameterError if either host is unknown.
 * @example fabricRoute(topo, 'h0', 'h1'); // → ['S:2']
 */
export function fabricRoute(topology: FabricTopology, from: string, to: string): string[] {
  const hosts = new Set(topology.hosts.map((h) => h.name));
  if (!hosts.has(from)) bad('from', 'a host of the topology', from);
  if (!hosts.has(to)) bad('to', 'a host of the topology', to);
  const peer = new Map<string, string>();
  for (const l of topology.links) {
    peer.set(`${l.a.node}:${l.a.port}`, l.b.node);
    peer.set(`${l.b.node}:${l.b.port}`, l.a.node);
  }
  const hops: string[] = [];
  let at = peer.get(`${from}:1`)!;
  while (at !== to) {
    const port = topology.forwarding[at]![to]!;
    hops.push(`${at}:${port}`);
    at = peer.get(`${at}:${port}`)!;
  }
  return hops;
}
