/**
 * Where a FIFO head's wait for its output goes, in the simulator (H41lost, docs/fabric-model.md entry 291): per switch input buffer
 * class (host- or switch-fed, VL), from the instant the head is ready (registered, its own predecessor off its port) to its start —
 * whether the output was sending then and the residual (the model's busy·R), the output's starts in between by requests ready before
 * it ("older", the model's heads ahead) and after it ("younger": the table's reordering and, with its port busy then, the turns it
 * lost — change 290), and the rest of the wait ("gap": the output idle or the head's port sending another VL's packet while nothing
 * else starts — the model's serial port wait e); and at each fresh head's registration (its port free of its own predecessor) the
 * ready requests already waiting at its output, how many of them with their port busy (the arrival theorem's `ahead`, iterate.ts).
 * Wraps FifoInputQueues.push / register / popHead and Crossbar.startTx as sim-head-ready-fifo.ts does (src/sim unchanged); one
 * replication per process, `--pool FILE…` pools the JSON lines (mean ± t₄,₀.₉₇₅·s/√n over the replications).
 * Entry 335 (H42lt) adds a second line per class, the lost turns' law: at each end of the output while the head is ready (a
 * "free"), its own port busy with another VL's packet to another output (π at frees); the port's residual R then; who takes
 * the output — at that instant (a request ready then; of them ready at that very instant; the port that just sent on this
 * output, its same buffer), a request ready later inside R (successor / host-fed / same VL), an older head whose port freed
 * first, at the instant the head's port frees (a tie; its port's other VL), or after it (the port busy again) — and the rate of
 * requests becoming ready inside R; the losses per head and their repeat; and fresh heads that register with their port busy
 * at an idle output (idle-output watches). The first line's columns are unchanged.
 * Entry 336 (H42snd) appends to the law line: the previous sender's taker at t0 by class (its same buffer's successor, i.e.
 * queued behind the ended packet before it started; the same buffer's packet registered fresh while the ended one was still
 * sent or at its end; the port's other VL), whether that taker arrived back to back behind the ended packet (its header x after
 * the ended one's, SwitchInputs.enqueue), at each π-end whether the ended packet's link delivered such a follower at all and to
 * this output, and the previous sender's take split by the output (to a host or not) and by the ended packet's input port
 * (fed by a switch or a host). The model's side: benchmarks/model-sender-trains.ts (main's κ, change 320).
 *
 * Entry 430 (H45b) appends a third line per class, the ready wait's second moment by its parts (the "spread" line: w = R + n +
 * gap with n the older and younger starts; their moments, cross terms and the count's dispersion; the successors' and the
 * fresh heads' w apart). The model's side: benchmarks/model-heads-by-output.ts (E[b²]) and, on branch i45b-tried,
 * model-head-spread.ts (E[b²] by the terms that form it).
 *
 * Entry 470 (H45f) appends a "busy found" line per class: P(output busy at ready) by the head's kind (fresh; a successor whose
 * predecessor went to the same output; one whose went elsewhere), by the packet in service, and the ties — the head ready at the
 * very instant the output frees, lost when another request starts then (busy with R = x).
 *
 * Entry 490 (H46a) appends a "busy parts" line per class: P(busy at ready) by another input port's packet (all heads; away
 * from the ties), the time-average share of the output's time on other input ports' packets over the same heads (PASTA's
 * reference: each head's output and input port, the window's transmissions), and at a fresh head's registration (ready
 * then) the output idle while another buffer's request waits for it (its port busy, or its VL without credits) — the state
 * the model counts as busy (change 36's idle term, benchmarks/model-busy-parts.ts).
 *
 *     for s in 1 2 3 4 5; do nice -n 19 npx tsx benchmarks/sim-head-starts.ts switch8-2sl 0.6 20000 $s; done > /tmp/st.jsonl
 *     npx tsx benchmarks/sim-head-starts.ts --pool /tmp/st.jsonl
 */
import { readFileSync } from 'node:fs';
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { SwitchInputs } from '../src/sim/fabric/switch/switchInputs.js';
import { confidenceInterval } from '../src/sim/stats/intervals.js';
import { simCaseParams } from './sim-case-params.js';
import { flagPops } from './sim-hooks.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';

const args = process.argv.slice(2);
const BY_OUTPUT = process.env.BY_OUTPUT ?? '0';
/** Per class: the sums of entries 335–336 (0–66), of entry 430's spread line (72–91), of entry 450's delay-cycle line (92–97), of entry 470's busy-found line (98–119) and of entry 490's busy-parts line (120–129). */
const DEC_LEN = 130;
/** Per buffer (input port name, VL): [n, Σb, Σb², Σ FIFO part, per class (fresh port free, fresh port sends own predecessor, successor): n, Σb, Σb²]. */
type Sums = Record<string, number[]>;
/** Column i over the replications' rows: its mean ± the 95 % Student-t half-width (the mean alone for one row). */
function meanCell(rows: readonly number[][], i: number): string {
  const ci = confidenceInterval(rows.map((r) => r[i]!));
  return rows.length > 1 ? `${ci.mean.toFixed(3)} ± ${ci.halfWidth.toFixed(3)}` : ci.mean.toFixed(3);
}

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
  /** Entry 470 (H45f): per buffer, the output of its last started packet (a successor's predecessor's output). */
  const lastOutOf = new Map<number, number>();
  /** Entry 470: per output, its recent starts' [VL, input port], parallel to outStarts. */
  const outStartMeta = new Map<number, number[][]>();
  const sums = new Map<number, number[]>();
  /** Per output: its registered heads by buffer, [ready instant, turns lost so far] — a turn lost: the output starts another input's packet while the head is ready but its port sends another VL's packet, or starts the head's own port's other-VL packet. */
  const pendingAt = new Map<number, Map<number, any>>();
  const outStarts = new Map<number, number[]>();
  const dec = new Map<number, number[]>();
  /** Entry 490 (H46a): per output, its measured starts by input port; per class, its heads by [output, input port]. */
  const txByOutIn = new Map<number, Map<number, number>>();
  const headsAt = new Map<number, Map<string, number>>();
  let hostFed: (port: number) => boolean = () => false;
  /**
   * H44a (entry 371): with `BY_OUTPUT=1` each class is split by its output — to a host (+1000) or to a switch; with
   * `BY_OUTPUT=NAME` (a host) — the output to NAME (+1000) or elsewhere; with `BY_OUTPUT=merge` — an output where one input
   * port brings more than half of the load (by the model's per-turn rates at this point, which below saturation are the
   * offered rates along the routes: a classification only) or not.
   */
  let toNamed: (out: number) => boolean = () => false;
  const merges = BY_OUTPUT === 'merge' ? mergeOutputs(params) : new Set<string>();
  let portName: (port: number) => string = () => '';
  const byOut = (out: number) => (BY_OUTPUT === '1' ? (hostFed(out) ? 1000 : 0) : BY_OUTPUT === 'merge' ? (merges.has(portName(out)) ? 1000 : 0) : BY_OUTPUT !== '0' && toNamed(out) ? 1000 : 0);
  /**
   * Entry 335 (H42lt): per output, the open watches — a ready head whose own input port was busy (another VL's packet to another
   * output) when the output freed: [head's rec, head's class key, t0, its port's end, head's buffer]; closed by the output's next start.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const watches = new Map<number, any[]>();
  const EPS = 1e-15;
  /** Per output, the input port of its last start. */
  const lastTaker = new Map<number, number>();
  /**
   * Entry 336 (H42snd): per output, the arrival (push) instant of its last started packet; per output, its last taker's
   * [buffer, registration class (0 fresh port free, 1 fresh behind its own predecessor, 2 successor), push instant, the push
   * instant of the packet started before it]; per input port, its last pushes [instant, buffer, output].
   */
  const lastStartPush = new Map<number, number>();
  const lastTakerInfo = new Map<number, [number, number, number, number]>();
  const portPushes = new Map<number, number[][]>();
  /** The previous sender's taker at t0 by class (same buffer: successor / fresh behind its predecessor / fresh; its other VL) and whether it arrived back to back behind the ended packet. */
  const splitPrevTaker = (d: number[], qT: number, regCls: number, pushT2: number, pushA: number, bufA: number, g: number) => {
    const same = qT === bufA;
    if (same) d[regCls === 2 ? 56 : regCls === 1 ? 57 : 58] += 1;
    else d[59] += 1;
    if (Math.abs(pushT2 - pushA - xLink) < 1e-6 * xLink) ((d[60] += 1), (d[66] += hostFed(g) ? 1 : 0), (d[61] += same ? 0 : 1), (d[62] += same && regCls === 2 ? 1 : 0));
  };
  /** At a π-end: did the ended packet's link deliver its next packet back to back behind it (header x after its header), and to this output? */
  const trainBehind = (d: number[], port: number, pushA: number, g: number) => {
    for (const e of portPushes.get(port) ?? []) if (Math.abs(e[0]! - pushA - xLink) < 1e-6 * xLink) { d[63] += 1; if (e[2] === g) d[51] += 1; if (hostFed(g)) ((d[64] += 1), (d[65] += e[2] === g ? 1 : 0)); return; }
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const inputs = SwitchInputs.prototype as any;
  const enqueue = inputs.enqueue;
  inputs.enqueue = function (s: number, g: number, v: number, out: number, p: number) {
    const list = portPushes.get(g) ?? [];
    list.push([clock(), g * V + v, out]);
    if (list.length > 16) list.shift();
    portPushes.set(g, list);
    return enqueue.call(this, s, g, v, out, p);
  };
  const countNewReady = (d: number[], readyAt: number, w: any[], q2: number, vl2: number, succ: boolean) => {
    if (w[5] === 'idle') return;
    if (!(readyAt > w[2] + EPS && readyAt < w[3] - EPS) || q2 === w[4]) return;
    (d[29] += 1), (d[30] += succ ? 1 : 0), (d[31] += hostFed((q2 / V) | 0) ? 1 : 0), (d[32] += vl2 === w[1] % 100 ? 1 : 0);
  };
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
    const at = pendingAt.get(out) ?? new Map<number, any>();
    if (measuring && !pops.popping && own === 0) {
      const key = vl + (hostFed((q / V) | 0) ? 100 : 0) + byOut(out);
      const d = dec.get(key) ?? new Array<number>(DEC_LEN).fill(0);
      d[10] += 1;
      // Entry 490: the output as this fresh head, ready at registration, finds it — sending; idle with another buffer's request
      // waiting (its port busy: d[125]); idle with none.
      {
        const lastEnd = (outStarts.get(out) ?? [-Infinity]).at(-1)! + xLink;
        const sending = lastEnd > clock() + EPS;
        // (an output that ends at this very instant: its choice runs after the instant's other events — a tie, d[127])
        const endsNow = !sending && lastEnd > clock() - EPS;
        let waiting = 0;
        let portBusy = 0;
        for (const [q2, rec] of at) {
          if (q2 === q || rec[0] > clock() - EPS) continue;
          waiting = 1;
          const pt2 = portTx.get((q2 / V) | 0);
          if (pt2 !== undefined && pt2[1] + xLink > clock() + EPS) portBusy = 1;
        }
        const idle = !sending && !endsNow;
        (d[122] += 1), (d[123] += sending ? 1 : 0), (d[124] += idle && waiting ? 1 : 0), (d[125] += idle && portBusy ? 1 : 0), (d[127] += endsNow ? 1 : 0);
      }
      for (const [q2, rec] of at) {
        if (rec[0] > clock() + 1e-15) continue;
        const pt2 = portTx.get((q2 / V) | 0);
        d[11] += 1;
        if (pt2 !== undefined && pt2[1] + xLink > clock() + 1e-15) d[12] += 1;
        if (rec[7] === vl) d[13] += 1;
      }
      dec.set(key, d);
    }
    if (measuring) for (const w of watches.get(out) ?? []) countNewReady(dec.get(w[1])!, clock() + own, w, q, vl, pops.popping);
    // rec0[13] (entry 470): 0 a fresh head, 1 a successor whose predecessor went to this output, 2 one whose predecessor went elsewhere.
    const rec0 = [clock() + own, 0, 0, 0, 0, 0, 0, vl, 0, 0, 0, pops.popping ? 1 : 0, 0, pops.popping ? (lastOutOf.get(q) === out ? 1 : 2) : 0];
    at.set(q, rec0 as any);
    // A fresh head that registers with its port busy (another VL's packet to another output) at an idle output: the watch's
    // other start (change 290's lostFree), counted apart (d[46] watches, d[47] lost).
    const ptR = portTx.get((q / V) | 0);
    const lastOut = (outStarts.get(out) ?? [-Infinity]).at(-1)!;
    if (measuring && !pops.popping && own === 0 && ptR !== undefined && ptR[1] + xLink > clock() + EPS && lastOut + xLink <= clock() + EPS) {
      const key = vl + (hostFed((q / V) | 0) ? 100 : 0) + byOut(out);
      const d = dec.get(key) ?? new Array<number>(DEC_LEN).fill(0);
      dec.set(key, d);
      d[46] += 1;
      const list = watches.get(out) ?? [];
      list.push([rec0, key, clock(), ptR[1] + xLink, q, 'idle']);
      watches.set(out, list);
    }
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
      lastOutOf.set(q, g);
      const at = pendingAt.get(g);
      const lost = at?.get(q)?.[1] ?? 0;
      const lostYoung = at?.get(q)?.[2] ?? 0;
      const readyQ = at?.get(q)?.[0] ?? clock();
      const lostBusy = at?.get(q)?.[3] ?? 0;
      const me = at?.get(q);
      if (measuring && me !== undefined && t0 !== undefined && reg !== undefined) {
        const st = outStarts.get(g) ?? [];
        let busyR = 0;
        let inSvc = -1;
        for (let j = st.length - 1; j >= 0; j--) if (st[j]! <= me[0] + 1e-15) { busyR = Math.max(0, st[j]! + xLink - me[0]); inSvc = j; break; }
        const key2 = me[7] + (hostFed((q / V) | 0) ? 100 : 0) + byOut(g);
        const d = dec.get(key2) ?? new Array<number>(DEC_LEN).fill(0);
        (d[0] += 1), (d[1] += busyR > 1e-15 ? 1 : 0), (d[2] += busyR / xLink), (d[3] += me[4]), (d[4] += me[5]), (d[5] += me[6]), (d[6] += (clock() - me[0]) / xLink), (d[7] += me[4] * me[4]), (d[8] += me[2]), (d[9] += me[8] ?? 0);
        // Entry 430 (H45b): the ready wait's second moment by its parts, w = R + n + gap (x), n = older + younger starts.
        {
          const w = (clock() - me[0]) / xLink;
          const R = busyR / xLink;
          const nO = me[4] as number;
          const nY = me[5] as number;
          const n = nO + nY;
          const gap = w - R - n;
          const nL = me[2] as number;
          const nYs = (me[8] ?? 0) as number;
          const sp = (me[12] ?? 0) as number;
          (d[72] += w * w), (d[73] += n * n), (d[74] += R * R), (d[75] += R * n), (d[76] += gap), (d[77] += gap * gap), (d[78] += n * gap), (d[79] += R * gap);
          (d[80] += nY * nY), (d[81] += nO * nY), (d[82] += nL * nL), (d[83] += nYs), (d[84] += nYs * nYs), (d[88] += sp), (d[89] += sp * sp);
          if (me[11] === 1) (d[85] += 1), (d[86] += w), (d[87] += w * w);
          (d[90] += nY - nYs), (d[91] += (nY - nYs) * (nY - nYs));
          // Entry 450 (H45d): the delay cycle's parts — V = R + older + gap (the work found that goes first), Y = younger (the
          // overtakers, x each): E[V²], E[V·Y], E[w·Y], E[V³] and the count of heads with no overtaker.
          const V0 = R + nO + gap;
          (d[92] += V0 * V0), (d[93] += V0 * nY), (d[94] += w * nY), (d[95] += V0 * V0 * V0), (d[96] += nY === 0 ? 1 : 0), (d[97] += w * w * w);
          // Entry 470 (H45f): the output found busy at ready by the head's kind (fresh; successor behind a predecessor to this
          // output; successor behind one to another output) and by the packet in service (the head's VL or the other; from the
          // head's own input port), and the output freeing at the very instant of ready.
          const kind = (me[13] ?? 0) as number;
          const busy = busyR > 1e-15 ? 1 : 0;
          (d[98 + 3 * kind] += 1), (d[99 + 3 * kind] += busy), (d[100 + 3 * kind] += R);
          const meta = inSvc >= 0 ? outStartMeta.get(g)?.[inSvc] : undefined;
          if (busy && meta !== undefined) ((d[107] += meta[0] === me[7] ? 1 : 0), (d[108] += meta[0] !== me[7] ? 1 : 0), (d[109] += meta[1] === ((q / V) | 0) ? 1 : 0));
          if (!busy && inSvc >= 0 && Math.abs(st[inSvc]! + xLink - me[0]) < 1e-6 * xLink) d[110] += 1;
          if (!busy && inSvc >= 0 && Math.abs(st[inSvc]! + xLink - me[0]) < 1e-6 * xLink && meta !== undefined && meta[0] === me[7]) d[111] += 1;
          // Ties at the ready instant, by kind: another request started at that very instant (busy, R = x: the head lost it), or
          // the output ended then and nothing else started (the head may take it).
          const tieLost = busy && Math.abs(R - 1) < 1e-6;
          const tieFree = !busy && inSvc >= 0 && Math.abs(st[inSvc]! + xLink - me[0]) < 1e-6 * xLink;
          (d[112 + 2 * kind] += tieLost ? 1 : 0), (d[113 + 2 * kind] += tieLost || tieFree ? 1 : 0);
          // who took a lost tie: a request of the head's own VL (an older one: the crossbar's oldest-first) or its own input port
          if (tieLost && meta !== undefined) ((d[118] += meta[0] === me[7] ? 1 : 0), (d[119] += meta[1] === ((q / V) | 0) ? 1 : 0));
          // Entry 490 (H46a): busy with another input port's packet (all; away from the ties), and the head's [output, input port].
          const otherPort = busy && meta !== undefined && meta[1] !== ((q / V) | 0);
          (d[120] += otherPort ? 1 : 0), (d[121] += otherPort && !tieLost ? 1 : 0);
          const hk = headsAt.get(key2) ?? new Map<string, number>();
          hk.set(`${g}|${(q / V) | 0}`, (hk.get(`${g}|${(q / V) | 0}`) ?? 0) + 1);
          headsAt.set(key2, hk);
        }
        dec.set(key2, d);
      }
      if (measuring && me !== undefined && reg !== undefined) {
        const d = dec.get(me[7] + (hostFed((q / V) | 0) ? 100 : 0) + byOut(g))!;
        if (d !== undefined) ((d[38] += (me[10] ?? 0) >= 1 ? 1 : 0), (d[39] += (me[10] ?? 0) >= 2 ? 1 : 0), (d[40] += me[10] ?? 0), (d[41] += 1));
      }
      for (const w of watches.get(g) ?? []) {
        const d = dec.get(w[1]);
        if (d === undefined) continue;
        if (w[5] === 'idle') {
          if (q !== w[4]) ((d[47] += 1), (w[0][10] = (w[0][10] ?? 0) + 1));
          continue;
        }
        const c = clock();
        let cls: number;
        if (q === w[4]) cls = 27;
        else if (c <= w[2] + EPS) cls = 20;
        else if (c < w[3] - EPS) {
          if (me !== undefined && me[0] > w[2] + EPS) {
            cls = 21;
            (d[22] += reg?.[1] === 2 ? 1 : 0), (d[23] += hostFed((q / V) | 0) ? 1 : 0), (d[24] += q % V === w[1] % 100 ? 1 : 0);
          } else cls = 25;
        } else if (c <= w[3] + EPS) cls = 26;
        else cls = 28;
        d[cls] += 1;
        const samePort = ((q / V) | 0) === ((w[4] / V) | 0);
        if (cls === 26 && samePort) d[42] += 1;
        if (cls === 28 && samePort) d[43] += 1;
        if (cls === 28) { const pt3 = portTx.get((w[4] / V) | 0); if (pt3 !== undefined && pt3[1] + xLink > c + EPS) d[44] += 1; }
        if (cls === 20 && samePort) d[45] += 1;
        if (cls === 20 && me !== undefined && me[0] >= w[2] - EPS) d[37] += 1;
        // taken at t0 by the port that just finished on this output (its next packet for it: a train, entries 300 / 305)
        if (cls === 20 && ((q / V) | 0) === w[6]) d[48] += 1;
        if (cls === 20 && ((q / V) | 0) === w[6]) ((d[53] += hostFed(g) ? 1 : 0), (d[55] += hostFed(w[6]) ? 0 : 1));
        if (cls === 20 && ((q / V) | 0) === w[6]) splitPrevTaker(d, q, reg?.[1] ?? 0, t0 ?? NaN, lastStartPush.get(g) ?? NaN, w[7], g);
        if (cls === 20 && ((q / V) | 0) === w[6] && q === w[7]) d[49] += 1;
        // of the previous sender's takers: ready more than 0.1 x before the end (they had waited behind their own port's packet)
        if (cls === 20 && ((q / V) | 0) === w[6] && me !== undefined && me[0] < w[2] - 0.1 * xLink) d[50] += 1;
        if (cls !== 27) w[0][10] = (w[0][10] ?? 0) + 1;
      }
      watches.delete(g);
      lastTaker.set(g, (q / V) | 0);
      lastTakerInfo.set(g, [q, reg?.[1] ?? 0, t0 ?? NaN, lastStartPush.get(g) ?? NaN]);
      lastStartPush.set(g, t0 ?? NaN);
      at?.delete(q);
      { const st = outStarts.get(g) ?? []; st.push(clock()); if (st.length > 64) st.shift(); outStarts.set(g, st); }
      { const sm = outStartMeta.get(g) ?? []; sm.push([q % V, (q / V) | 0]); if (sm.length > 64) sm.shift(); outStartMeta.set(g, sm); }
      for (const [q2, rec] of at ?? []) {
        if (clock() < rec[0] - 1e-15) continue;
        if (clock() > rec[0] + 1e-15) { if (readyQ < rec[0] - 1e-15) rec[4] += 1; else rec[5] += 1; }
        if (clock() > rec[0] + 1e-15 && readyQ < rec[0] - 1e-15 && (q % V) === rec[7]) rec[6] += 1;
        if (clock() > rec[0] + 1e-15 && readyQ > rec[0] + 1e-15 && (q % V) === rec[7]) rec[8] = (rec[8] ?? 0) + 1;
        const port2 = (q2 / V) | 0;
        const pt2 = portTx.get(port2);
        // entry 430: starts of the head's own input port's other VL on this output while the head is ready
        if (clock() > rec[0] + 1e-15 && port2 === ((q / V) | 0)) rec[12] = (rec[12] ?? 0) + 1;
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
    if (fifoInst !== null && measuring) {
      const byIn = txByOutIn.get(g) ?? new Map<number, number>();
      const pin = (fifoInst.bufferOf(x) / V) | 0;
      byIn.set(pin, (byIn.get(pin) ?? 0) + 1);
      txByOutIn.set(g, byIn);
    }
    if (fifoInst !== null) {
      const pt = portTx.get((fifoInst.bufferOf(x) / V) | 0) ?? [0, 0];
      (pt[0] += 1), (pt[1] = clock());
      portTx.set((fifoInst.bufferOf(x) / V) | 0, pt);
    }
    return startTx.call(this, g, x, v);
  };
  const choose = xbar.choose;
  xbar.choose = function (g: number, qq: number) {
    const t0 = clock();
    const at = pendingAt.get(g);
    if (measuring && fifoInst !== null && at !== undefined) {
      const open: any[] = [];
      for (const [q2, rec] of at) {
        if (rec[0] > t0 + EPS) continue;
        const key = rec[7] + (hostFed((q2 / V) | 0) ? 100 : 0) + byOut(g);
        const d = dec.get(key) ?? new Array<number>(DEC_LEN).fill(0);
        dec.set(key, d);
        const pt2 = portTx.get((q2 / V) | 0);
        const busy = pt2 !== undefined && pt2[1] + xLink > t0 + EPS;
        d[16] += 1;
        if (busy) d[17] += 1;
        if ((rec[9] ?? 0) === 0) ((d[33] += 1), (d[34] += busy ? 1 : 0));
        if ((rec[10] ?? 0) >= 1) ((d[35] += 1), (d[36] += busy ? 1 : 0));
        rec[9] = (rec[9] ?? 0) + 1;
        if (!busy) continue;
        // entry 336: π-ends at an output to a host; π-ends whose ended packet came in from a switch
        (d[52] += hostFed(g) ? 1 : 0), (d[54] += hostFed((fifoInst.bufferOf(qq) / V) | 0) ? 0 : 1);
        // The output already started again at this instant (an arrival's tryOutput ran before this end's choices): taken at t0.
        if (((outStarts.get(g) ?? [-Infinity]).at(-1)! >= t0 - EPS)) {
          if (lastTaker.get(g) === ((fifoInst.bufferOf(qq) / V) | 0)) ((d[48] += 1), (d[53] += hostFed(g) ? 1 : 0), (d[55] += hostFed((fifoInst.bufferOf(qq) / V) | 0) ? 0 : 1));
          const ti = lastTakerInfo.get(g);
          if (ti !== undefined && lastTaker.get(g) === ((fifoInst.bufferOf(qq) / V) | 0)) splitPrevTaker(d, ti[0], ti[1], ti[2], ti[3], fifoInst.bufferOf(qq), g);
          if (ti !== undefined) trainBehind(d, (fifoInst.bufferOf(qq) / V) | 0, ti[3], g);
          (d[20] += 1), (d[37] += 1), (rec[10] = (rec[10] ?? 0) + 1), (d[18] += (pt2![1] + xLink - t0) / xLink), (d[19] += ((pt2![1] + xLink - t0) / xLink) ** 2);
          continue;
        }
        const end = pt2![1] + xLink;
        trainBehind(d, (fifoInst.bufferOf(qq) / V) | 0, lastStartPush.get(g) ?? NaN, g);
        (d[18] += (end - t0) / xLink), (d[19] += ((end - t0) / xLink) ** 2);
        const w = [rec, key, t0, end, q2, 'free', (fifoInst.bufferOf(qq) / V) | 0, fifoInst.bufferOf(qq)];
        // requests already registered that become ready inside the residual (successors registered as their predecessors started)
        for (const [q3, rec3] of at) countNewReady(d, rec3[0], w, q3, rec3[7], rec3[11] === 1);
        open.push(w);
      }
      if (open.length > 0) watches.set(g, [...(watches.get(g) ?? []), ...open]);
    }
    return choose.call(this, g, qq);
  };
  const until = packets / pps;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: 0 }) as any;
  clock = () => f.engine.now;
  { const peer = new Map<string, string>(); for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a)); hostFed = (port: number) => !(peer.get(f.portNames[port]) ?? ':').includes(':'); toNamed = (port: number) => peer.get(f.portNames[port]) === BY_OUTPUT; portName = (port: number) => f.portNames[port]; }
  f.run(until / 5, until / 5);
  measuring = true;
  f.run(until / 5 + until, until / 5);
  // Entry 490: per class, Σ over its heads of the output's time-average share on other input ports' packets (d[126]).
  for (const [key2, hk] of headsAt) {
    const d = dec.get(key2)!;
    for (const [pair, n] of hk) {
      const [g, pin] = pair.split('|').map(Number) as [number, number];
      const byIn = txByOutIn.get(g) ?? new Map<number, number>();
      let all = 0;
      for (const k of byIn.values()) all += k;
      d[126] += (n * (all - (byIn.get(pin) ?? 0)) * xLink) / until;
    }
  }
  const out: Sums = {};
  for (const [v, d] of dec) out[`${v % 1000 >= 100 ? 'host' : 'switch'}-fed VL${v % 100}${v >= 1000 ? (BY_OUTPUT === '1' ? ' to a host' : BY_OUTPUT === 'merge' ? ' at a merge' : ` to ${BY_OUTPUT}`) : BY_OUTPUT === '1' ? ' to a switch' : BY_OUTPUT !== '0' ? ' elsewhere' : ''}`] = d;
  return out;
}

/** The switch output ports (sim names) where one input port brings more than half of the load, by the model's per-turn rates. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function mergeOutputs(params: any): Set<string> {
  const net = fabricModelNetwork(params);
  const { m, s } = solveModel(net, 1e-7, 500, 1);
  const out = new Set<string>();
  for (let q = 0; q < m.P; q++) {
    const byInput = new Map<number, number>();
    let total = 0;
    for (let c = q * m.V; c < (q + 1) * m.V; c++)
      for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
        const t = m.intoOf[i]!;
        const load = s.lamT[t]! * s.xbar[c]!;
        const input = (m.turnIn[t]! / m.V) | 0;
        byInput.set(input, (byInput.get(input) ?? 0) + load);
        total += load;
      }
    if (total > 0 && Math.max(...byInput.values()) > 0.5 * total) out.add(net.ports[q]!.name);
  }
  return out;
}

if (args[0] !== '--pool') {
  const [name, label, packets = '4000', seed = '1'] = args;
  if (name === undefined || label === undefined) throw new Error('usage: sim-head-starts.ts CASE LABEL [PACKETS] [SEED] | --pool FILE…');
  console.log(JSON.stringify(simulate(name, label, Number(packets), Number(seed))));
} else {
  const runs = args.slice(1).flatMap((f) => readFileSync(f, 'utf8').split('\n')).filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Sums);
  if (runs.length === 0) throw new Error('sim-head-starts.ts --pool: no JSON lines in the files named');
  /** Entry 335's line: at the output's frees while the head is ready, π, the residual, the turns' takers and the requests ready in it. */
  const lawLine = (key: string) => {
    const rows = runs.map((r) => {
      const d = r[key]!;
      const nb = Math.max(1, d[17]!);
      const lost = d[20]! + d[21]! + d[25]! + d[26]! + d[28]!;
      const R = d[18]! / nb;
      return [d[17]! / d[16]!, d[34]! / Math.max(1, d[33]!), d[36]! / Math.max(1, d[35]!), R, d[19]! / nb, lost / nb, d[20]! / nb, d[21]! / nb, d[22]! / nb, d[23]! / nb, d[24]! / nb, d[25]! / nb, d[26]! / nb, d[28]! / nb,
        d[29]! / d[18]!, d[30]! / d[18]!, d[31]! / d[18]!, d[32]! / d[18]!, d[40]! / d[41]!, d[39]! / Math.max(1, d[38]!), d[17]! / d[41]!, d[16]! / d[41]!, d[42]! / nb, d[43]! / nb, d[44]! / nb, d[45]! / nb, d[46]! / d[41]!, d[47]! / Math.max(1, d[46]!), d[47]! / d[41]!, d[37]! / nb, d[48]! / nb, d[49]! / nb, d[50]! / nb,
        d[56]! / nb, d[57]! / nb, d[58]! / nb, d[59]! / nb, d[60]! / nb, d[61]! / nb, d[62]! / nb, d[63]! / nb, d[51]! / nb,
        d[52]! / nb, d[53]! / Math.max(1, d[52]!), (d[48]! - d[53]!) / Math.max(1, nb - d[52]!), d[54]! / nb, d[55]! / Math.max(1, d[54]!), (d[48]! - d[55]!) / Math.max(1, nb - d[54]!),
        d[64]! / Math.max(1, d[52]!), d[65]! / Math.max(1, d[52]!), d[66]! / Math.max(1, d[52]!), (d[63]! - d[64]!) / Math.max(1, nb - d[52]!), (d[51]! - d[65]!) / Math.max(1, nb - d[52]!), (d[60]! - d[66]!) / Math.max(1, nb - d[52]!)];
    });
    const nm = ['π at frees', 'π first free', 'π after a loss', 'E[R]', 'E[R²]', 'P(lost | π)', 'to ready at t0', 'to newly ready', 'of them successors', 'host-fed', 'same VL',
      'to older whose port freed', 'tie at its port end', 'after its port end', 'rate newly ready per x of R', 'successors', 'host-fed', 'same VL', 'π-lost turns per head', 'P(≥ 2 | ≥ 1)', 'π-frees per head', 'frees per head', 'tie: its port\'s other VL', 'after: its port\'s other VL', 'after: its port busy again', 'at t0: its port\'s other VL', 'idle-output watches per head', 'P(lost | idle watch)', 'idle-output lost per head', 'at t0: ready at that instant', 'at t0: the port that just sent on it', 'of them its same buffer', 'of them ready > 0.1 x before',
      'prev. sender at t0 (entry 336): same buffer, successor', 'same buffer, fresh behind its predecessor', 'same buffer, fresh', 'its other VL',
      'arrived back to back behind the ended packet', 'of them other VL', 'of them successors', 'π-ends whose ended packet had a back-to-back follower on its link', 'that follower to this output',
      'π-ends at an output to a host', 'there the prev. sender at t0', 'elsewhere the prev. sender at t0', 'π-ends whose ended packet came from a switch', 'there the prev. sender at t0', 'from a host: the prev. sender at t0',
      'at an output to a host: a back-to-back follower', 'to this output', 'taking it at t0', 'elsewhere: a back-to-back follower', 'to this output', 'taking it at t0'];
    console.log(`  ${key} lost-turn law (entry 335): ${nm.map((n, i) => `${n} ${meanCell(rows, i)}`).join('; ')}`);
  };
  /**
   * Entry 430 (H45b): the ready wait w = R + n + gap (R the residual of the output's packet at ready, n = older + younger starts
   * of x each, gap the rest: output idle or the head's port sending), its second moment and the parts' moments and cross terms,
   * E[w²] = E[R²] + E[n²] + E[gap²] + 2E[Rn] + 2E[R·gap] + 2E[n·gap]; the count n's dispersion Var(n)/E[n] beside the
   * binomial's 1 − E[n]/heads; the successors' share and their w.
   */
  const spreadLine = (key: string) => {
    const rows = runs.map((r) => {
      const d = r[key]!;
      const n = d[0]!;
      const w = d[6]! / n, w2 = d[72]! / n, nm = (d[3]! + d[4]!) / n, n2 = d[73]! / n;
      const ns = Math.max(1, d[85]!);
      return [w, w2, w2 / (w * w), d[2]! / n, d[74]! / n, nm, n2, (n2 - nm * nm) / Math.max(1e-12, nm), d[3]! / n, d[7]! / n, d[4]! / n, d[80]! / n, d[81]! / n,
        d[8]! / n, d[82]! / n, d[83]! / n, d[84]! / n, d[90]! / n, d[91]! / n, d[88]! / n, d[89]! / n, d[76]! / n, d[77]! / n, (2 * d[75]!) / n, (2 * d[79]!) / n, (2 * d[78]!) / n,
        d[85]! / n, d[86]! / ns, d[87]! / ns, (d[6]! - d[86]!) / Math.max(1, n - d[85]!), (d[72]! - d[87]!) / Math.max(1, n - d[85]!)];
    });
    const nm = ['E[w]', 'E[w²]', 'E[w²]/E[w]²', 'E[R]', 'E[R²]', 'E[n]', 'E[n²]', 'Var(n)/E[n]', 'older', 'older²', 'younger', 'younger²', 'older·younger',
      'lost (port busy)', 'lost²', 'younger same VL', '²', 'younger other VL', '²', 'own port other VL starts', '²', 'E[gap]', 'E[gap²]', '2E[Rn]', '2E[R·gap]', '2E[n·gap]',
      'successor share', 'successor E[w]', 'E[w²]', 'fresh E[w]', 'E[w²]'];
    console.log(`  ${key} spread (entry 430): ${nm.map((n, i) => `${n} ${meanCell(rows, i)}`).join('; ')}`);
  };
  /**
   * Entry 450 (H45d): the wait as a delay cycle, W = V + Y, V = R + older + gap (x), Y the younger starts; σ = E[Y]/E[W] (the
   * overtakers per x of wait), the regression slope of Y on V, E[V²], and E[W²] of the delay cycle with deterministic x
   * overtakers arriving as a Poisson stream of load σ: E[V²]/(1 − σ)² + E[V]·σ·x/(1 − σ)³ (Takács; Conway, Maxwell and Miller).
   */
  const cycleLine = (key: string) => {
    const rows = runs.map((r) => {
      const d = r[key]!;
      const n = d[0]!;
      const w = d[6]! / n, w2 = d[72]! / n, y = d[4]! / n, y2 = d[80]! / n;
      const v = w - y, v2 = d[92]! / n, vy = d[93]! / n, wy = d[94]! / n;
      const sigma = y / w;
      const slope = (vy - v * y) / Math.max(1e-12, v2 - v * v);
      const w2dc = v2 / (1 - sigma) ** 2 + (v * sigma) / (1 - sigma) ** 3;
      return [w, v, y, sigma, v / (1 - sigma), w / v, slope, v2, v2 / (v * v), vy, wy, y2, (y2 - y * y) / Math.max(1e-12, y), w2, w2dc, w2dc / w2, d[96]! / n, d[95]! / n, d[97]! / n];
    });
    const nm = ['E[W]', 'E[V]', 'E[Y]', 'σ = E[Y]/E[W]', 'E[V]/(1 − σ)', 'E[W]/E[V]', 'slope of Y on V', 'E[V²]', 'E[V²]/E[V]²', 'E[VY]', 'E[WY]', 'E[Y²]', 'Var(Y)/E[Y]',
      'E[W²]', 'E[W²] delay cycle', 'ratio', 'P(Y = 0)', 'E[V³]', 'E[W³]'];
    console.log(`  ${key} delay cycle (entry 450): ${nm.map((n, i) => `${n} ${meanCell(rows, i)}`).join('; ')}`);
  };
  /**
   * Entry 470 (H45f): where P(output busy at ready) comes from — per kind of head (fresh; a successor whose predecessor went to
   * this output, ready as that packet ends; a successor whose predecessor went elsewhere) its share, P(busy) and E[busy·R];
   * P(busy) by the packet in service (the head's VL, the other, from the head's own input port); the output freeing at the
   * instant of ready (of it, by a packet of the head's VL).
   */
  const busyLine = (key: string) => {
    const rows = runs.map((r) => {
      const d = r[key]!;
      const n = d[0]!;
      const cells: number[] = [];
      for (let k = 0; k < 3; k++) cells.push(d[98 + 3 * k]! / n, d[99 + 3 * k]! / Math.max(1, d[98 + 3 * k]!), d[100 + 3 * k]! / Math.max(1, d[98 + 3 * k]!));
      const ties: number[] = [];
      for (let k = 0; k < 3; k++) ties.push(d[113 + 2 * k]! / Math.max(1, d[98 + 3 * k]!), d[112 + 2 * k]! / Math.max(1, d[113 + 2 * k]!), (d[99 + 3 * k]! - d[112 + 2 * k]!) / Math.max(1, d[98 + 3 * k]!));
      const lostAll = d[112]! + d[114]! + d[116]!;
      return [...cells, d[107]! / n, d[108]! / n, d[109]! / n, d[110]! / n, d[111]! / n, ...ties, d[118]! / Math.max(1, lostAll), d[119]! / Math.max(1, lostAll)];
    });
    const nm = ['fresh share', 'P(busy)', 'busy·R', 'successor behind this output share', 'P(busy)', 'busy·R', 'successor behind another output share', 'P(busy)', 'busy·R',
      'P(busy, its VL in service)', 'P(busy, other VL in service)', 'P(busy, own port in service)', 'P(output ends at ready)', 'of them its VL',
      'fresh: P(tie at ready)', 'P(lost | tie)', 'P(busy, no tie)', 'successor behind this output: P(tie)', 'P(lost | tie)', 'P(busy, no tie)', 'successor behind another: P(tie)', 'P(lost | tie)', 'P(busy, no tie)',
      'lost ties taken by its own VL', 'by its own input port'];
    console.log(`  ${key} busy found (entry 470): ${nm.map((n, i) => `${n} ${meanCell(rows, i)}`).join('; ')}`);
  };
  /**
   * Entry 490 (H46a): P(busy at ready) by another input port's packet, all and away from the ties; the time-average share of
   * the output's time on other input ports' packets over the same heads (PASTA's reference); at fresh heads' registration the
   * output sending, ending at that instant, idle with another buffer's request waiting, of it that request's port busy.
   */
  const partsLine = (key: string) => {
    const rows = runs.map((r) => {
      const d = r[key]!;
      const n = d[0]!;
      const nf = Math.max(1, d[122]!);
      const ties = d[113]! + d[115]! + d[117]!;
      return [d[120]! / n, d[121]! / n, d[121]! / Math.max(1, n - ties), d[126]! / n, d[123]! / nf, d[127]! / nf, d[124]! / nf, d[125]! / nf];
    });
    const nm = ['P(busy, another port\'s packet)', 'busy so and no tie', 'P(busy so | no tie)', 'time-average share of other ports', 'fresh at registration: sending', 'ending then', 'idle, a request waiting', 'its port busy'];
    console.log(`  ${key} busy parts (entry 490): ${nm.map((n, i) => `${n} ${meanCell(rows, i)}`).join('; ')}`);
  };
  const names = ['P(output busy at ready)', 'busy·R', 'older starts', 'younger starts', 'younger, port busy (lost)', 'ready wait', 'gap', 'fresh head sees ready requests', 'of them port busy'];
  for (const key of Object.keys(runs[0]!).sort()) {
    const rows = runs.map((r) => {
      const d = r[key]!;
      const n = d[0]!;
      const nf = Math.max(1, d[10]!);
      return [d[1]! / n, d[2]! / n, d[3]! / n, d[4]! / n, d[8]! / n, d[6]! / n, (d[6]! - d[2]! - d[3]! - d[4]!) / n, d[11]! / nf, d[12]! / nf];
    });
    console.log(`${key} (x): ${names.map((nm, i) => `${nm} ${meanCell(rows, i)}`).join('; ')}`);
    if (runs[0]![key]!.length > 16 && runs[0]![key]![16]! > 0) lawLine(key);
    if (runs[0]![key]!.length > 72) spreadLine(key);
    if (runs[0]![key]!.length > 92) cycleLine(key);
    if (runs[0]![key]!.length > 98) busyLine(key);
    if (runs[0]![key]!.length > 120) partsLine(key);
  }
}
