/**
 * The fixed point's middle of a pass for a one-VL model with virtual output queues (the speed
 * benchmarks' case and every `-1sl` VoQ solve; session 17, H34pp): per channel c in one go, the
 * two-moment merge into c (propagate.ts), the port step of port c (iterate.ts portWaits with
 * voq.ts voqOutputWait) and the waiting heads' terms of the turns into c with their total (waiting.ts
 * resetWaiting), where they were three passes over the channels and four over the turns into each.
 * The channels are independent in all three: the merge writes c's Ca² and Cd² from the last pass's
 * departures, the port step reads c's Ca² and writes c's capacity and the turns into c, and the terms
 * read only those turns; the buffer step (inputBuffers) runs after all of them, as before. The same
 * expressions in the same order as those functions, so the same numbers bit for bit
 * (benchmarks/fabric-model-same.ts). A port the one-VL form does not cover (a host's send queue, an
 * arbitration table other than one low-table VL, an unstable output) takes portWaits itself.
 * Written by hand beside those functions because the measurement said so: with the one-VL VoQ
 * buffer step, this pass took the 10,000-pair solve from 18.8 to 13.4 ms of CPU (fabric-model-ab.ts,
 * 1.41 / 1.32 both orders; docs/fabric-model.md "Session 17 (H34pp)"). The price is the same arithmetic
 * in two places: test/model/oneVlPass.test.ts solves with and without this pass and fails where they
 * part, so a formula change in portWaits, voq.ts or propagate.ts must be made here too.
 * Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import type { VlShares } from '../queues/arbitration.js';
import { finiteQueue, unboundedResponseTime } from '../queues/queue.js';
import { outputQueuedWait, spacedInput } from '../queues/floor.js';
import { EPS, type ModelState } from './state.js';
import { merged, propagateChannel } from './propagate.js';
import { portWaits } from './iterate.js';
import { loadTerms } from '../queues/oneVlVoqBuffer.js';

/** Per compiled model: per position of `intoOf`, 1 where the turn's input link is spaced (floor.ts spacedInput; the model's own numbers, so once). */
const spacedOf = new WeakMap<CompiledModel, Uint8Array>();

/** Per position of `intoOf`, whether its turn's input link brings a spaced stream into the turn's output (one VL: port = channel). */
function spacedPositions(m: CompiledModel): Uint8Array {
  let spaced = spacedOf.get(m);
  if (spaced !== undefined) return spaced;
  spaced = new Uint8Array(m.intoOf.length);
  for (let p = 0; p < m.P; p++) for (let i = m.intoStart[p]!; i < m.intoStart[p + 1]!; i++) spaced[i] = spacedInput(m, m.turnIn[m.intoOf[i]!]!, p) ? 1 : 0;
  spacedOf.set(m, spaced);
  return spaced;
}

/**
 * What propagate.ts's merge reads per turn into a switch channel that moves only with the loads: per
 * position i of `intoOf`, λ_t/λ_c and λ_t/λ_u (u the turn's input channel), and per channel Σ(λ_t/λ_c)²
 * over its loaded turns: the same expressions, taken when the loads move (as queues/oneVlVoqBuffer.ts's).
 */
interface MergeTerms {
  /** 1 where λ_t > 0 (the turns the merge counts). */
  readonly active: Uint8Array;
  /** λ_t, and λ_t where the turn is loaded and its input link spaced (0 elsewhere: voqOutputWait's pairs), for the port step. */
  readonly lamT: Float64Array;
  readonly spacedLam: Float64Array;
  readonly share: Float64Array;
  readonly pr: Float64Array;
  readonly sq: Float64Array;
  /** 1 where the buffer step (queues/oneVlVoqBuffer.ts) rewrites the turn's head wait (its buffer loaded and behind a switch, λ_t/λ_u > 0: that step's test), so the port step need not write it (session 18). */
  readonly bufferWrites: Uint8Array;
  /** Per channel: 1 where the last pass took {@link portStepOneVl} (session 18: its turns' head-wait probability is written once, after the solve: {@link writeHeadWaitProbabilities}). */
  readonly oneStep: Uint8Array;
}

/** Per compiled model (rewritten by each solve's first pass and whenever the loads move). */
const mergeTermsOf = new WeakMap<CompiledModel, MergeTerms>();

function mergeTerms(m: CompiledModel): MergeTerms {
  let t = mergeTermsOf.get(m);
  if (t === undefined) mergeTermsOf.set(m, (t = { active: new Uint8Array(m.intoOf.length), bufferWrites: new Uint8Array(m.intoOf.length), lamT: new Float64Array(m.intoOf.length), spacedLam: new Float64Array(m.intoOf.length), share: new Float64Array(m.intoOf.length), pr: new Float64Array(m.intoOf.length), sq: new Float64Array(m.C), oneStep: new Uint8Array(m.C) }));
  return t;
}

/** The {@link MergeTerms} from the state's loads (propagate.ts propagateChannel's expressions and order). */
function setMergeTerms(m: CompiledModel, s: ModelState, merge: MergeTerms): void {
  const { intoOf, turnIn } = m;
  const { lamT, lam } = s;
  const spaced = spacedPositions(m);
  for (let c = 0; c < m.C; c++) {
    const l = lam[c]!;
    if (!(l > 0) || m.hostChannel[c] === 1) continue;
    let sq = 0;
    for (let i = m.intoStart[c]!, end = m.intoStart[c + 1]!; i < end; i++) {
      const t = intoOf[i]!;
      const lt = lamT[t]!;
      merge.active[i] = lt > 0 ? 1 : 0;
      const u = turnIn[t]!;
      merge.bufferWrites[i] = lam[u]! > 0 && m.bufferBlocks[u] !== Infinity && lt / lam[u]! > 0 ? 1 : 0;
      merge.lamT[i] = lt;
      merge.spacedLam[i] = lt > 0 && spaced[i] === 1 ? lt : 0;
      if (!(lt > 0)) continue;
      merge.pr[i] = lt / lam[turnIn[t]!]!;
      merge.share[i] = lt / l;
      sq += (lt / l) * (lt / l);
    }
    merge.sq[c] = sq;
  }
}

/** propagate.ts propagateChannel for switch channel c with the loads' terms taken (the same numbers). */
function mergeOneVl(m: CompiledModel, s: ModelState, c: number, merge: MergeTerms): void {
  const l = s.lam[c]!;
  if (!(l > 0)) return;
  const { inputPort } = m.work.waiting;
  const { fifoCd2 } = s;
  const { active, share, pr } = merge;
  let ca2 = 0;
  for (let i = m.intoStart[c]!, end = m.intoStart[c + 1]!; i < end; i++) {
    if (active[i] === 0) continue;
    const p = pr[i]!;
    ca2 += share[i]! * (p * fifoCd2[inputPort[i]!]! + 1 - p);
  }
  merged(s, c, l, ca2, merge.sq[c]!);
}

/** Whether port p's shares are one VL in the low table with a positive finite round (arbitration.ts gpsCapacities then gives it the whole link, wrrSplit a split of 1). */
function oneLowVl(sh: VlShares): boolean {
  return sh.level[0] === 1 && sh.roundBytes[0]! > 0 && sh.roundBytes[0]! < Infinity;
}

/**
 * propagate, portWaits and resetWaiting of a one-VL VoQ model (m.V === 1, m.voq), channel by channel.
 * After it, inputBuffers is called with its terms already set.
 */
export function oneVlVoqPorts(m: CompiledModel, s: ModelState, shares: readonly VlShares[], loadsMoved = true): void {
  const merge = mergeTerms(m);
  if (loadsMoved) setMergeTerms(m, s, merge);
  const { intoOf, intoStart, hostChannel } = m;
  const { lam, lamT, portWait, headWait, headWaitProb } = s;
  const { total } = m.work.waiting;
  const { split } = m.work.port;
  // Each output's head wait and probability, for the buffer step (queues/oneVlVoqBuffer.ts).
  const { wait, prob } = loadTerms(m);
  const { oneStep } = merge;
  for (let c = 0; c < m.C; c++) {
    if (hostChannel[c] === 1) propagateChannel(m, s, c);
    else mergeOneVl(m, s, c, merge);
    const start = intoStart[c]!;
    const end = intoStart[c + 1]!;
    const l = lam[c]!;
    const sh = shares[c]!;
    const host = hostChannel[c] === 1;
    const one = l > 0 && oneLowVl(sh);
    // A switch port's step writes its turns' head waits, each output's wait and probability and its terms' total in one pass.
    if (one && !host && portStepOneVl(m, s, c, l, merge, wait, prob, total)) {
      split[0] = 1;
      oneStep[c] = 1;
      continue;
    }
    oneStep[c] = 0;
    if (!one || !(host && hostStepOneVl(s, c, l))) portWaits(m, s, shares, c, c + 1);
    else split[0] = 1;
    // (portWaits wrote one head wait and probability into every turn into c: with one VL and virtual
    // output queues the wait is split[0]·aggregate + lowerTerm and the probability min(1, Σλs) of output c.)
    if (l > 0 && start < end) ((wait[c] = headWait[intoOf[start]!]!), (prob[c] = headWaitProb[intoOf[start]!]!));
    // waiting.ts resetWaiting with one VL, for output c: the total of its turns' terms, in order (the terms
    // themselves are taken again by the buffer step, which alone reads them here).
    let a = 0;
    for (let i = start; i < end; i++) {
      const t = intoOf[i]!;
      a += lamT[t]! * Math.max(0, headWait[t]! - portWait[t]!);
    }
    total[c] = a;
  }
}

/**
 * portWaits for switch port c of a one-VL VoQ model whose one VL is in the low table (level 1, no
 * higher level: rhoHigh 0, the available share 1, the lower level's term 0 over its denominator; the
 * GPS capacity 1; the split 1): its sums over the turns into c, the output queue's wait
 * (voqOutputWait's one-VL pass) and the head waits of those turns (their probability is written per output, and into the turns once after the solve: {@link writeHeadWaitProbabilities}). False, nothing written, where the
 * output queue is unstable (portWaits counts the heads then).
 */
function portStepOneVl(m: CompiledModel, s: ModelState, c: number, l: number, merge: MergeTerms, waitOut: Float64Array, probOut: Float64Array, total: Float64Array): boolean {
  const { intoOf, intoStart } = m;
  const { portWait, headWait } = s;
  // (λ_t per position of intoOf, taken with the loads: MergeTerms.)
  const { lamT, spacedLam, bufferWrites } = merge;
  const start = intoStart[c]!;
  const end = intoStart[c + 1]!;
  const sc = s.seff[c]!;
  // (As portWaits: each sum from 0, in the same order.)
  let a1 = 0 + l * sc;
  let a2 = 0 + l * s.seff2[c]!;
  for (let i = start; i < end; i++) {
    const e = portWait[intoOf[i]!]!;
    a1 += lamT[i]! * e;
    a2 += lamT[i]! * (2 * sc * e + 2 * e * e);
  }
  const a3 = 0 + l * s.ca2in[c]!;
  const sMean = a1 / l;
  const cs2 = Math.max(0, (a2 / l) / (sMean * sMean) - 1);
  // avail = max(EPS, 1 − 0) = 1: μ = 1/S̄, the lower level's term 0/(1·max(EPS, 1 − ρ)).
  const mu = 1 / sMean;
  const rhoHere = 0 + a1;
  const lowerTerm = 0 / Math.max(EPS, 1 - rhoHere);
  // Whether the output queue is stable: unboundedResponseTime(l, μ, a3/l, cs2, smooth) finite. Session 18:
  // first without the call, whose smooth form for Ca² < 1 takes an exp only to be tested here — its value
  // is ρ + ρ²·(Ca² + Cs²)·k/(2(1 − ρ)) with k = 1 (Ca² ≥ 1) or k = e^(…) in [0, 1] (Ca² < 1, Ca² + Cs² > 0;
  // 0 otherwise), so where ρ < 1 and the form with k = 1 is a finite number, so is the call's. Elsewhere the call decides, as before.
  const rho = l / mu;
  const ca2 = a3 / l;
  if (!(rho < 1 && Number.isFinite((rho * rho * (ca2 + cs2)) / (2 * (1 - rho))))) {
    if (!Number.isFinite(unboundedResponseTime(l, mu, ca2, cs2, true))) return false;
  }
  s.capacity[c] = 1;
  // voq.ts voqOutputWait, one VL.
  let pairs = 0;
  for (let i = start; i < end; i++) {
    const li = spacedLam[i]!;
    if (li > 0) pairs += (li * li) / Math.max(EPS, 1 - li / mu);
  }
  const wait = 1 * outputQueuedWait(l, mu, 1, cs2, pairs) + lowerTerm;
  const prob = Math.min(1, a1);
  waitOut[c] = wait;
  probOut[c] = prob;
  // With the head waits, waiting.ts resetWaiting's total of the terms for output c (in order; the head wait just written).
  let a = 0;
  for (let i = start; i < end; i++) {
    const t = intoOf[i]!;
    // (The buffer step rewrites the loaded turns' head waits from the output's wait: only the others here.)
    if (bufferWrites[i] === 0) headWait[t] = wait;
    a += lamT[i]! * Math.max(0, wait - portWait[t]!);
  }
  total[c] = a;
  return true;
}

/**
 * The head-wait probability of the turns into each channel whose last pass took {@link portStepOneVl}
 * (portWaits writes it into every turn into c; the one-VL pass, whose buffer step reads it per output,
 * leaves it to this, once after the solve: session 18, the same numbers in the state as before).
 */
export function writeHeadWaitProbabilities(m: CompiledModel, s: ModelState): void {
  const merge = mergeTermsOf.get(m);
  if (merge === undefined) return;
  const { prob } = loadTerms(m);
  for (let c = 0; c < m.C; c++) {
    if (merge.oneStep[c] === 0) continue;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) s.headWaitProb[m.intoOf[i]!] = prob[c]!;
  }
}

/**
 * portWaits for host port c of a one-VL model whose one VL is in the low table (as {@link portStepOneVl}):
 * the send queue as one finite queue of the transmissions (iterate.ts RELOCATE). Always true.
 */
function hostStepOneVl(s: ModelState, c: number, l: number): boolean {
  const a1 = 0 + l * s.xbar[c]!;
  const a2 = 0 + l * s.x2[c]!;
  const a3 = 0 + s.hostOffered[c]! * s.ca2in[c]!;
  const a4 = 0 + s.sendCap[c]!;
  s.capacity[c] = 1;
  const sMean = a1 / l;
  const cs2 = Math.max(0, (a2 / l) / (sMean * sMean) - 1);
  const mu = 1 / sMean;
  const rhoHere = 0 + a1;
  const lowerTerm = 0 / Math.max(EPS, 1 - rhoHere);
  const offered = 0 + s.hostOffered[c]!;
  const q = finiteQueue(offered, mu, a3 / offered, cs2, a4 > 0 ? a4 : Infinity);
  const w = q.responseTime - 1 / mu;
  s.hostWait[c] = 1 * w + lowerTerm;
  s.hostBlocking[c] = q.blockingProbability;
  return true;
}
