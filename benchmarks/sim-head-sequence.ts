/**
 * H45c (issue 31, entries 440–449): a FIFO input buffer's head times in sequence, and whether their order matters for how
 * often the buffer is full. Per watched buffer (`--buffers PORT/VL,…`) every packet's entry (header into the buffer), start
 * (on its output) and the time its blocks were freed (tail gone), in the measured window; from them the head time of the
 * tandem identity, S_n = c_n − max(e_n, c_{n−1}) with c_n the start + x (docs/models.md §13.5: the time the head holds the
 * server once it may go, x included), its mean, SCV and lag-k autocorrelation, per output too; and two replays of the same
 * entries through one FIFO server with c_n = max(e_n, c_{n−1}) + S_n, a slot held from e_n to c_n + (freed − start − x):
 * `ordered` (the recorded order — it rebuilds the simulator's own departures) and `shuffled` (the same S_n in a random order,
 * seed fixed: the renewal law with the measured marginal, what an i.i.d. service queue assumes). Each gives the time shares
 * with 0..B+ packets held and the count each entry finds. The entries are the simulator's (the link in already throttled
 * by credits), so `shuffled` is the order's effect at fixed arrivals, not a free queue. Hooks as sim-credit-tree.ts (src/sim
 * unchanged). One JSON line per run; pool the seeds with sim-head-sequence-ci.py.
 *
 *     nice -n 10 npx tsx benchmarks/sim-head-sequence.ts alfaro16-bitcomp-1sl 90% --buffers s6:7/0,s8:7/0 [--seed 1] [--packets 20000]
 */
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';
import { runWithWarmUp } from './sim-hooks.js';
import { FabricStats } from '../src/sim/fabric/measure/measurements.js';

const { name, label, packets, seed, opt } = aidArgs(process.argv.slice(2), 'sim-head-sequence.ts CASE LABEL --buffers A/v,B/v [--seed S] [--packets N]', { packets: 20000 });
const { params, pps } = simCaseParams(name, label);
const V: number = params.vls ?? 1;
const picked = opt('--buffers', '').split(',').filter((b) => b !== '');
const slots = Number(opt('--slots', '4'));
const xL = (2048 * 8) / 2.5e9;
let clock = () => 0;
let names: readonly string[] = [];
let measuring = false;
interface Rec { entry: number[]; start: number[]; out: number[]; freed: number[] }
const recs = new Map<number, Rec>();
const watched = (b: number) => picked.includes(`${names[(b / V) | 0]}/${b % V}`);
const recOf = (b: number) => {
  let r = recs.get(b);
  if (!r) recs.set(b, (r = { entry: [], start: [], out: [], freed: [] }));
  return r;
};
/** Each packet entered in the window: its index in its buffer's lists, keyed by buffer and packet (a packet is in two buffers
 * at once under cut-through); per buffer the started packets not yet freed (FIFO). */
const index = new Map<string, number>();
const inFlight = new Map<number, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
fifo.push = function (x: number, p: number) {
  const b = this.bufferOf(x);
  if (watched(b) && measuring) {
    const r = recOf(b);
    index.set(`${b}:${p}`, r.entry.length);
    r.entry.push(clock());
    r.start.push(NaN);
    r.out.push(-1);
    r.freed.push(NaN);
  }
  return push.call(this, x, p);
};
const freed = fifo.freed;
fifo.freed = function (x: number, blocks: number) {
  const b = this.bufferOf(x);
  if (watched(b)) {
    const p = inFlight.get(b)?.shift();
    const i = p === undefined ? undefined : index.get(`${b}:${p}`);
    if (p !== undefined && i !== undefined) {
      recOf(b).freed[i] = clock();
      index.delete(`${b}:${p}`);
    }
  }
  return freed.call(this, x, blocks);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xb = Crossbar.prototype as any;
const startTx = xb.startTx;
xb.startTx = function (g: number, q: number, v: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const queues = this.queues as any;
  const b = queues.bufferOf(q);
  if (watched(b)) {
    const p = queues.headOf(q);
    let f = inFlight.get(b);
    if (!f) inFlight.set(b, (f = []));
    f.push(p);
    const i = index.get(`${b}:${p}`);
    if (i !== undefined) {
      const r = recOf(b);
      r.start[i] = clock();
      r.out[i] = g;
    }
  }
  return startTx.call(this, g, q, v);
};
// The port feeding each watched buffer (the link's other end) and its credit-stall periods in the window [begin, end].
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const feeders = new Set(picked.map((b) => peer.get(b.split('/')[0]!)));
const stallsOf = new Map<string, [number, number][]>();
const open = new Map<number, number>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fsp = FabricStats.prototype as any;
const sb = fsp.stallBegins;
fsp.stallBegins = function (g: number) {
  if (feeders.has(names[g]) && !open.has(g)) open.set(g, clock());
  return sb.call(this, g);
};
const es = fsp.endStall;
fsp.endStall = function (g: number) {
  const a = open.get(g);
  if (a !== undefined) {
    open.delete(g);
    if (measuring) {
      let l = stallsOf.get(names[g]!);
      if (!l) stallsOf.set(names[g]!, (l = []));
      l.push([a, clock()]);
    }
  }
  return es.call(this, g);
};
runWithWarmUp({
  params,
  seed,
  until: packets / pps,
  start: (c, n) => {
    [clock, names] = [c, n];
  },
  measure: () => {
    measuring = true;
  },
});

const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / Math.max(1, a.length);
function stats(S: number[]) {
  const m = mean(S);
  const v = mean(S.map((s) => (s - m) ** 2));
  const ac = (k: number) => (S.length > k ? mean(S.slice(k).map((s, i) => (s - m) * (S[i]! - m))) / v : NaN);
  return { n: S.length, mean: m / xL, scv: v / (m * m), lag1: ac(1), lag2: ac(2), lag5: ac(5), lag20: ac(20) };
}
/**
 * A FIFO server fed `e` with head times `S` (in that order), slot held to c + tailGap; time shares with 0..slots+1 held, the
 * counts entries find, and the mean rest of the head in service over the time `slots` or more are held (what a try blocked
 * then waits, the model's w; the ends taken in order, which holds while the tail gaps are equal).
 */
function replay(e: number[], S: number[], tailGap: number[]) {
  const n = e.length;
  const ends: number[] = new Array(n);
  let c = -Infinity;
  for (let i = 0; i < n; i++) {
    c = Math.max(e[i]!, c) + S[i]!;
    ends[i] = c + tailGap[i]!;
  }
  const ev: [number, number][] = [];
  for (let i = 0; i < n; i++) ev.push([e[i]!, 1], [ends[i]!, -1]);
  ev.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const time = new Array(slots + 2).fill(0);
  const seen = new Array(slots + 2).fill(0);
  let k = 0;
  let done = 0;
  let restFull = 0;
  let last = ev[0]![0];
  const t0 = last;
  for (const [t, d] of ev) {
    const dt = t - last;
    time[Math.min(slots + 1, k)] += dt;
    if (k >= slots && done < n) restFull += (ends[done]! - last) * dt - (dt * dt) / 2;
    last = t;
    if (d > 0) seen[Math.min(slots + 1, k)]++;
    else done++;
    k += d;
  }
  const T = last - t0;
  const full = time.slice(slots).reduce((a, b) => a + b, 0);
  return { time: time.map((v) => v / T), seen: seen.map((v) => v / n), restFull: restFull / Math.max(1e-30, full) / xL };
}
let rng = 0x9e3779b9 ^ seed;
const rand = () => {
  rng ^= rng << 13; rng ^= rng >>> 17; rng ^= rng << 5;
  return (rng >>> 0) / 4294967296;
};
const out: Record<string, unknown> = {};
for (const [b, r] of recs) {
  // The packets entered in the window whose tail had gone by its end (a FIFO: a prefix of the list).
  let n = 0;
  while (n < r.entry.length && Number.isFinite(r.freed[n]!)) n++;
  const e = r.entry.slice(0, n);
  const S: number[] = [];
  const gap: number[] = [];
  let cPrev = -Infinity;
  for (let i = 0; i < n; i++) {
    const c = r.start[i]! + xL;
    S.push(c - Math.max(e[i]!, cPrev));
    gap.push(r.freed[i]! - c);
    cPrev = c;
  }
  const byOut: Record<string, unknown> = {};
  for (const g of new Set(r.out.slice(0, n))) byOut[names[g]!] = stats(S.filter((_, i) => r.out[i] === g));
  const sh = S.slice();
  for (let i = sh.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sh[i], sh[j]] = [sh[j]!, sh[i]!];
  }
  // Each stall period of the feeding port that began in the recorded span: the far buffer's head then (the packet k with
  // max(e_k, c_{k−1}) ≤ a < c_k), its output, its age a − max(e_k, c_{k−1}), its rest c_k + tail gap − a, the period's length.
  const key = `${names[(b / V) | 0]}/${b % V}`;
  const st = stallsOf.get(peer.get(key.split('/')[0]!)!) ?? [];
  const c: number[] = S.map((_, i) => r.start[i]! + xL);
  let nSt = 0, len = 0, len2 = 0, age = 0, rest = 0, headS = 0, restMiss = 0;
  const outShare: Record<string, number> = {};
  for (const [a, z] of st) {
    if (n === 0 || a < e[0]! || a >= c[n - 1]!) continue;
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c[mid]! > a) hi = mid;
      else lo = mid + 1;
    }
    const k = lo;
    const ready = Math.max(e[k]!, k > 0 ? c[k - 1]! : -Infinity);
    if (ready > a) { restMiss++; continue; }
    nSt++;
    len += z - a; len2 += (z - a) ** 2; age += a - ready; rest += c[k]! + gap[k]! - a; headS += S[k]!;
    const o = names[r.out[k]!]!;
    outShare[o] = (outShare[o] ?? 0) + 1;
  }
  const stallRead = { n: nSt, notHeld: restMiss, len: len / nSt / xL, resid: len2 / (2 * len) / xL, headAge: age / nSt / xL, headRest: rest / nSt / xL, headS: headS / nSt / xL, outShare: Object.fromEntries(Object.entries(outShare).map(([o, v]) => [o, v / nSt])) };
  // The shifted arrivals of the model's queue (docs/models.md §13.5): inter-entry times less x, their mean (x) and SCV.
  const A = e.slice(1).map((t, i) => t - e[i]! - xL);
  const mA = mean(A);
  const arrivals = { shiftedMean: mA / xL, shiftedScv: mean(A.map((a) => (a - mA) ** 2)) / (mA * mA), backToBack: A.filter((a) => a < 1e-3 * xL).length / A.length };
  out[key] = { arrivals, stall: stallRead, S: stats(S), byOut, ordered: replay(e, S, gap), shuffled: replay(e, sh, gap), gap: mean(gap) / xL };
}
console.log(JSON.stringify({ seed, x: xL, buffers: out }));
