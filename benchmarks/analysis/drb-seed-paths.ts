/**
 * DRB on the 8×8 torus over the seed's own paths (docs/drb.md, "Why +29 % and not +35 %"): a
 * counterfactual the scenario cannot run. The seed searches each pair's disjoint paths and keeps the
 * shortest (§4.1); InfiniBand forwards by destination LID, so in general one pair's detour is every
 * source's route to that destination. Under a permutation, though, every destination has exactly one
 * sender: a LID's table entry for destination d is used by one pair only, so per-pair paths fit in
 * per-destination tables. This script builds two sets of four LIDs for perfect shuffle:
 *
 * - `ours`: each pair's usable dimension-order routes (meshRoutes.ts, kept as disjointLids.ts keeps
 *   them: LID 0, then disjoint ones shortest first, at most four), and
 * - `seed`: LID 0's route, then breadth-first shortest paths avoiding the links already taken (the
 *   search of benchmarks/analysis/drb_capacity_bound.py, neighbours in the order +x, −x, +y, −y),
 *
 * both with the same deadlock avoidance: the k-th switch of a path forwards on VL offset k (a packet
 * only moves to higher VLs, so no cycle of buffers; 15 VLs, each with the scenario's 4-packet
 * buffer), since the seed's paths are not dimension-ordered. Static routing (LID 0 only) runs on the
 * same VLs for reference. Everything else is the `drb` scenario's (drbScenario.ts): 2.5 Gb/s links,
 * 2 KB packets, Poisson arrivals, marking at 80 % of the input VL buffer, DRB with Eq. 1 shares.
 *
 *   nice -n 10 npx tsx benchmarks/analysis/drb-seed-paths.ts      (3 replications of 5 ms after 1 ms; about 2 minutes)
 */
import { buildFabric, type FlowSpec } from '../../src/sim/fabric/index.js';
import { RandomStreams } from '../../src/sim/random/streams.js';
import { meshTopology } from '../../src/network/index.js';
import { dimensionOrderTables, alternativeOrders, type DimensionOrder } from '../../src/network/routing/meshRoutes.js';
import { permutationDestination } from '../../src/sim/traffic/patterns.js';
import { machineLine } from '../harness.js';

const W = 8;
const H = 8;
const N = W * H;
const REPS = Number(process.env.REPS ?? 3);
const UNTIL = Number(process.env.UNTIL ?? 0.005);
const LOADS = (process.env.LOADS ?? '1000,1200,2000').split(',').map(Number);
const PACKET = 2048;
/** Port of a move: 2 +x, 3 −x, 4 +y, 5 −y (meshTopology's). */
const MOVES = [
  [1, 0, 2],
  [-1, 0, 3],
  [0, 1, 4],
  [0, -1, 5],
] as const;
const sw = (i: number): string => `s${i % W}_${Math.floor(i / W)}`;
const host = (i: number): string => `h${i % W}_${Math.floor(i / W)}`;
const neighbour = (u: number, m: (typeof MOVES)[number]): number => ((Math.floor(u / W) + m[1] + H) % H) * W + ((u % W) + m[0] + W) % W;

/** A path as its switches, source switch first. */
type Path = number[];
const links = (p: Path): string[] => p.slice(1).map((v, i) => `${p[i]}>${v}`);

/** The route of one dimension order from switch s to switch d (meshRoutes.ts's tables, followed). */
function orderRoute(order: DimensionOrder, s: number, d: number): Path {
  const t = dimensionOrderTables(W, H, true, order, 0).forwarding;
  const path = [s];
  for (let u = s; u !== d; ) {
    const port = t[sw(u)]![host(d)]!;
    u = neighbour(u, MOVES.find((m) => m[2] === port)!);
    path.push(u);
  }
  return path;
}

/** disjointLids.ts's rule over the eight orders: LID 0, then disjoint routes shortest first, at most 4. */
function oursPaths(s: number, d: number): Path[] {
  const routes = [{ first: 'x', x: 'short', y: 'short' } as DimensionOrder, ...alternativeOrders(true)].map((o) => orderRoute(o, s, d));
  const order = routes.map((_, k) => k).sort((a, b) => (a === 0 ? -1 : b === 0 ? 1 : routes[a]!.length - routes[b]!.length || a - b));
  const taken = new Set<string>();
  const seen = new Set<string>();
  const kept: Path[] = [];
  for (const k of order) {
    const ls = links(routes[k]!);
    if (seen.has(ls.join()) || ls.some((l) => taken.has(l))) continue;
    seen.add(ls.join());
    ls.forEach((l) => taken.add(l));
    kept.push(routes[k]!);
  }
  return kept.slice(0, 4);
}

/** The seed's search: LID 0's route, then breadth-first shortest paths avoiding taken links, at most 4. */
function seedPaths(s: number, d: number): Path[] {
  const first = orderRoute({ first: 'x', x: 'short', y: 'short' }, s, d);
  const paths = [first];
  const banned = new Set(links(first));
  while (paths.length < 4) {
    const prev = new Map<number, number>([[s, -1]]);
    const queue = [s];
    while (queue.length > 0 && !prev.has(d)) {
      const u = queue.shift()!;
      for (const m of MOVES) {
        const v = neighbour(u, m);
        if (!banned.has(`${u}>${v}`) && !prev.has(v)) {
          prev.set(v, u);
          queue.push(v);
        }
      }
    }
    if (!prev.has(d)) break;
    const path = [d];
    while (path[0] !== s) path.unshift(prev.get(path[0]!)!);
    paths.push(path);
    links(path).forEach((l) => banned.add(l));
  }
  return paths;
}

/** LID tables (LID 0 = the topology's, then up to 3 alternatives) with hop-index VLs, from each pair's paths. */
function tables(pathsOf: (s: number, d: number) => Path[]) {
  const base = dimensionOrderTables(W, H, true, { first: 'x', x: 'short', y: 'short' }, 0);
  const copy = (): { forwarding: Record<string, Record<string, number>>; virtualLanes: Record<string, Record<string, number>> } => ({
    forwarding: Object.fromEntries(Object.entries(base.forwarding).map(([k, v]) => [k, { ...v }])),
    virtualLanes: Object.fromEntries(Object.keys(base.forwarding).map((k) => [k, Object.fromEntries(Object.keys(base.forwarding[k]!).map((h) => [h, 0]))])),
  });
  const lids = [copy(), copy(), copy(), copy()];
  const hops: number[][] = [[], [], [], []];
  for (let s = 0; s < N; s++) {
    const d = permutationDestination('perfect-shuffle', s, N);
    if (d === s) continue;
    pathsOf(s, d).forEach((path, k) => {
      hops[k]!.push(path.length - 1);
      path.forEach((u, i) => {
        const port = i + 1 < path.length ? MOVES.find((m) => neighbour(u, m) === path[i + 1])![2] : 1;
        lids[k]!.forwarding[sw(u)]![host(d)] = port;
        lids[k]!.virtualLanes[sw(u)]![host(d)] = i;
      });
    });
  }
  const mean = (xs: number[]): string => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2) : '–');
  return { lids, hops: hops.map(mean).join(' / '), vlCount: 1 + Math.max(...hops.flat()) };
}

type Tables = ReturnType<typeof tables>;

function run(t: Tables, drb: boolean, load: number, rep: number): { received: number; hops: number } {
  const topology = { ...meshTopology(W, H, { torus: true, rateGbps: 2.5 }), forwarding: t.lids[0]!.forwarding, virtualLanes: t.lids[0]!.virtualLanes };
  const flows: FlowSpec[] = [];
  for (let s = 0; s < N; s++) {
    const d = permutationDestination('perfect-shuffle', s, N);
    if (d === s) continue;
    flows.push({
      name: `n${s}`,
      source: host(s),
      destination: host(d),
      traffic: { kind: 'poisson', rate: (load * 1e6) / 8 / PACKET },
      ...(drb ? { pathSelection: { kind: 'drb', maxPaths: 4, timerUs: 100, notificationsPerPath: 10, decay: 0.5 } } : {}),
    });
  }
  const fabric = buildFabric({
    topology,
    vls: 15,
    mtu: PACKET,
    bufferBytes: 4 * PACKET,
    ...(drb ? { multipath: { paths: 4, alternatives: t.lids.slice(1) } } : {}),
    marking: { kind: 'ibcc', threshold: 15, thresholdFraction: 0.8, occupancy: 'input' },
    deadlockUs: 1000,
    flows,
    streams: new RandomStreams(1),
    replication: rep,
  });
  fabric.run(UNTIL * 1.2, UNTIL * 0.2);
  const m = fabric.measurements();
  const received = m.flows.reduce((a, f) => a + f.throughputGbps * 1e3, 0) / flows.length;
  const net = m.ports.filter((q) => /^s\d+_\d+:[2-5]$/.test(q.name));
  const busy = net.reduce((a, q) => a + q.utilization, 0) * 2500;
  return { received, hops: busy / (received * flows.length) };
}

console.log(`# DRB over the seed's per-pair paths — ${machineLine()}; torus 8×8, perfect shuffle, ${REPS} replications of ${UNTIL * 1e3} ms after ${UNTIL * 200} ms, hop-index VLs`);
const sets = { ours: tables(oursPaths), seed: tables(seedPaths) };
console.log(`\nmean hops of the 1st / 2nd / 3rd / 4th path: ours ${sets.ours.hops}; the seed's ${sets.seed.hops}; VLs used: ${sets.ours.vlCount}, ${sets.seed.vlCount}\n`);
console.log(`| received Mb/s per node (hops per packet) | ${LOADS.join(' | ')} |\n|---|${LOADS.map(() => '---|').join('')}`);
for (const [label, t, drb] of [
  ['static (LID 0), hop VLs', sets.ours, false],
  ['DRB over our paths, hop VLs', sets.ours, true],
  ["DRB over the seed's paths, hop VLs", sets.seed, true],
] as const) {
  const cells = LOADS.map((load) => {
    let r = 0;
    let h = 0;
    for (let rep = 0; rep < REPS; rep++) {
      const x = run(t, drb, load, rep);
      r += x.received / REPS;
      h += x.hops / REPS;
    }
    return `${r.toFixed(0)} (${h.toFixed(2)})`;
  });
  console.log(`| ${label} | ${cells.join(' | ')} |`);
}
