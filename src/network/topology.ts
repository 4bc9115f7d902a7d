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
import { InvalidParameterError } from '../core/errors.js';
import { knownKeys, plainObject } from '../core/guards.js';
import { checkVirtualLanes, completeForwarding, namedTables } from './routing/forwardingTables.js';

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

/**
 * A validated topology: every default filled in and every switch's forwarding table complete. Only
 * {@link validateFabricTopology} makes one; every entry that takes a topology accepts it as it is
 * (it is recognised and not checked again) — treat it as read-only.
 */
export interface FabricTopology {
  readonly switches: readonly FabricSwitchSpec[];
  readonly hosts: readonly FabricHostSpec[];
  readonly links: readonly ResolvedFabricLink[];
  /**
   * The forwarding tables, as the simulator reads them: the output port number of switch s towards
   * host h at [s·H + h] (s, h: indices in `switches`, `hosts`; H = hosts.length), for every switch
   * and every host.
   */
  readonly forwardingPorts: Int32Array;
  /**
   * The same tables keyed by names, forwarding[switch][host] = output port: a read-only view of
   * {@link forwardingPorts} built on first read (null-prototype records; a k = 32 fat-tree has
   * 10.5 M entries, so the library's own readers use `forwardingPorts`).
   */
  readonly forwarding: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** The given VL offsets (see {@link FabricTopologySpec.virtualLanes}); absent when none were given. */
  readonly virtualLanes?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Default link data rate, Gb/s (InfiniBand 1x SDR; docs/models.md §11). */
export const FABRIC_DEFAULT_RATE_GBPS = 2.5;
/** Default propagation delay, ns. */
export const FABRIC_DEFAULT_DELAY_NS = 10;

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The topologies {@link validateFabricTopology} returned: passed through as they are (issue 23). */
const validated = new WeakSet<object>();

/** Whether `value` is a topology {@link validateFabricTopology} returned. */
export function isFabricTopology(value: unknown): value is FabricTopology {
  return typeof value === 'object' && value !== null && validated.has(value);
}

/** Bytes per second of a link of `gbps` Gb/s of data. */
export function linkBytesPerSecond(gbps: number): number {
  return (gbps * 1e9) / 8;
}

/**
 * The fastest link the fabric takes, Gb/s: 1 Pb/s, far above any InfiniBand link (XDR 4x: 800 Gb/s).
 * Why a bound at all: a packet's transmission time must stay far above the resolution of the
 * simulated clock (a double in seconds), or the clock stops advancing and a run never ends — at
 * 1e299 Gb/s a 2 KB packet takes 1.6e-305 s, and `now + 1.6e-305 === now` (issue 23: the rate
 * 1e308 overflowed bytes/s, 1e299 hung). At 1e6 Gb/s the smallest packet (64 bytes) takes 5e-13 s,
 * 2 000 ulps of the clock at 1 s simulated.
 */
export const MAX_LINK_GBPS = 1e6;

/**
 * Checks a link data rate in Gb/s: a number in (0, {@link MAX_LINK_GBPS}] (so its rate in bytes/s,
 * from which the fabric derives every packet, credit and flow rate, is finite and a packet's
 * transmission time is resolvable on the clock).
 *
 * @throws InvalidParameterError naming `field`.
 */
export function linkRateGbps(field: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || !(value <= MAX_LINK_GBPS)) {
    bad(field, `a number > 0 and at most ${MAX_LINK_GBPS} (Gb/s; 1 Pb/s: faster links take no resolvable time on the simulated clock)`, value);
  }
  return value;
}

/** A link end as a validated topology holds it: { node, port }. */
function resolvedEnd(end: unknown): end is FabricPortRef {
  if (typeof end !== 'object' || end === null) return false;
  const e = end as Record<string, unknown>;
  return Object.keys(e).length === 2 && typeof e.node === 'string' && typeof e.port === 'number';
}

function bad(field: string, rule: string, value: unknown): never {
  throw new InvalidParameterError(field, rule, value);
}

/**
 * Validates a topology and fills in defaults and missing forwarding tables (shortest paths; among
 * the c equal-cost output ports of a switch at distance d from the destination's switch, the one at
 * index ⌊hostIndex / c^(e − d)⌋ mod c is taken, e being the largest distance to that switch: the
 * d-mod-k spreading that balances fat-trees).
 *
 * Checks: names unique across switches and hosts and matching `[A-Za-z_][A-Za-z0-9_.-]*`; port numbers
 * within 1..ports; no port used twice; every host attached; no host–host link; rates and delays
 * finite and > 0 (delay ≥ 0; a rate's bytes/s finite too); the network connected; given forwarding
 * entries name existing ports that carry a link, and following them from any switch reaches every
 * host without a loop. A topology this function returned is returned as it is (not checked again).
 *
 * Cost: O(hosts · links) (forwardingTables.ts); the result holds the tables as one Int32Array.
 *
 * @throws InvalidParameterError naming the field, e.g. `links[2].b`, `forwarding.A.Bc`.
 */
export function validateFabricTopology(topology: unknown): FabricTopology {
  if (isFabricTopology(topology)) return topology;
  const spec = plainObject('topology', topology);
  // A copy of a validated topology (e.g. spread with other tables) is checked again as it stands:
  // its resolved link ends are read as "node:port" and its forwardingPorts recomputed from `forwarding`.
  knownKeys('topology', spec, ['switches', 'hosts', 'links', 'forwarding', 'virtualLanes', 'forwardingPorts']);
  if (spec.forwardingPorts !== undefined && !(spec.forwardingPorts instanceof Int32Array)) {
    bad('topology.forwardingPorts', 'absent (the tables are given as forwarding; a validated topology has it as an Int32Array)', spec.forwardingPorts);
  }
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
  const parseEnd = (field: string, end: unknown): FabricPortRef => {
    const v = resolvedEnd(end) ? `${end.node}:${end.port}` : end;
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
    const rateGbps = linkRateGbps(`${f}.rateGbps`, l.rateGbps ?? FABRIC_DEFAULT_RATE_GBPS);
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

  const forwardingPorts = completeForwarding(spec.forwarding, switches, hosts, neighbour, hostSwitch);
  const virtualLanes = spec.virtualLanes === undefined ? undefined : checkVirtualLanes(spec.virtualLanes, spec.forwarding, neighbour, new Set(hosts.map((h) => h.name)));
  const named = namedTables(switches, hosts, forwardingPorts);
  const result: FabricTopology = {
    switches,
    hosts,
    links,
    forwardingPorts,
    get forwarding() {
      return named();
    },
    ...(virtualLanes === undefined ? {} : { virtualLanes }),
  };
  for (const list of [switches, hosts, links]) {
    for (const item of list) Object.freeze(item);
    Object.freeze(list);
  }
  for (const l of links) {
    Object.freeze(l.a);
    Object.freeze(l.b);
  }
  Object.freeze(result);
  validated.add(result);
  return result;
}
