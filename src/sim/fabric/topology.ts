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
  while (queue.length > 0) {
    const s = queue.shift()!;
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
  const fixed = (isObject(forwarding) ? forwarding : {}) as Record<string, Record<string, number> | undefined>;
  const out: Record<string, Record<string, number>> = {};
  for (const [sw, entries] of Object.entries(given)) {
    if (!neighbour.has(sw)) bad(`virtualLanes.${sw}`, 'a declared switch name', sw);
    if (!isObject(entries)) bad(`virtualLanes.${sw}`, 'an object keyed by host name', entries);
    const row: Record<string, number> = {};
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
  const table: Record<string, Record<string, number>> = {};
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
  // Each switch's linked ports in port order: [port, neighbour].
  const sortedPorts = new Map(switches.map((s) => [s.name, [...neighbour.get(s.name)!.entries()].sort((x, y) => x[0] - y[0])]));
  // Distances in switch hops from every switch to every host's switch (BFS per host).
  hosts.forEach((h, hostIndex) => {
    const dist = new Map<string, number>();
    const root = hostSwitch.get(h.name)!;
    dist.set(root, 0);
    const queue = [root];
    while (queue.length > 0) {
      const s = queue.shift()!;
      for (const n of neighbour.get(s)!.values()) {
        if (neighbour.has(n) && !dist.has(n)) {
          dist.set(n, dist.get(s)! + 1);
          queue.push(n);
        }
      }
    }
    let eccentricity = 0;
    for (const d of dist.values()) eccentricity = Math.max(eccentricity, d);
    for (const s of switches) {
      const row = (table[s.name] ??= {});
      const fixed = given2[s.name]?.[h.name];
      if (fixed !== undefined) {
        row[h.name] = fixed;
        continue;
      }
      const ports = sortedPorts.get(s.name)!;
      if (s.name === root) {
        row[h.name] = ports.find(([, n]) => n === h.name)![0];
        continue;
      }
      const d = dist.get(s.name)!;
      const candidates = ports.filter(([, n]) => dist.get(n) === d - 1).map(([p]) => p);
      // Destination-modulo spreading with a different digit of the host index at each distance
      // (d-mod-k on fat-trees): the farthest switches use the lowest digit.
      const digit = Math.floor(hostIndex / candidates.length ** Math.max(0, eccentricity - d)) % candidates.length;
      row[h.name] = candidates[digit]!;
    }
  });
  // Follow every route to check that given entries reach the host without a loop.
  for (const s of switches) {
    for (const h of hosts) {
      let at = s.name;
      for (let hops = 0; ; hops++) {
        if (hops > switches.length) bad(`forwarding.${s.name}.${h.name}`, 'a route that reaches the host without a loop', table[s.name]![h.name]);
        const next = neighbour.get(at)!.get(table[at]![h.name]!)!;
        if (next === h.name) break;
        if (!neighbour.has(next)) bad(`forwarding.${at}.${h.name}`, `a port leading towards ${h.name}, not to host ${next}`, table[at]![h.name]);
        at = next;
      }
    }
  }
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
