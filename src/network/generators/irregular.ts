/**
 * Random irregular networks as in Alfaro et al. (Alfaro et al.
 * §4.1): switches of 8 ports, 4 with a host attached, the other 4 linking switches, connected at
 * random; routed by up*\/down* (upDown.ts).
 *
 * The switch graph is a random 4-regular simple connected graph: the configuration model (4 stubs
 * per switch, shuffled and paired), redrawn until no loop, no parallel link and connected. Switch s
 * is `s<s>`, its hosts h<4s>..h<4s+3> on ports 1..4, its links to other switches on ports 5..8.
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { RandomStream } from '../../core/random.js';
import { FABRIC_DEFAULT_DELAY_NS, FABRIC_DEFAULT_RATE_GBPS, type FabricLinkSpec, type FabricTopologySpec } from '../topology.js';
import { upDownForwarding } from '../routing/upDown.js';
import { recordParameter } from '../../core/shapes.js';

/** Options of {@link irregularTopology}. */
export interface IrregularTopologyOptions {
  /** Number of switches, an integer 8..64 (the seed's range; 32 to 256 hosts). */
  readonly switches: number;
  /** Link data rate, Gb/s (default 2.5, as in the seed's results). */
  readonly rateGbps?: number;
  /** Propagation delay, ns (default 10). */
  readonly delayNs?: number;
  /** Routing: 'up-down' (default; forwarding tables included) or 'shortest' (left to the fabric's shortest paths). */
  readonly routing?: 'up-down' | 'shortest';
}

/** Hosts per switch and switch-to-switch ports per switch (the seed's 8-port switches). */
export const IRREGULAR_HOSTS_PER_SWITCH = 4;
export const IRREGULAR_SWITCH_LINKS = 4;
/** The seed's network sizes. */
export const IRREGULAR_MIN_SWITCHES = 8;
export const IRREGULAR_MAX_SWITCHES = 64;

/**
 * A random irregular network (seeded by `rng`) with up*\/down* forwarding tables.
 * @throws InvalidParameterError for `switches` outside 8..64 or not an integer, or a bad routing name.
 * @example
 *   const t = irregularTopology({ switches: 8 }, new RandomStreams(1).stream('topology'));
 *   [t.switches.length, t.hosts.length, t.links.length]; // → [8, 32, 48]
 */
export function irregularTopology(options: IrregularTopologyOptions, rng: RandomStream): FabricTopologySpec {
  recordParameter('options', options);
  recordParameter('rng', rng, { next: 'function' });
  const n = options.switches;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < IRREGULAR_MIN_SWITCHES || n > IRREGULAR_MAX_SWITCHES) {
    throw new InvalidParameterError('switches', `an integer ${IRREGULAR_MIN_SWITCHES}..${IRREGULAR_MAX_SWITCHES} (the seed's network sizes)`, n);
  }
  const routing = options.routing ?? 'up-down';
  if (routing !== 'up-down' && routing !== 'shortest') throw new InvalidParameterError('routing', "'up-down' or 'shortest'", routing);
  const rateGbps = options.rateGbps ?? FABRIC_DEFAULT_RATE_GBPS;
  const delayNs = options.delayNs ?? FABRIC_DEFAULT_DELAY_NS;
  const adj = randomRegularGraph(n, IRREGULAR_SWITCH_LINKS, rng);
  const switches = Array.from({ length: n }, (_, s) => ({ name: `s${s}`, ports: IRREGULAR_HOSTS_PER_SWITCH + IRREGULAR_SWITCH_LINKS }));
  const hosts = Array.from({ length: n * IRREGULAR_HOSTS_PER_SWITCH }, (_, h) => ({ name: `h${h}` }));
  const links: FabricLinkSpec[] = hosts.map((h, k) => ({
    a: h.name,
    b: `s${Math.floor(k / IRREGULAR_HOSTS_PER_SWITCH)}:${(k % IRREGULAR_HOSTS_PER_SWITCH) + 1}`,
    rateGbps,
    delayNs,
  }));
  const nextPort = new Array<number>(n).fill(IRREGULAR_HOSTS_PER_SWITCH + 1);
  for (let a = 0; a < n; a++) {
    for (const b of adj[a]!) {
      if (b < a) continue;
      links.push({ a: `s${a}:${nextPort[a]!++}`, b: `s${b}:${nextPort[b]!++}`, rateGbps, delayNs });
    }
  }
  const spec: FabricTopologySpec = { switches, hosts, links };
  return routing === 'up-down' ? { ...spec, forwarding: upDownForwarding(spec) } : spec;
}

/** A random d-regular simple connected graph on n nodes (configuration model with rejection). */
function randomRegularGraph(n: number, degree: number, rng: RandomStream): number[][] {
  const stubs = new Array<number>(n * degree);
  for (;;) {
    for (let s = 0; s < n; s++) for (let k = 0; k < degree; k++) stubs[s * degree + k] = s;
    for (let k = stubs.length - 1; k > 0; k--) {
      const j = Math.floor(rng.next() * (k + 1));
      const t = stubs[k]!;
      stubs[k] = stubs[j]!;
      stubs[j] = t;
    }
    const adj: number[][] = Array.from({ length: n }, () => []);
    let simple = true;
    for (let k = 0; k < stubs.length && simple; k += 2) {
      const a = stubs[k]!;
      const b = stubs[k + 1]!;
      if (a === b || adj[a]!.includes(b)) simple = false;
      else (adj[a]!.push(b), adj[b]!.push(a));
    }
    if (simple && connected(adj)) return adj;
  }
}

function connected(adj: readonly number[][]): boolean {
  const seen = new Uint8Array(adj.length);
  seen[0] = 1;
  let count = 1;
  for (let queue = [0], q = 0; q < queue.length; q++) {
    for (const v of adj[queue[q]!]!) if (!seen[v]) (seen[v] = 1, count++, queue.push(v));
  }
  return count === adj.length;
}
