/**
 * The gaps between a VL's consecutive arrivals at a switch's input buffer, the simulator's beside the trains that the fabric
 * model's FIFO wait assumes (H39uni, docs/fabric-model.md entry 245). Change 61 (bufferWait.ts switchFedWait, queue.ts
 * trainFifoWait) takes a buffer's arrivals as trains: the packets of one busy period of the VL alone on the link in, back
 * to back (gap exactly x), the busy periods of an M/D/1 queue at the VL's own load ρ = λx: E[X] = 1/(1 − ρ), b = E[X(X − 1)]/(2E[X]).
 * With other VLs busy on the same link the link's arbitration puts their packets between the VL's, so its packets may arrive
 * spaced k·x. This aid wraps FifoInputQueues.push (src/sim is not changed) and records, per input buffer: the gap to its
 * previous arrival in x (back to back < 1.05, one packet between < 2.05, two < 3.05, further), the runs of back-to-back
 * arrivals (the trains as the buffer sees them: E[X], b), and the same-VL packets that come within one busy period of the link
 * (every arrival on the port, any VL, within 1.05 x of the one before) — the VL's train if the other VLs' packets were taken
 * out (E[Y], b_Y). Beside them the model's VL load ρ, the link's load over every VL and change 61's E[X], b. Grouped by the
 * buffer's feed (host-fed, switch-fed) and VL, packet-weighted. A measuring aid, not a score: `--reps` replications of
 * `--packets` packets per flow (default 2 × 10,000), a fifth of that warm-up.
 *
 *     nice -n 19 npx tsx benchmarks/sim-vl-gaps.ts torus8x8-uniform-2sl 50% [--reps 2] [--packets 10000]
 *     nice -n 19 npx tsx benchmarks/sim-vl-gaps.ts torus8x8-transpose-1sl 90% --ports s1_1:3,s5_5:2 --seed 3   (H40fifo: those input
 *       ports alone, each its own group, with the trains' b per run and the model's b; `--seed` the random streams' seed, default 1)
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--ports', '--seed'].includes(args[i - 1]!)));
const [name, label = '50%'] = positional;
if (name === undefined) throw new Error('usage: sim-vl-gaps.ts CASE [LABEL] [--reps N] [--packets N]: CASE a fixture of test/fixtures/fabric-model');
const reps = Number(opt('--reps', '2'));
const packets = Number(opt('--packets', '10000'));
/** `--seed S` (H40fifo): the simulator's random streams' seed, for independent replications run one per process. */
const seed = Number(opt('--seed', '1'));
/** `--ports A,B` (H40fifo): those input ports (e.g. s1_1:3) alone, each its own group per VL; the others left out. */
const ports = opt('--ports', '').split(',').filter((z) => z !== '');
const { params, pps } = simCaseParams(name, label);
const V: number = params.vls ?? 1;
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let clock: () => number = () => 0;
let measuring = false;
/** Per buffer q: its last arrival, its current back-to-back run's length, its current link-run count, the link run it is in. */
const lastAt = new Map<number, number>();
const run = new Map<number, number>();
const linkCount = new Map<number, number>();
const linkRunOf = new Map<number, number>();
/** Per input port: its last arrival (any VL) and its current busy run's number. */
const portLast = new Map<number, number>();
const portRun = new Map<number, number>();
let runs = 0;
/** Per buffer q: [n, gap < 1.05, < 2.05, < 3.05, Σgap (gaps < 20 x), n gaps < 20, runs, ΣX, ΣX², link runs, ΣY, ΣY²]. */
const stats = new Map<number, number[]>();
const st = (q: number) => {
  let a = stats.get(q);
  if (a === undefined) stats.set(q, (a = new Array<number>(12).fill(0)));
  return a;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
fifo.push = function (offset: number, p: number) {
  const now = clock();
  // By buffer number q = port·V + VL (the maps and the grouping below); the simulator's FIFO queue numbers are record offsets (inputFifo.ts).
  const q: number = this.bufferOf(offset);
  const port = (q / V) | 0;
  // The link's busy runs: an arrival within 1.05 x of the port's previous one (any VL) continues the run.
  const pg = (now - (portLast.get(port) ?? -Infinity)) / x;
  if (!(pg < 1.05)) portRun.set(port, ++runs);
  portLast.set(port, now);
  const r = portRun.get(port)!;
  const gap = (now - (lastAt.get(q) ?? -Infinity)) / x;
  lastAt.set(q, now);
  const a = st(q);
  const close = (key: Map<number, number>, at: number) => {
    const n = key.get(q) ?? 0;
    if (n > 0 && measuring) ((a[at]! += 1), (a[at + 1]! += n), (a[at + 2]! += n * n));
  };
  if (gap < 1.05) run.set(q, (run.get(q) ?? 0) + 1);
  else (close(run, 6), run.set(q, 1));
  if (linkRunOf.get(q) === r) linkCount.set(q, (linkCount.get(q) ?? 0) + 1);
  else (close(linkCount, 9), linkCount.set(q, 1), linkRunOf.set(q, r));
  if (measuring) {
    a[0]! += 1;
    if (gap < 1.05) a[1]! += 1;
    else if (gap < 2.05) a[2]! += 1;
    else if (gap < 3.05) a[3]! += 1;
    if (gap < 20) ((a[4]! += gap), (a[5]! += 1));
  }
  return push.call(this, offset, p);
};

const until = packets / pps;
let portNames: readonly string[] = [];
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: r }) as any;
  clock = () => f.engine.now;
  portNames = f.portNames;
  for (const mp of [lastAt, run, linkCount, linkRunOf, portLast, portRun]) mp.clear();
  measuring = false;
  f.run(until / 5, until / 5);
  measuring = true;
  f.run(until / 5 + until, until / 5);
  measuring = false;
}

const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
/** Per input port name and VL: [ρ of the VL, ρ of the link over its VLs, change 61's E[X], b, the buffer feeds two outputs or more]. */
const model = new Map<string, number[]>();
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined) return;
  let link = 0;
  for (let v = 0; v < m.V; v++) link += s.lam[pi * m.V + v]! * s.xbar[pi * m.V + v]!;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    const rho = s.lam[u]! * s.xbar[u]!;
    let outs = 0;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) if (s.lamT[m.turnsOf[i]!]! > 0) outs++;
    const ex = 1 / (1 - rho);
    const varX = (rho * (1 - rho) + rho * rho) / (1 - rho) ** 3;
    model.set(`${far}/${v}`, [rho, link, ex, (varX + ex * ex - ex) / (2 * ex), outs > 1 ? 1 : 0]);
  }
});
/** Per group: [packets, b2b, 1 between, 2 between, Σgap, n gaps, runs, ΣX, ΣX², link runs, ΣY, ΣY², Σn·ρ, Σn·ρ_link, Σn·E[X]m, Σn·b_m]. */
const groups = new Map<string, number[]>();
for (const [q, a] of stats) {
  const input = portNames[(q / V) | 0]!;
  const from = peer.get(input);
  if (from === undefined || a[0] === 0) continue;
  const mm = model.get(`${input}/${q % V}`) ?? [NaN, NaN, NaN, NaN, 0];
  if (ports.length > 0 && !ports.includes(input)) continue;
  const key = ports.length > 0 ? `${input} VL${q % V}` : `${from.includes(':') ? 'switch' : 'host'}-fed VL${q % V}${mm[4] ? '' : ' (one output)'}`;
  const g = groups.get(key) ?? new Array<number>(16).fill(0);
  a.forEach((z, i) => (g[i]! += z));
  mm.slice(0, 4).forEach((z, i) => (g[12 + i]! += a[0]! * z));
  groups.set(key, g);
}
const bOf = (s1: number, s2: number) => (s2 - s1) / (2 * s1);
console.log(`${name} ${label}: a VL's arrivals at each input buffer (${reps} × ${packets} packets per flow); gaps in x`);
console.log('buffers                      packets | ρ VL  ρ link | gap: b2b   1 betw 2 betw  mean | sim trains E[X]  b | in link runs E[Y]  b_Y | model E[X]  b');
for (const [key, g] of [...groups].sort()) {
  const n = g[0]!;
  const f = (z: number) => z.toFixed(3);
  console.log(
    `${key.padEnd(28)} ${String(n).padStart(8)} | ${f(g[12]! / n)} ${f(g[13]! / n)} | ${f(g[1]! / n)} ${f(g[2]! / n)} ${f(g[3]! / n)} ${(g[4]! / g[5]!).toFixed(2).padStart(6)} | ${f(g[7]! / g[6]!)} ${f(bOf(g[7]!, g[8]!))} | ${f(g[10]! / g[9]!)} ${f(bOf(g[10]!, g[11]!))} | ${f(g[14]! / n)} ${f(g[15]! / n)}`,
  );
}
