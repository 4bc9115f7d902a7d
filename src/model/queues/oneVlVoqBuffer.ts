/**
 * inputBuffers.ts's buffer step for one switch input buffer with virtual output queues and one VL (the
 * speed benchmarks' case, and every `-1sl` VoQ solve) in two passes over the buffer's turns where it
 * took four: the sums of the two readouts (portReadout.ts otherVlsReadout with one VL, session 15's
 * oneVlReadouts), then per turn the readouts, the head wait and port wait (inputBuffers), the turn's
 * waiting term (waiting.ts) and voq.ts's sums of the head time and sojourn. The same expressions in the
 * same order as those functions, so the same numbers bit for bit (benchmarks/fabric-model-same.ts);
 * the second moments, which a VoQ head does not read, are not taken. With one VL the turns of a buffer
 * lead to outputs of their own, so a turn's rewritten waiting term moves only its own output's total,
 * which no other turn of the buffer reads (θ of turn t' is its output's total less t''s own term): θ
 * may be read turn by turn as the head waits are rewritten.
 *
 * Session 17 (H34pp): the buffer step reads its turns in the order of `turnsOf` (one run of memory per
 * array) where it read each turn's numbers at the turn's own index (a jump per turn): what moves only
 * with the loads is kept per position of `turnsOf` ({@link LoadTerms}), the port wait of the last pass
 * beside it, and what the port step wrote per turn is per output (with one VL and virtual output
 * queues every turn into an output gets the output's head wait and its probability: iterate.ts
 * portWaits, fixedPoint/oneVlVoqPorts.ts), so the turn's waiting term is taken here from them, as
 * waiting.ts resetWaiting took it (the same number), and the terms' array is not kept (only each
 * output's total, which θ reads). Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from '../fixedPoint/state.js';
import { voqBufferEnd } from './voq.js';
import { oneLessExpNeg } from '../fixedPoint/theta.js';

/**
 * What the buffer step of a one-VL VoQ model reads per position i of `turnsOf` and per output (session
 * 17, H34pp). The compiled model's: the turn's output. At the loads of the last service step (loads.ts,
 * iterate.ts channelService), taken again when they move: λ_t, λ_t/λ_u, the output's transmission second
 * moment, the all-packets readout's sum less the turn's own term, max(0, Σ λx̄ of the other turns), each
 * the expression it was. The turn's port wait as the last pass left it (a copy of the state's). Per
 * output, the head wait and its probability the port step wrote into each of its turns this pass.
 */
interface LoadTerms {
  readonly out: Int32Array;
  readonly lamT: Float64Array;
  readonly pr: Float64Array;
  readonly x2: Float64Array;
  readonly allLess: Float64Array;
  readonly busy: Float64Array;
  readonly portWait: Float64Array;
  /** Per output channel. */
  readonly wait: Float64Array;
  readonly prob: Float64Array;
}

/** Per compiled model (its own arrays, rewritten by each solve's first pass and whenever the loads move). */
const loadTermsOf = new WeakMap<CompiledModel, LoadTerms>();

/** The {@link LoadTerms} of a compiled model, its per-turn arrays unset until {@link setLoadTerms}. */
export function loadTerms(m: CompiledModel): LoadTerms {
  let lt = loadTermsOf.get(m);
  if (lt !== undefined) return lt;
  const T = m.turnsOf.length;
  const out = new Int32Array(T);
  for (let i = 0; i < T; i++) out[i] = m.turnOut[m.turnsOf[i]!]!;
  const f = () => new Float64Array(T);
  lt = { out, lamT: f(), pr: f(), x2: f(), allLess: f(), busy: f(), portWait: f(), wait: new Float64Array(m.C), prob: new Float64Array(m.C) };
  loadTermsOf.set(m, lt);
  return lt;
}

/** Writes the load-bound terms of every buffer's turns from the state (the expressions of oneVlVoqBuffers' passes as they were), and the port waits. */
function setLoadTerms(m: CompiledModel, s: ModelState, lt: LoadTerms): void {
  const { turnsOf } = m;
  const { lamT, x2, xbar, portWait } = s;
  for (let u = 0; u < m.C; u++) {
    const l = s.lam[u]!;
    if (!(l > 0) || m.bufferBlocks[u] === Infinity || m.turnsStart[u] === m.turnsStart[u + 1]) continue;
    const first = m.turnsStart[u]!;
    const end = m.turnsStart[u + 1]!;
    let eAll = 0;
    let pAll = 0;
    for (let i = first; i < end; i++) {
      const t = turnsOf[i]!;
      const lt0 = lamT[t]!;
      const c = lt.out[i]!;
      let a = 0;
      if (lt0 > 0) {
        a = (lt0 * x2[c]!) / 2;
        eAll += a;
        pAll += lt0 * xbar[c]!;
      }
      lt.lamT[i] = lt0;
      lt.x2[i] = x2[c]!;
      lt.allLess[i] = a;
      lt.portWait[i] = portWait[t]!;
    }
    for (let i = first; i < end; i++) {
      const lt0 = lt.lamT[i]!;
      lt.pr[i] = lt0 / l;
      lt.allLess[i] = Math.max(0, eAll - lt.allLess[i]!);
      lt.busy[i] = Math.max(0, pAll - (lt0 > 0 ? lt0 * xbar[lt.out[i]!]! : 0));
    }
  }
}

/**
 * The buffer step of a one-VL VoQ model (inputBuffers.ts with its readouts, voq.ts voqBuffer)
 * for every input buffer, after fixedPoint/oneVlVoqPorts.ts (each output's head wait and probability in
 * {@link loadTerms}, its terms' total in the waiting heads'); `own` is scratch of the most turns of a
 * buffer (the turns' own terms). `loadsMoved`: the loads (and the transmissions' moments) moved since
 * the last call, or this is a solve's first pass: the {@link LoadTerms} are taken again. Returns the
 * largest relative change of β and of a head time.
 */
export function oneVlVoqBuffers(m: CompiledModel, s: ModelState, omega: number, own: Float64Array, loadsMoved = true): number {
  const lt = loadTerms(m);
  if (loadsMoved) setLoadTerms(m, s, lt);
  const { turnsOf } = m;
  const { out, lamT: lamOf, pr: prOf, x2: x2Of, allLess, busy, portWait: pwOf, wait, prob } = lt;
  const { headWait, portWait, xbar, seff } = s;
  const { total } = m.work.waiting;
  let change = 0;
  // (One VL: channel u is port u.)
  for (let u = 0; u < m.C; u++) {
    const l = s.lam[u]!;
    // (As inputBuffers: no load, a host at the far end or no turn, no buffer step.)
    if (!(l > 0) || m.bufferBlocks[u] === Infinity || m.turnsStart[u] === m.turnsStart[u + 1]) {
      s.headTime[u] = 0;
      continue;
    }
    const first = m.turnsStart[u]!;
    const end = m.turnsStart[u + 1]!;
    let e = 0;
    // The delayed packets' readout, first pass: its sum, each turn's own term kept (the all-packets
    // readout's sums stand with the loads: LoadTerms; the means only: a VoQ head's second moment is not read).
    const behind = Math.min(1, s.lam[u]! * Math.max(0, s.headTime[u]! - xbar[u]!));
    for (let i = first; i < end; i++) {
      const lt = lamOf[i]! * (1 - (1 - Math.min(1, prob[out[i]!]!)) * (1 - behind));
      let a = 0;
      if (lt > 0) {
        a = (lt * x2Of[i]!) / 2;
        e += a;
      }
      own[i - first] = a;
    }
    let S = 0;
    // (+: a sum started from a loaded number stays a machine double; voq.ts voqBuffer.)
    let sojourn = +m.creditLoop[u]!;
    for (let i = first; i < end; i++) {
      const pr = prOf[i]!;
      if (!(pr > 0)) continue;
      const q = out[i]!;
      const lt = lamOf[i]!;
      const hq = wait[q]!;
      // The turn's waiting term as the pass began (waiting.ts resetWaiting's expression: the head wait hq just written, the last pass's port wait).
      const term = lt * Math.max(0, hq - pwOf[i]!);
      // The readouts (their second pass): the delayed packets' and every packet's with θ.
      const r = Math.max(0, e - own[i - first]!);
      // θ: waiting.ts waitingElsewhere with one VL (the output's total less the turn's own term), by fixedPoint/theta.ts as waiting.ts takes it (change 176).
      const A = Math.max(0, total[q]! - term);
      const theta = oneLessExpNeg(A);
      const rAll = (1 - theta) * allLess[i]! + theta * busy[i]! * xbar[q]!;
      // inputBuffers: the head's wait for its port (free: it finds its output free; all: it waited).
      const free = 1 - Math.min(1, prob[q]!);
      const all = 1 - free;
      const pw = free * r;
      const h = hq + (pw + all * rAll);
      const t = turnsOf[i]!;
      headWait[t] = h;
      portWait[t] = pw;
      pwOf[i] = pw;
      // The turn's term rewritten (waiting.ts updateWaiting with one VL: waitingTerm on the numbers just written).
      total[q]! += lt * Math.max(0, h - pw) - term;
      // voqBuffer: the head time and the sojourn.
      const sq = seff[q]!;
      S += pr * sq;
      sojourn += pr * (h + sq);
    }
    change = Math.max(change, voqBufferEnd(m, s, u, l, S, sojourn, omega));
  }
  return change;
}
