/**
 * The waiting heads at each switch output, for the chance θ that another input's head waits for it
 * (heads.ts, H31x; docs/models.md §13.4): per turn r_t = λ_t·max(0, H_t − e_t), by Little the mean
 * number of the turn's heads waiting for the output and not for their own port. inputBuffers
 * (iterate.ts) sets every turn's term at the start of its pass and a turn's term again as it rewrites
 * the turn's head wait, so that θ at each buffer reads the state of that moment of the pass, as the
 * sum over the turns did. The terms lie in the order of the outputs' turn lists (compile.ts `intoOf`),
 * each beside its input port (work.ts holds them): with several VLs the sum over an output's turns from
 * the other input ports is one pass over that run of memory, in the order of session 13 (the same
 * number bit for bit); with one VL each output keeps its total, and θ is the total less the turn's own
 * term ({@link waitingElsewhere}).
 * Kernel: no validation, no throwing.
 */
import { oneLessExpNeg } from './theta.js';
import type { CompiledModel } from '../spec/compile.js';
import type { ModelState } from './state.js';
import { servedLevel, type VlShares } from '../queues/arbitration.js';

/**
 * Turn t's waiting heads r_t = λ_t·max(0, H_t − e_t) (heads per second × seconds): the one quantity θ here,
 * the ready heads of change 36 (heads.ts readyHeadsAt) and the heads ahead of change 67 (iterate.ts) all sum.
 */
export function waitingTerm(s: ModelState, t: number): number {
  return s.lamT[t]! * Math.max(0, s.headWait[t]! - s.portWait[t]!);
}

/** Every turn's term from the state (the start of a pass), and each output port's total (one VL: {@link waitingElsewhere}). */
export function resetWaiting(m: CompiledModel, s: ModelState): void {
  const { r, total } = m.work.waiting;
  // One VL: the terms and each output's total in one pass (output q's turns are intoOf[intoStart[q]..intoStart[q + 1]),
  // every position once, in order: the same sums).
  if (m.V === 1) {
    const { intoOf, intoStart } = m;
    const { lamT, headWait, portWait } = s;
    for (let q = 0; q < m.P; q++) {
      let a = 0;
      for (let i = intoStart[q]!, end = intoStart[q + 1]!; i < end; i++) {
        const t = intoOf[i]!;
        // (waitingTerm's expression, on the arrays read once.)
        const x = lamT[t]! * Math.max(0, headWait[t]! - portWait[t]!);
        r[i] = x;
        a += x;
      }
      total[q] = a;
    }
    return;
  }
  for (let i = 0; i < r.length; i++) {
    const t = m.intoOf[i]!;
    r[i] = waitingTerm(s, t);
  }
}

/** Turn t's head wait or port wait was rewritten: its term follows (and, one VL, its output's total by the difference). */
export function updateWaiting(m: CompiledModel, s: ModelState, t: number): void {
  const { r, total, position } = m.work.waiting;
  const i = position[t]!;
  const x = waitingTerm(s, t);
  if (m.V === 1) total[m.turnOut[t]!]! += x - r[i]!;
  r[i] = x;
}

/**
 * The chance that a head of another input port waits for output port q: 1 − e^{−A}, A = Σ λ_t·(H_t − e_t)
 * over the turns into q from other input ports than `input` (Little: the mean number of such waiting
 * heads; H31x). `t` is a turn from `input` into q. With one VL it is the input port's only turn into q,
 * so A is q's total less t's own term: O(1) where the sum over q's turns was O(turns into q) for each
 * turn, Σ_q |into(q)|² terms a pass (1.2·10⁶ on Gran's 648-host all-to-all). The total is summed at the
 * start of the pass and kept by differences as terms are rewritten, so A takes another order of the
 * same terms than the sum did (session 14, H31i: converged solves move by up to … relative, within the
 * 10⁻⁶ allowed; docs/fabric-model.md, "Speed"). Several VLs: the sum over q's channels' turns, skipping the input's own.
 */
export function waitingElsewhere(m: CompiledModel, q: number, input: number, t: number): number {
  const { r, inputPort, position, total } = m.work.waiting;
  // (θ by theta.ts's kernel, change 176, for any number of VLs: the one-VL VoQ buffer step takes it so too.)
  if (m.V === 1) return oneLessExpNeg(Math.max(0, total[q]! - r[position[t]!]!));
  const end = m.intoStart[(q + 1) * m.V]!;
  let a = 0;
  for (let i = m.intoStart[q * m.V]!; i < end; i++) if (inputPort[i] !== input) a += r[i]!;
  return oneLessExpNeg(a);
}

/**
 * Change 230 (H38dia): the share of time the input buffer behind channel u holds a head waiting for an output other
 * than port p — Σ r_t over u's turns out of other ports, by Little the mean number of such waiting heads (≤ 1: one
 * head). A packet of u that arrives then (PASTA) waits behind it and reaches port p displaced from its arrival spacing.
 * With no waits at other outputs it is 0 (a straight ring hop keeps its spaced zero, entry 211).
 */
export function displacedShare(m: CompiledModel, s: ModelState, u: number, p: number): number {
  let d = 0;
  for (let k = m.turnsStart[u]!; k < m.turnsStart[u + 1]!; k++) {
    const t = m.turnsOf[k]!;
    if (((m.turnOut[t]! / m.V) | 0) !== p) d += waitingTerm(s, t);
  }
  return Math.min(1, d);
}

/**
 * Scratch of {@link linkDisplaced}, per input buffer (channel) u with a turn into the port: its displaced share d_u
 * ({@link displacedShare}), its rate into the port and whether it is among the port's buffers with traffic; and the port's
 * Σλ and Σλ(1 − d) over its turns, its buffers' count and Σ(1 − d) over them (change 250). Per buffer, not per turn: a
 * turn's share is its buffer's, and a turn without traffic reads its buffer's entries, which linkDisplaced has just reset.
 */
let bufferShare = new Float64Array(0);
let bufferLam = new Float64Array(0);
let bufferCounted = new Uint8Array(0);
const displacedSums = new Float64Array(4);

/**
 * Change 230 at output port p fed by one link: each buffer's displaced share ({@link displacedShare}) and their sums over
 * every turn into p with traffic, once per port and priority level; {@link displacedAhead} then reads a turn's part.
 * Change 251: the turns into p's VLs of `level` only (servedLevel), as the port's MVA counts its strangers: the other
 * level's packets reach the turn through the priority terms (portWaits: `avail`, `lowerTerm`), not as heads.
 */
export function linkDisplaced(m: CompiledModel, s: ModelState, p: number, sh: VlShares, level: number): void {
  if (bufferLam.length < m.C) {
    bufferShare = new Float64Array(m.C);
    bufferLam = new Float64Array(m.C);
    bufferCounted = new Uint8Array(m.C);
  }
  displacedSums.fill(0);
  // Every buffer with a turn into p (either level, with traffic or not): its share, no rate, not counted yet.
  for (let i = m.intoStart[p * m.V]!; i < m.intoStart[(p + 1) * m.V]!; i++) {
    const u = m.turnIn[m.intoOf[i]!]!;
    bufferShare[u] = displacedShare(m, s, u, p);
    bufferLam[u] = 0;
    bufferCounted[u] = 0;
  }
  for (let c = p * m.V; c < (p + 1) * m.V; c++) {
    if (servedLevel(sh, c - p * m.V) !== level) continue;
    for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
      const t = m.intoOf[i]!;
      const l = s.lamT[t]!;
      if (!(l > 0)) continue;
      const u = m.turnIn[t]!;
      const d = bufferShare[u]!;
      displacedSums[0]! += l;
      displacedSums[1]! += l * (1 - d);
      bufferLam[u]! += l;
      // Change 250: each buffer once in the heads (a FIFO has one head): the buffers' count and Σ(1 − d).
      if (bufferCounted[u] === 0) {
        bufferCounted[u] = 1;
        displacedSums[2]!++;
        displacedSums[3]! += 1 - d;
      }
    }
  }
}

/**
 * For turn t into the port of the last {@link linkDisplaced}: the link's other turns t' that contend with it as strangers,
 * each with d = 1 − (1 − d_t)(1 − d_t') (its packet or t's waited behind a head for another output) — out[0] = Σ λ_t' d
 * (their rate), out[1] = Σ d over their buffers (their heads). Change 250: only turns out of another input buffer (the
 * link's other VLs): a turn of t's own FIFO (one SL on the torus's two dateline VLs leaves one buffer for both VLs of the
 * port) is never a head beside t's — its packet is ahead in the FIFO or behind it — so it is not ahead at the output; and
 * a buffer with several turns into the port holds one head, so it counts once among the heads. A turn without traffic
 * whose buffer has none into the port either (not counted) takes every counted buffer.
 */
export function displacedAhead(m: CompiledModel, t: number, out: Float64Array): void {
  const u = m.turnIn[t]!;
  const keep = 1 - bufferShare[u]!;
  const l = bufferLam[u]!;
  const own = bufferCounted[u]!;
  out[0] = displacedSums[0]! - l - keep * (displacedSums[1]! - l * keep);
  out[1] = displacedSums[2]! - own - keep * (displacedSums[3]! - own * keep);
}

/**
 * Change 240 (lead, session 22; H39rev's finding on change 250): the waiting heads ahead of a head at an output exclude
 * the other turns of its own FIFO into that output (one SL on the torus's two dateline VLs: one input buffer, two VLs of
 * the port). Only a FIFO's head requests (inputFifo.ts), so while t's packet is the head no other packet of its buffer
 * waits at the output. Per input buffer, the waiting terms λ(H − e) of its turns into the port being read, stamped per
 * port read so that no value of an earlier port or solve is read.
 */
let fifoWaiting = new Float64Array(0);
let fifoStamp = new Int32Array(0);
let stampNow = 0;

/** Starts a port's read: {@link fifoWaitingOf} is 0 for every buffer until {@link addFifoWaiting} adds to it. */
export function startFifoWaiting(m: CompiledModel): void {
  if (fifoStamp.length < m.C) {
    fifoWaiting = new Float64Array(m.C);
    fifoStamp = new Int32Array(m.C);
    stampNow = 0;
  }
  if (stampNow >= 0x3fffffff) {
    fifoStamp.fill(0);
    stampNow = 0;
  }
  stampNow++;
}

/** Adds turn's waiting term x to its input buffer u's sum for the port being read. */
export function addFifoWaiting(u: number, x: number): void {
  if (fifoStamp[u] !== stampNow) {
    fifoStamp[u] = stampNow;
    fifoWaiting[u] = 0;
  }
  fifoWaiting[u]! += x;
}

/** Input buffer u's waiting terms into the port being read (its own turn's included). */
export function fifoWaitingOf(u: number): number {
  return fifoStamp[u] === stampNow ? fifoWaiting[u]! : 0;
}

/**
 * Change 265 (H40dia): the switch outputs fed by one input port alone (every turn with traffic into the port, on its
 * priority level, comes from one input port; FIFO buffers). There every packet ahead of a head comes through the head's own
 * input port, which sends one at a time: the other VLs' packets for that output hold the head's port as they hold the
 * output, so the head's port readout (heads.ts otherVlsReadout) counts them, and the output adds no wait of its own
 * (iterate.ts portWaits). Set by portWaits for every port it reads, read by the buffer step of the same pass.
 */
let oneLinkOut = new Uint8Array(0);

/** Marks output port p as fed by one input port (`one`) or not; sizes the marks for the model's ports. */
export function markOneLink(m: CompiledModel, p: number, one: boolean): void {
  if (oneLinkOut.length !== m.P) oneLinkOut = new Uint8Array(m.P);
  oneLinkOut[p] = one ? 1 : 0;
}

/** Whether output port q was marked fed by one input port by the last {@link markOneLink} (false before any mark). */
export function fedByOneLink(q: number): boolean {
  return oneLinkOut[q] === 1;
}
