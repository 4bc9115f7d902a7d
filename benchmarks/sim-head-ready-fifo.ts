/**
 * The input buffers' service as the model books it, its spread, and the FIFO wait it makes (H41uni, docs/fabric-model.md entry
 * 290). Each switch input buffer's head time as the model books it (from its port's being free of the buffer's own predecessor to
 * its start: b, the service S = x + b) — its mean and second moment, split by how the head became head (fresh with its port free,
 * fresh while its port still sent its predecessor, successor registered at its predecessor's start) — and each packet's FIFO part
 * (entry into the buffer to that instant), beside the model's S − x, E[(S − x)²] and FIFO wait; then the model's FIFO form
 * (splitFifo.ts bufferFifoWait, the model's arrivals) fed with the simulator's service moments, to tell the service's spread from the
 * form. This process wraps FifoInputQueues.push / register / popHead and Crossbar.startTx (src/sim is not changed). One
 * replication per process (`--seed`); `--json` prints the per-buffer sums, `--pool FILE…` pools such lines (mean ± t₄,₀.₉₇₅·s/√n
 * over the replications) with the model solved once.
 *
 *     for s in 1 2 3 4 5; do nice -n 19 npx tsx benchmarks/sim-head-ready-fifo.ts mesh8x8-uniform-2sl 90% --seed $s --json; done > /tmp/f.jsonl
 *     npx tsx benchmarks/sim-head-ready-fifo.ts --pool /tmp/f.jsonl
 */
import { readFileSync } from 'node:fs';
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { bufferHeadTime } from '../src/model/queues/heads.js';
import { finiteQueue, trainFifoWait } from '../src/model/queues/queue.js';
import { slowerOut, switchFedChoice } from '../src/model/queues/bufferWait.js';
import { bufferFifoWait } from '../src/model/queues/splitFifo.js';
import type { CompiledModel } from '../src/model/spec/compile.js';
import type { ModelState } from '../src/model/fixedPoint/state.js';
import { RELOCATE } from '../src/model/fixedPoint/iterate.js';
import { otherVlsReadout } from '../src/model/queues/portReadout.js';
import { waitingElsewhere } from '../src/model/fixedPoint/waiting.js';
import { simCaseParams } from './sim-case-params.js';
import { flagPops } from './sim-hooks.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.includes(n) ? args[args.indexOf(n) + 1]! : d);
const poolAt = args.indexOf('--pool');
/** Per buffer (input port name, VL): [n, Σb, Σb², Σ FIFO part, per class (fresh port free, fresh port sends own predecessor, successor): n, Σb, Σb²]. */
type Sums = Record<string, number[]>;
const T975 = [NaN, NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262];

function simulate(name: string, label: string, packets: number, seed: number): Sums {
  const { params, pps } = simCaseParams(name, label);
  const V: number = params.vls ?? 2;
  const xLink = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
  let clock: () => number = () => 0;
  let measuring = false;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let fifoInst: any = null;
  const pushT = new Map<number, number>();
  const regAt = new Map<number, [number, number, number]>();
  /** Per input port: [packets started, the last one's start]: its sending time up to now (sim-head-times.ts portSent). */
  const portTx = new Map<number, [number, number]>();
  const portSent = (port: number) => {
    const a = portTx.get(port);
    return a === undefined ? 0 : a[0] * xLink - Math.max(0, a[1] + xLink - clock());
  };
  const lastStart = new Map<number, number>();
  const sums = new Map<number, number[]>();
  /** Per output: its registered heads by buffer, [ready instant, turns lost so far] — a turn lost: the output starts another input's packet while the head is ready but its port sends another VL's packet, or starts the head's own port's other-VL packet. */
  const pendingAt = new Map<number, Map<number, [number, number, number, number]>>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fifo = FifoInputQueues.prototype as any;
  const push = fifo.push;
  fifo.push = function (x: number, p: number) {
    fifoInst = this;
    pushT.set(p, clock());
    return push.call(this, x, p);
  };
  const register = fifo.register;
  fifo.register = function (x: number, out: number, vl: number) {
    const q = this.bufferOf(x);
    // What of the head's time is its wait for its own buffer's predecessor on the port (the model's FIFO part): x for a successor
    // (registered as its predecessor starts), the rest of the predecessor's transmission for a fresh head.
    const own = pops.popping ? xLink : Math.max(0, (lastStart.get(q) ?? -Infinity) + xLink - clock());
    regAt.set(this.headOf(x), [clock(), pops.popping ? 2 : own > 0 ? 1 : 0, portSent((q / V) | 0)]);
    const at = pendingAt.get(out) ?? new Map<number, [number, number, number, number]>();
    at.set(q, [clock() + own, 0, 0, 0]);
    pendingAt.set(out, at);
    return register.call(this, x, out, vl);
  };
  const pops = flagPops(fifo);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const xbar = Crossbar.prototype as any;
  const startTx = xbar.startTx;
  xbar.startTx = function (g: number, x: number, v: number) {
    if (fifoInst !== null) {
      const q = fifoInst.bufferOf(x);
      const p = fifoInst.headOf(x);
      const t0 = pushT.get(p);
      const reg = regAt.get(p);
      pushT.delete(p);
      regAt.delete(p);
      const own = reg === undefined ? 0 : reg[1] === 2 ? xLink : reg[1] === 1 ? Math.max(0, (lastStart.get(q) ?? -Infinity) + xLink - reg[0]) : 0;
      lastStart.set(q, clock());
      const at = pendingAt.get(g);
      const lost = at?.get(q)?.[1] ?? 0;
      const lostYoung = at?.get(q)?.[2] ?? 0;
      const readyQ = at?.get(q)?.[0] ?? clock();
      const lostBusy = at?.get(q)?.[3] ?? 0;
      at?.delete(q);
      for (const [q2, rec] of at ?? []) {
        if (clock() < rec[0] - 1e-15) continue;
        const port2 = (q2 / V) | 0;
        const pt2 = portTx.get(port2);
        if (port2 === ((q / V) | 0) || (pt2 !== undefined && pt2[1] + xLink > clock() + 1e-15)) ((rec[1] += 1), (rec[2] += readyQ > rec[0] + 1e-15 ? 1 : 0), (rec[3] += port2 !== ((q / V) | 0) ? 1 : 0));
      }
      if (measuring && t0 !== undefined && reg !== undefined) {
        const b = (clock() - reg[0] - own) / xLink;
        // Of b, the time its port sent another VL's packet (its own predecessor's `own` left out).
        const po = Math.max(0, (portSent((q / V) | 0) - reg[2] - own) / xLink);
        const a = sums.get(q) ?? new Array<number>(26).fill(0);
        (a[24]! += lostBusy), (a[25]! += lostBusy >= 1 ? 1 : 0);
        (a[22]! += lostYoung), (a[23]! += lostYoung * lostYoung);
        (a[18]! += lost), (a[19]! += lost * lost), (a[20]! += lost >= 1 ? 1 : 0), (a[21]! += lost >= 2 ? 1 : 0);
        (a[13]! += po), (a[14]! += po * po), (a[15]! += (b - po) * (b - po)), (a[16]! += b > 1e-9 ? 1 : 0), (a[17]! += b - po);
        (a[0]! += 1), (a[1]! += b), (a[2]! += b * b), (a[3]! += (reg[0] + own - t0) / xLink);
        (a[4 + 3 * reg[1]]! += 1), (a[5 + 3 * reg[1]]! += b), (a[6 + 3 * reg[1]]! += b * b);
        sums.set(q, a);
      }
    }
    if (fifoInst !== null) {
      const pt = portTx.get((fifoInst.bufferOf(x) / V) | 0) ?? [0, 0];
      (pt[0] += 1), (pt[1] = clock());
      portTx.set((fifoInst.bufferOf(x) / V) | 0, pt);
    }
    return startTx.call(this, g, x, v);
  };
  const until = packets / pps;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: 0 }) as any;
  clock = () => f.engine.now;
  f.run(until / 5, until / 5);
  measuring = true;
  f.run(until / 5 + until, until / 5);
  const out: Sums = {};
  for (const [q, a] of sums) out[`${f.portNames[(q / V) | 0]}/${q % V}`] = a;
  return out;
}

/**
 * splitFifo.ts bufferFifoWait for head time S (second moment S2) in every branch: its switch-fed tandem (bufferWait.ts switchFedWait)
 * reads the head time from the model's state, so that branch is formed here again with S (the same lines).
 */
function fifoForm(m: CompiledModel, s: ModelState, u: number, S: number, S2: number, lt: number, ca2t: number, shift: number, slots: number): number {
  if (m.hostChannel[u] === 1 || !slowerOut(m, s, u)) return bufferFifoWait(m, s, u, S, S2, lt, ca2t, shift, slots);
  const St = Math.max(S - shift, 1e-12 * S);
  const w0 = Math.max(0, finiteQueue(lt, 1 / St, ca2t, Math.max(0, S2 - S * S) / (St * St), slots, true).responseTime - St);
  const l = s.lam[u]!;
  const x = s.xbar[u]!;
  const cs2 = Math.max(0, S2 / (S * S) - 1);
  const alone = finiteQueue(l, 1 / x, s.ca2in[u]!, Math.max(0, s.x2[u]! / (x * x) - 1), Infinity, true).responseTime - x;
  const total = finiteQueue(l, 1 / S, s.ca2in[u]!, cs2, Infinity, true);
  if (!Number.isFinite(total.responseTime)) return Infinity;
  let n = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) if (s.lamT[m.turnsOf[i]!]! > 0) n++;
  const train = n > 1 ? trainFifoWait(l, x, Math.max(0, s.x2[u]! / (x * x) - 1), S, S2) : 0;
  return Math.max(w0, switchFedChoice(total.responseTime - S - alone, train, l, S, slots));
}

if (poolAt < 0) {
  const pos = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--packets', '--seed'].includes(args[i - 1]!)));
  const [name, label = '90%'] = pos;
  if (name === undefined) throw new Error('usage: sim-head-ready-fifo.ts CASE [LABEL] [--packets N] [--seed S] --json | --pool FILE…');
  const seed = Number(opt('--seed', '1'));
  console.log(JSON.stringify({ name, label, seed, sums: simulate(name, label, Number(opt('--packets', '4000')), seed) }));
} else {
  const runs = args.slice(poolAt + 1).flatMap((f) => readFileSync(f, 'utf8').split('\n')).filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { name: string; label: string; sums: Sums });
  if (runs.length === 0) throw new Error('sim-head-ready-fifo.ts --pool: no --json lines in the files named');
  const { name, label } = runs[0]!;
  const { params } = simCaseParams(name, label);
  const net = fabricModelNetwork(params);
  const { m, s } = solveModel(net, 1e-7, 500, 1);
  const peer = new Map<string, string>();
  for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
  // Per replication and group (host- or switch-fed, VL): λ-weighted sums of the figures below.
  const F = ['sim b', 'sim E[b²]', 'sim FIFO', 'model b', 'model E[b²]', 'model FIFO', 'form(sim S)', 'form(model S, sim SCV)', 'form(model S) check', 'fresh share', 'fresh b', 'fresh E[b²]', 'own-pred share', 'own-pred b', 'own-pred E[b²]', 'succ share', 'succ b', 'succ E[b²]', 'sim cs² of S', 'model cs² of S', 'sim port', 'sim E[port²]', 'model e', 'model E[e²]', 'sim rest', 'sim E[rest²]', 'model h−e', 'model E[(h−e)²]', 'sim P(b>0)', 'model busy', 'sim lost turns', 'E[lost²]', 'P(lost ≥ 1)', 'P(≥ 2 | ≥ 1)', 'model (1 − free)θπ', 'sim lost to younger', 'E[young²]', 'check E[K]', 'check P(K ≥ 1)', 'check repeat', 'sim lost, port busy', 'sim P(lost, port busy)'];
  const rd = new Float64Array(2 * m.turnsOf.length);
  const rdAll = new Float64Array(2 * m.turnsOf.length);
  const byPort = new Float64Array(3 * net.ports.length);
  const per = new Map<string, number[][]>();
  runs.forEach((r, ri) => {
    net.ports.forEach((port, pi) => {
      const far = peer.get(port.name);
      if (far === undefined || !far.includes(':')) return;
      for (let v = 0; v < m.V; v++) {
        const u = pi * m.V + v;
        const a = r.sums[`${far}/${v}`];
        const l = s.lam[u]!;
        if (a === undefined || !(l > 0) || !(s.headTime[u]! > 0) || a[0]! < 10) continue;
        const x = s.xbar[u]!;
        const [S, S2] = bufferHeadTime(m, s, u, true);
        // The switch-fed tandem's head time leaves the outputs' credit waits out (bufferWait.ts headTimeWithoutCredits).
        const [Sc, S2c] = m.hostChannel[u] === 1 ? [S, S2] : bufferHeadTime(m, s, u, false);
        const p = (u / m.V) | 0;
        const perPacket = Math.ceil(s.b1[u]! / l / 64);
        const slots = Math.max(1, Math.floor(m.bufferBlocks[p]! / Math.max(1, perPacket)));
        const own = RELOCATE && m.hostChannel[u] === 1 ? Infinity : slots;
        const shift = 1 / l - x > 0 ? x : 0;
        const lt = 1 / (1 / l - shift);
        const ca2t = s.cd2[u]! * (lt / l) * (lt / l);
        const bs = a[1]! / a[0]!;
        const bs2 = a[2]! / a[0]!;
        const Ss = x * (1 + bs);
        const Ss2 = x * x * (1 + 2 * bs + bs2);
        const cs2Sim = Ss2 / (Ss * Ss) - 1;
        const bm = S / x - 1;
        const bm2 = (S2 - 2 * x * S + x * x) / (x * x);
        const row = [bs, bs2, a[3]! / a[0]!, bm, bm2, s.fifoWait[u]! / x, fifoForm(m, s, u, Ss, Ss2, lt, ca2t, shift, own) / x, fifoForm(m, s, u, Sc, Sc * Sc * (1 + cs2Sim), lt, ca2t, shift, own) / x, fifoForm(m, s, u, Sc, S2c, lt, ca2t, shift, own) / x];
        for (let c = 0; c < 3; c++) row.push(a[4 + 3 * c]! / a[0]!, a[5 + 3 * c]! / Math.max(1, a[4 + 3 * c]!), a[6 + 3 * c]! / Math.max(1, a[4 + 3 * c]!));
        row.push(cs2Sim, S2 / (S * S) - 1);
        // The port's part: the simulator's time its port sent another VL's packet during b, beside the model's e (inputBuffers' mix of
        // the two readouts), and the rest (the wait for the output) beside the model's h − e; second moments of each.
        otherVlsReadout(m, s, u, rd, byPort);
        otherVlsReadout(m, s, u, rdAll, byPort, true);
        const fresh = 1 - Math.min(1, l * Math.max(0, s.headTime[u]! - x));
        let e = 0;
        let e2 = 0;
        let o = 0;
        let o2 = 0;
        let pw = 0;
        let lostM = 0;
        let kM = 0;
        let k1M = 0;
        let repM = 0;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          const pr = s.lamT[t]! / l;
          if (!(pr > 0)) continue;
          const k = i - m.turnsStart[u]!;
          const free = (1 - Math.min(1, s.headWaitProb[t]!)) * fresh;
          const et = free * rd[2 * k]! + (1 - free) * rdAll[2 * k]!;
          const et2 = free * rd[2 * k + 1]! + (1 - free) * rdAll[2 * k + 1]!;
          const h0 = s.headWait[t]! - et;
          (e += pr * et), (e2 += pr * et2), (o += pr * h0), (o2 += pr * (s.headWait2[t]! - 2 * h0 * et - et2)), (pw += pr * Math.min(1, s.headWaitProb[t]!));
          const qo = (m.turnOut[t]! / m.V) | 0;
          const th = waitingElsewhere(m, qo, p, t);
          lostM += pr * (1 - free) * th * s.portBusyAll[t]!;
          // Entry 290's check: the turn also lost to a request registering at q during the port's residual R (rate λ_o of q's
          // turns from other input ports; E[e^{−λ_o R}] for R uniform on (0, x)), and lost again at each later end of q with the
          // port busy again (geometric): P_L = 1 − (1 − θ)φ, K ≥ 1 with π_first·P_L, each further with π_all·P_L.
          let lo = 0;
          for (let cc = qo * m.V; cc < (qo + 1) * m.V; cc++) for (let r2 = m.intoStart[cc]!; r2 < m.intoStart[cc + 1]!; r2++) if (((m.turnIn[m.intoOf[r2]!]! / m.V) | 0) !== p) lo += s.lamT[m.intoOf[r2]!]! * s.xbar[cc]!;
          const phi = lo > 0 ? -Math.expm1(-lo) / lo : 1;
          const PL = 1 - (1 - th) * phi;
          const rep = s.portBusyAll[t]! * PL;
          const first = free * s.portBusyFresh[t]! * (1 - phi) + (1 - free) * s.portBusyAll[t]! * PL;
          (kM += pr * first / (1 - rep)), (k1M += pr * first), (repM += pr * rep);
        }
        row.push(a[13]! / a[0]!, a[14]! / a[0]!, e / x, e2 / (x * x), a[17]! / a[0]!, a[15]! / a[0]!, o / x, o2 / (x * x), a[16]! / a[0]!, pw, a[18]! / a[0]!, a[19]! / a[0]!, a[20]! / a[0]!, a[21]! / Math.max(1, a[20]!), lostM, a[22]! / a[0]!, a[23]! / a[0]!, kM, k1M, repM, a[24]! / a[0]!, a[25]! / a[0]!);
        const key = `${port.name.includes(':') ? 'switch' : 'host'}-fed VL ${v}`;
        const g = per.get(key) ?? [];
        g[ri] ??= new Array<number>(F.length + 1).fill(0);
        g[ri]![F.length]! += l;
        row.forEach((z, i) => (g[ri]![i]! += l * z));
        per.set(key, g);
      }
    });
  });
  console.log(`${name} ${label}: ${runs.length} replications; λ-weighted over the buffers, in x (b = S − x, the head as the model books it); mean ± half-width (95 %)`);
  for (const [key, g] of [...per].sort()) {
    const cell = (i: number) => {
      const xs = g.filter((z) => z !== undefined).map((z) => z[i]! / z[F.length]!);
      const n = xs.length;
      const mean = xs.reduce((p, q) => p + q, 0) / n;
      const sd = Math.sqrt(xs.reduce((p, q) => p + (q - mean) ** 2, 0) / Math.max(1, n - 1));
      return n > 1 ? `${mean.toFixed(3)} ± ${(((T975[n] ?? 1.96) * sd) / Math.sqrt(n)).toFixed(3)}` : mean.toFixed(3);
    };
    console.log(`${key}: ${F.map((f, i) => `${f} ${cell(i)}`).join('; ')}`);
  }
}
