/**
 * The output-queued floor's total against the simulator's own arrivals (H44d, session 27, docs/fabric-model.md entries 400–):
 * for each named switch output port, every packet's entry into its input buffer (its header's arrival, FifoInputQueues.push)
 * and start on that output (Crossbar.startTx) are recorded; per replication the aid reports, in x and per VL and over the
 * port:
 *   - sim: the simulator's mean wait entry → start (sim-merge-split.ts's figure);
 *   - oq-fcfs: the same entry times replayed into an output queue served first come, first served in x each (Lindley) —
 *     the conservation law's reference wait W_OQ for the arrivals the simulator actually brought (its credits' throttling
 *     included);
 *   - oq-arb: the same replay served per VL by the port's VL arbitration table (admission's VlArbiter, as the simulator's
 *     output): its per-VL split of the same total (work conserving, equal transmissions: the same mean as oq-fcfs);
 *   - form: change 29's W_OQ = W(λ) − Σ_i (λ_i/λ) W(λ_i), M/D/1 W(ρ) = ρ/(2(1 − ρ)), from the measured rates (λ_i per input
 *     link, every VL together), and the table split g_v of the model (wrrSplit) times it;
 *   - per input link: its measured λ_i x to the port, the SCV of its inter-arrival times, the replay of its own stream alone,
 *     its packets present K (entry to the end of their transmission, time-averaged) and E[(K − slots)⁺] (`--slots`, 4).
 * Means ± t 95 % half-width over the replications. The model's floor per VL (floor.ts: g_v W_OQ + change 295's move, less
 * the spill) beside it. src is not changed. A measuring aid, not a score.
 *
 * `--buffer-bytes B` resizes every input buffer (sim-case-params.ts), the model's too.
 *
 *     nice -n 10 npx tsx benchmarks/sim-merge-oq.ts mesh8x8-bitcomp-1sl 90% s0_3:4[,…] [--reps 5] [--packets 5000] [--buffer-bytes B] [--slots N]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { VlArbiter } from '../src/admission/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { hookEntryToStart } from './sim-entry-start.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.indexOf(n) >= 0 ? args[args.indexOf(n) + 1]! : d);
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--buffer-bytes', '--slots'].includes(args[i - 1]!)));
const [name, label, portList] = positional;
if (name === undefined || label === undefined || portList === undefined) throw new Error('usage: sim-merge-oq.ts CASE LABEL OUTPORT[,OUTPORT…] [--reps N] [--packets N]');
const reps = Number(opt('--reps', '5'));
const packets = Number(opt('--packets', '5000'));
const outs = portList.split(',');
const slots = Number(opt('--slots', '4'));

const { params, pps } = simCaseParams(name, label, Number(opt('--buffer-bytes', '0')));
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

/** One recorded packet at a named output: entry and start (seconds), input link key, VL. */
interface Rec { e: number; st: number; inp: string; v: number }
let recs = new Map<string, Rec[]>();
const hooks = hookEntryToStart(outs, true, (out, inp, v, e, st) => {
  const list = recs.get(out) ?? [];
  list.push({ e, st, inp, v });
  recs.set(out, list);
});

/** Mean wait (x) per VL and over all of an output queue fed at the recorded entry times, served in x each by `pick`. */
function replay(rs: Rec[], V: number, arbiter: VlArbiter | null): { byVl: number[]; all: number } {
  const order = [...rs].sort((a, b) => a.e - b.e);
  const queues: number[][] = Array.from({ length: V }, () => []);
  const heads = new Array<number>(V).fill(0);
  const sum = new Array<number>(V).fill(0);
  const cnt = new Array<number>(V).fill(0);
  let k = 0;
  let t = 0;
  let fcfs: number[] = [];
  let fHead = 0;
  while (k < order.length || queues.some((q, v) => heads[v]! < q.length) || fHead < fcfs.length) {
    const empty = arbiter === null ? fHead >= fcfs.length : queues.every((q, v) => heads[v]! >= q.length);
    if (empty && k < order.length && order[k]!.e > t) t = order[k]!.e;
    while (k < order.length && order[k]!.e <= t) {
      if (arbiter === null) fcfs.push(k);
      else queues[order[k]!.v]!.push(k);
      k++;
    }
    let idx: number;
    if (arbiter === null) idx = fcfs[fHead++]!;
    else {
      const vl = arbiter.select((w) => (w < V && heads[w]! < queues[w]!.length ? 2048 : 0));
      arbiter.sent(vl, 2048);
      idx = queues[vl]![heads[vl]!++]!;
    }
    const r = order[idx]!;
    sum[r.v]! += (t - r.e) / x;
    cnt[r.v]!++;
    t += x;
    if (arbiter === null && fcfs.length > 100000 && fHead > 50000) (fcfs = fcfs.slice(fHead)), (fHead = 0);
  }
  const all = sum.reduce((a, b) => a + b, 0) / cnt.reduce((a, b) => a + b, 0);
  return { byVl: sum.map((s, v) => s / Math.max(1, cnt[v]!)), all };
}

/** Per replication and output: the figures named in the header. */
const rows = new Map<string, number[][]>();
const put = (key: string, r: number, val: number) => {
  const row = rows.get(key) ?? [];
  (row[r] ??= []).push(val);
  rows.set(key, row);
};
const until = packets / pps;
const V: number = params.vls ?? 1;
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(1), replication: r }) as any;
  hooks.attach(f);
  f.run(until / 5, until / 5);
  hooks.on = true;
  const t0 = f.engine.now;
  f.run(until / 5 + until, until / 5);
  const span = f.engine.now - t0;
  hooks.stop();
  for (const [out, rs] of recs) {
    const simV = new Array<number>(V).fill(0);
    const nV = new Array<number>(V).fill(0);
    for (const q of rs) (simV[q.v]! += (q.st - q.e) / x), nV[q.v]!++;
    const fc = replay(rs, V, null);
    const arb = replay(rs, V, V > 1 ? new VlArbiter(params.arbitration) : null);
    for (let v = 0; v < V; v++) {
      if (nV[v] === 0) continue;
      put(`${out}/${v} sim`, r, simV[v]! / nV[v]!);
      put(`${out}/${v} oq-fcfs`, r, fc.byVl[v]!);
      put(`${out}/${v} oq-arb`, r, arb.byVl[v]!);
      put(`${out}/${v} λx`, r, (nV[v]! * x) / span);
    }
    put(`${out} sim`, r, simV.reduce((a, b) => a + b, 0) / rs.length);
    put(`${out} oq-fcfs`, r, fc.all);
    // change 29's form from the measured rates
    const rho = (rs.length * x) / span;
    const W = (p: number) => p / (2 * (1 - p));
    const byIn = new Map<string, Rec[]>();
    for (const q of rs) { const l = byIn.get(q.inp) ?? []; l.push(q); byIn.set(q.inp, l); }
    let sub = 0;
    for (const [inp, list] of byIn) {
      const ri = (list.length * x) / span;
      sub += ri * W(ri);
      const ts = list.map((q) => q.e).sort((a, b) => a - b);
      const gaps = ts.slice(1).map((t, i) => (t - ts[i]!) / x);
      const mg = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      const scv = gaps.reduce((a, b) => a + (b - mg) ** 2, 0) / gaps.length / (mg * mg);
      put(`${out} in ${inp} λx`, r, ri);
      put(`${out} in ${inp} scv`, r, scv);
      put(`${out} in ${inp} alone`, r, replay(list.map((q) => ({ ...q, v: 0 })), 1, null).all);
      put(`${out} in ${inp} sim`, r, list.reduce((a, q) => a + (q.st - q.e) / x, 0) / list.length);
      // Its packets present (entry to the end of their transmission on the output), time-averaged: the mean count K and
      // E[(K − slots)⁺], what change 31's spill says waits upstream of a buffer of `slots` packets.
      const ev = list.flatMap((q) => [[q.e, 1], [q.st + x, -1]] as [number, number][]).sort((a, b) => a[0] - b[0]);
      let k = 0, prev = ev.length > 0 ? ev[0]![0] : 0, area = 0, beyond = 0;
      const atLeast = new Array<number>(9).fill(0);
      for (const [t, d] of ev) {
        (area += k * (t - prev)), (beyond += Math.max(0, k - slots) * (t - prev));
        for (let n = 1; n <= Math.min(8, k); n++) atLeast[n]! += t - prev;
        (k += d), (prev = t);
      }
      for (let n = 1; n <= 8; n++) put(`${out} in ${inp} P(K≥${n})`, r, atLeast[n]! / span);
      put(`${out} in ${inp} K`, r, area / span);
      put(`${out} in ${inp} K beyond slots`, r, beyond / span);
    }
    put(`${out} λx`, r, rho);
    put(`${out} form`, r, W(rho) - sub / rho);
  }
  recs = new Map();
}

const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const modelLine = new Map<string, string>();
for (let o = 0; o < net.ports.length * m.V; o++) {
  const pn = net.ports[(o / m.V) | 0]!.name;
  if (!outs.includes(pn) || !(s.lam[o]! > 0)) continue;
  const xo = s.xbar[o]!;
  let l = 0, own = 0, ext = 0;
  for (let k = m.intoStart[o]!; k < m.intoStart[o + 1]!; k++) {
    const t = m.intoOf[k]!;
    const lt = s.lamT[t]!;
    if (!(lt > 0)) continue;
    (l += lt), (own += lt * (s.headWait[t]! + s.fifoWait[m.turnIn[t]!]!)), (ext += lt * s.floorExtra[t]!);
  }
  modelLine.set(`${pn}/${o % m.V}`, `model λx ${(l * xo).toFixed(3)}: own ${(own / l / xo).toFixed(3)} top-up ${(ext / l / xo).toFixed(3)} total ${((own + ext) / l / xo).toFixed(3)} (seff/x ${(s.seff[o]! / xo).toFixed(3)})`);
}

const tq = [NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262];
const stat = (vals: number[]) => {
  const mu = vals.reduce((a, b) => a + b, 0) / vals.length;
  const sd = Math.sqrt(vals.reduce((a, b) => a + (b - mu) ** 2, 0) / Math.max(1, vals.length - 1));
  return `${mu.toFixed(3)} ± ${(vals.length > 1 ? (tq[Math.min(9, vals.length - 1)]! * sd) / Math.sqrt(vals.length) : NaN).toFixed(3)}`;
};
console.log(`${name} ${label}: per output, x (mean ± t 95 % over ${reps} replications × ${packets} packets per flow)`);
for (const k of [...rows.keys()].sort()) console.log(`  ${k.padEnd(40)} ${stat(rows.get(k)!.map((a) => a[0]!))}`);
for (const [k, v] of modelLine) console.log(`  ${k.padEnd(40)} ${v}`);
