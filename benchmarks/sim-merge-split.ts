/**
 * How a merge's wait divides among its inputs (H44b, session 27, docs/fabric-model.md entries 380–): for each named switch
 * output port, per input buffer that sends to it (named by the output port that feeds it, as the model names its turns), the simulator's mean wait from a packet's entry into the input buffer (its
 * header's arrival, FifoInputQueues.push) to its start on that output (Crossbar.startTx), per replication, with the t
 * 95 % half-width over the replications; beside it the model's turn (head wait + the buffer's FIFO wait + the floor's
 * top-up, floor.ts) and its parts. In x. src/sim is not changed. A measuring aid, not a score.
 *
 * CASE as sim-case-params.ts (`merge3-bare` there since H46a) — `merge3-bare` with LABEL `LA/LB/LH/LS`: one switch s, output o (s:4), side host i (s:5);
 * inputs s:1 and s:2 are links from switches ta, tb each fed by one host (a, b: λx LA, LB to o), s:3 a link from switch th
 * fed by hosts c, d (LH/2 each to o) and e (LS to i) — the shuffle's three-input merge with its split heavy buffer (entry
 * 347) when 0.2/0.2/0.4/0.2. The fixtures' switch (2 KB packets, 2.5 Gb/s, one VL, four-packet buffers, cut-through).
 *
 *     nice -n 10 npx tsx benchmarks/sim-merge-split.ts mesh8x8-shuffle-1sl 90% s1_4:5 [--reps 5] [--packets 10000]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { hookEntryToStart } from './sim-entry-start.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.indexOf(n) >= 0 ? args[args.indexOf(n) + 1]! : d);
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets'].includes(args[i - 1]!)));
const [name, label, portList] = positional;
if (name === undefined || label === undefined || portList === undefined) throw new Error('usage: sim-merge-split.ts CASE LABEL OUTPORT[,OUTPORT…] [--reps N] [--packets N]');
const reps = Number(opt('--reps', '5'));
const packets = Number(opt('--packets', '10000'));
const outs = portList.split(',');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const { params, pps } = simCaseParams(name, label);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

/** Per replication, per "in→out" key: [sum of waits, count]. */
let acc = new Map<string, [number, number]>();
const hooks = hookEntryToStart(outs, false, (out, inp, v, e, st) => {
  const key = `${inp}/${v}→${out}/${v}`;
  const a = acc.get(key) ?? [0, 0];
  (a[0] += st - e), (a[1] += 1);
  acc.set(key, a);
});

const perRep = new Map<string, { mean: number[]; n: number }>();
const until = packets / pps;
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(1), replication: r }) as any;
  hooks.attach(f);
  f.run(until / 5, until / 5);
  hooks.on = true;
  f.run(until / 5 + until, until / 5);
  hooks.stop();
  for (const [k, [sum, n]] of acc) {
    const row = perRep.get(k) ?? { mean: [], n: 0 };
    row.mean.push(sum / n / x);
    row.n += n;
    perRep.set(k, row);
  }
  acc = new Map();
}

// The model's turns into the same outputs.
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const model = new Map<string, string>();
for (let o = 0; o < net.ports.length * m.V; o++) {
  const pn = net.ports[(o / m.V) | 0]!.name;
  if (!outs.includes(pn) || !(s.lam[o]! > 0)) continue;
  const xo = s.xbar[o]!;
  const f = (y: number) => (y / xo).toFixed(3);
  let l = 0, own = 0, ext = 0;
  for (let k = m.intoStart[o]!; k < m.intoStart[o + 1]!; k++) {
    const t = m.intoOf[k]!;
    const lt = s.lamT[t]!;
    if (!(lt > 0)) continue;
    const u = m.turnIn[t]!;
    const mine = s.headWait[t]! + s.fifoWait[u]!;
    (l += lt), (own += lt * mine), (ext += lt * s.floorExtra[t]!);
    model.set(`${net.ports[(u / m.V) | 0]!.name}/${u % m.V}→${pn}/${o % m.V}`, `model ${f(mine + s.floorExtra[t]!)} (head ${f(s.headWait[t]!)} fifo ${f(s.fifoWait[u]!)} top-up ${f(s.floorExtra[t]!)}; buffer λx ${(s.lam[u]! * xo).toFixed(3)}, turn ${(lt * xo).toFixed(3)})`);
  }
  model.set(`mean→${pn}/${o % m.V}`, `model λx ${(l * xo).toFixed(3)}: own ${f(own / l)} top-up ${f(ext / l)} total ${f((own + ext) / l)}`);
}

const t = [NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262];
console.log(`${name} ${label}: entry → start per turn, x (mean ± t 95 % half-width over ${reps} replications × ${packets} packets per flow)`);
const byOut = new Map<string, [number, number]>();
for (const k of [...perRep.keys()].sort()) {
  const { mean, n } = perRep.get(k)!;
  const mu = mean.reduce((a, b) => a + b, 0) / mean.length;
  const sd = Math.sqrt(mean.reduce((a, b) => a + (b - mu) ** 2, 0) / Math.max(1, mean.length - 1));
  const hw = mean.length > 1 ? (t[Math.min(9, mean.length - 1)]! * sd) / Math.sqrt(mean.length) : NaN;
  const out = k.split('→')[1]!;
  const b = byOut.get(out) ?? [0, 0];
  (b[0] += mu * n), (b[1] += n);
  byOut.set(out, b);
  console.log(`  ${k.padEnd(22)} n ${String(n).padStart(7)}  sim ${mu.toFixed(3)} ± ${hw.toFixed(3)}   ${model.get(k) ?? 'model: no turn'}`);
}
for (const [out, [sum, n]] of byOut) console.log(`  mean→${out.padEnd(16)} sim ${(sum / n).toFixed(3)}   ${model.get(`mean→${out}`) ?? ''}`);
