/**
 * Whether a FIFO input buffer's wait comes from its heads' times alone or from their order (H43shf, session 26,
 * docs/fabric-model.md entry 350): for the named switch input ports (VL 0 … V−1), each packet's entry (its header's arrival,
 * FifoInputQueues.push) and start (Crossbar.startTx), in FIFO order; a packet is ready at max(entry, its predecessor's start
 * + x) (cut-through on equal links: the port frees as the predecessor's tail leaves) and its head time is start − ready.
 * Lindley's recursion D_n = max(0, D_{n−1} + h_{n−1} + x − (a_n − a_{n−1})) over the simulated head times in their order gives
 * the simulated wait before ready (a check); over the same head times shuffled (10 random permutations, the arrivals kept) it
 * gives what an i.i.d. head time of that distribution gives; with the arrivals' gaps shuffled too, a GI/G/1 queue with the
 * measured marginals — the queue the model's two-moment forms stand for (Pollaczek–Khinchine and Kingman beside it). Also the lag-1
 * autocorrelation of successive head times. In x. src/sim is not changed. A measuring aid, not a score.
 *
 *     nice -n 19 npx tsx benchmarks/sim-head-order.ts mesh8x8-shuffle-1sl 90% s1_4:2,s1_4:3,s1_4:4 [--reps 5] [--packets 10000]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.indexOf(n) >= 0 ? args[args.indexOf(n) + 1]! : d);
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets'].includes(args[i - 1]!)));
const [name, label, portList] = positional;
if (name === undefined || label === undefined || portList === undefined) throw new Error('usage: sim-head-order.ts CASE LABEL PORT[,PORT…] [--reps N] [--packets N]');
const reps = Number(opt('--reps', '1'));
const packets = Number(opt('--packets', '5000'));
const ports = portList.split(',');
const { params, pps } = simCaseParams(name, label);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let on = false;
let now = () => 0;
let portName: (q: number) => string | undefined = () => undefined;
/** Per queue of a named port: entries and starts in order. */
const entries = new Map<number, number[]>();
const starts = new Map<number, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fq: any = null;
fifo.push = function (q: number, p: number) {
  fq = this;
  if (on && portName(q) !== undefined) {
    const e = entries.get(q);
    if (e === undefined) entries.set(q, [now()]);
    else e.push(now());
  }
  return push.call(this, q, p);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xb = Crossbar.prototype as any;
const startTx = xb.startTx;
xb.startTx = function (g: number, q: number, v: number) {
  if (on && entries.has(q)) {
    const s = starts.get(q) ?? [];
    // Only packets that entered while measuring: a start matches the entry of the same rank.
    if (s.length < entries.get(q)!.length) (s.push(now()), starts.set(q, s));
  }
  return startTx.call(this, g, q, v);
};

/** Mean D over the sequence: D_n = max(0, D_{n−1} + h_{n−1} + x − (a_n − a_{n−1})). */
function lindley(a: readonly number[], h: readonly number[]): number {
  let d = 0;
  let sum = 0;
  for (let n = 1; n < a.length; n++) {
    d = Math.max(0, d + h[n - 1]! + x - (a[n]! - a[n - 1]!));
    sum += d;
  }
  return sum / Math.max(1, a.length - 1);
}
let seed = 12345;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
const rows = new Map<string, number[][]>();
const until = packets / pps;
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(1), replication: r }) as any;
  now = () => f.engine.now;
  portName = (q: number) => {
    const pn = f.portNames[fq.inputOf(q)] as string;
    return ports.includes(pn) ? pn : undefined;
  };
  f.run(until / 5, until / 5);
  on = true;
  f.run(until / 5 + until, until / 5);
  on = false;
  for (const [q, a0] of entries) {
    const s0 = starts.get(q) ?? [];
    const n = Math.min(a0.length, s0.length);
    const a = a0.slice(0, n);
    const s = s0.slice(0, n);
    const h: number[] = [];
    let ready = 0;
    let wait = 0;
    for (let k = 0; k < n; k++) {
      ready = k === 0 ? a[k]! : Math.max(a[k]!, s[k - 1]! + x);
      h.push(s[k]! - ready);
      if (k > 0) wait += ready - a[k]!;
    }
    const mean = h.reduce((u, v) => u + v, 0) / n;
    let c0 = 0;
    let c1 = 0;
    for (let k = 0; k < n; k++) c0 += (h[k]! - mean) ** 2;
    for (let k = 1; k < n; k++) c1 += (h[k]! - mean) * (h[k - 1]! - mean);
    let shuffled = 0;
    let both = 0;
    const permute = (v: readonly number[]) => {
      const p = v.slice();
      for (let k = p.length - 1; k > 0; k--) {
        const j = Math.floor(rand() * (k + 1));
        [p[k], p[j]] = [p[j]!, p[k]!];
      }
      return p;
    };
    const gaps: number[] = [];
    for (let k = 1; k < n; k++) gaps.push(a[k]! - a[k - 1]!);
    for (let rep = 0; rep < 10; rep++) {
      shuffled += lindley(a, permute(h)) / 10;
      // The gaps shuffled too: a renewal arrival process with the gaps' own distribution (GI/G/1 with i.i.d. heads).
      const g = permute(gaps);
      const a2 = [0];
      for (const v of g) a2.push(a2[a2.length - 1]! + v);
      both += lindley(a2, permute(h)) / 10;
    }
    // The shifted arrivals' gaps (a_n − a_{n−1} − x): mean and SCV; the head times' second moment; Pollaczek–Khinchine's
    // (Poisson arrivals at the shifted rate) and Kingman's GI/G/1 approximation with the measured SCVs, for comparison.
    let g1 = 0;
    let g2 = 0;
    for (let k = 1; k < n; k++) ((g1 += a[k]! - a[k - 1]! - x), (g2 += (a[k]! - a[k - 1]! - x) ** 2));
    g1 /= Math.max(1, n - 1);
    g2 /= Math.max(1, n - 1);
    const ca2 = g2 / (g1 * g1) - 1;
    const h2 = h.reduce((u, v) => u + v * v, 0) / n;
    const rho = mean / g1;
    const pk = (h2 / g1) / (2 * (1 - rho));
    const kingman = (rho / (1 - rho)) * ((ca2 + (h2 / (mean * mean) - 1)) / 2) * mean;
    const key = `${portName(q)} VL${q % (params.vls ?? 2)}`;
    rows.set(key, [...(rows.get(key) ?? []), [n, mean / x, wait / Math.max(1, n - 1) / x, lindley(a, h) / x, shuffled / x, c1 / c0, h2 / x / x, ca2, pk / x, kingman / x, both / x]]);
  }
  entries.clear();
  starts.clear();
}
console.log(`${name} ${label}: per queue, x — head (start − ready), wait before ready (simulated | Lindley in order | Lindley shuffled), lag-1 autocorrelation of head times; ${reps} × ${packets} packets per flow`);
const t4 = [0, 12.706, 4.303, 3.182, 2.776, 2.571];
for (const [key, rs] of rows) {
  const m = (i: number) => rs.reduce((u, r) => u + r[i]!, 0) / rs.length;
  const hw = (i: number) => (rs.length > 1 ? (t4[Math.min(5, rs.length - 1)]! * Math.sqrt(rs.reduce((u, r) => u + (r[i]! - m(i)) ** 2, 0) / (rs.length - 1))) / Math.sqrt(rs.length) : NaN);
  const f = (i: number) => `${m(i).toFixed(3)} ± ${hw(i).toFixed(3)}`;
  console.log(`${key.padEnd(14)} n ${rs.reduce((u, r) => u + r[0]!, 0)}  head ${f(1)} (E[h²] ${m(6).toFixed(3)})  wait ${f(2)} | in order ${f(3)} | heads shuffled ${f(4)} | heads and gaps shuffled ${f(10)} | P-K ${f(8)}, Kingman ${f(9)} (gaps' Ca² ${m(7).toFixed(2)})  lag-1 ${f(5)}`);
}
