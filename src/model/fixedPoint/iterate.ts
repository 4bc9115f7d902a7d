/**
 * One pass of the fabric model's fixed point (docs/models.md §13.3–13.5), on the arrays of
 * {@link ModelState} (the loads from the flows' rates are loads.ts's): each channel's effective service (credit waits
 * included), the waiting for each port per priority level (host send queues; heads of switch input
 * buffers contending for an output); the buffer step is inputBuffers.ts's (the two-moment propagation of the streams:
 * propagate.ts). Kernel: no validation, no throwing.
 */
import type { CompiledModel } from '../spec/compile.js';
import { finiteQueue, unboundedResponseTime } from '../queues/queue.js';
import { gpsCapacities, servedLevel, wrrSplit, type VlShares } from '../queues/arbitration.js';
import { conservationFloor, outputQueuedWait, spacedInput } from '../queues/floor.js';
import { EPS, type ModelState } from './state.js';
import { voqOutputWait } from '../queues/voq.js';
import { addFifoWaiting, fifoWaitingOf, markOneLink, startFifoWaiting, waitingTerm } from './waiting.js';
import { clearReadyByInput, readyHeadsAt, sameLinkStrangers } from '../queues/portReadout.js';
import { delayCycleWait, headWaitMva, third } from '../queues/heads.js';
import { runsAhead, visitRuns } from '../queues/runs.js';
import { foundWaiting, tieFound, tiePass } from './tieShare.js';

/**
 * Step 2: mean and second moment of each channel's service, with the credit wait β (blocked with
 * probability π, then a residual head time). `loadsMoved` false: the loads are those of the last call,
 * so the transmission's moments (x̄, x², E[x³]) stand and only the effective service is taken again.
 */
export function channelService(m: CompiledModel, s: ModelState, loadsMoved = true): void {
  for (let c = 0; c < m.C; c++) {
    const l = s.lam[c]!;
    if (!(l > 0)) continue;
    let x = s.xbar[c]!;
    let x2 = s.x2[c]!;
    if (loadsMoved) {
      const p = (c / m.V) | 0;
      const r = m.rate[p]!;
      x = s.b1[c]! / (l * r);
      x2 = (m.serviceSecondFactor[p]! * s.b2[c]!) / (l * r * r);
      s.xbar[c] = x;
      s.x2[c] = x2;
      // Once per channel and pass, not per turn and readout (portReadout.ts otherVlsReadout reads it for every turn into c).
      s.x3[c] = third(x, Math.max(0, x2 / (x * x) - 1));
    }
    const beta = s.beta[c]!;
    s.seff[c] = x + beta;
    s.seff2[c] = x2 + 2 * x * beta + 2 * s.blocked[c]! * s.resid[c]! * s.resid[c]!;
  }
}

/**
 * H46a's tried switch (docs/fabric-model.md entries 490–): '' main's form; '1' the heads' MVA without change 36's idle term;
 * '2' that MVA as the found work W0 of H45d's delay cycle (TRY450=D, ported from i45d-tried 9c82f05); '3' 2 with the ties
 * at the ready instant in W0 (tieShare.ts tieFound).
 */
const TRY490 = process.env.TRY490 ?? '';
/** Entry 450 (H45d, tried): the heads' wait as the table's delay cycle (heads.ts delayCycleWait); TRY490=2 sets D. */
const TRY450 = ['1', 'B', 'C', 'D'].includes(process.env.TRY450 ?? '') || TRY490 === '2' || TRY490 === '3';
const TRY450B = process.env.TRY450 === 'B' || process.env.TRY450 === 'C';
const TRY450C = process.env.TRY450 === 'C' || process.env.TRY450 === 'D' || TRY490 === '2' || TRY490 === '3';
/** TRY450=D: 451's σ (lost turns in it) with C's guard, the overtakers' load in transmissions (x̄, not x̄ + β). */
const TRY450D = process.env.TRY450 === 'D' || TRY490 === '2' || TRY490 === '3';
const DBG450 = process.env.DBG450 === '1';
/** H46e (entry 531, tried): the delay cycle's overtakers bounded by the table's round (tableDelayCycle). */
const TRY530R = process.env.TRY530 === '1';
/** H46e (entry 532, tried): the ties' and the delay cycle's competitors from the other input ports only. */
const TRY530P = process.env.TRY530 === '2' || process.env.TRY530 === '3' || process.env.TRY530 === '4';
/** TRY530=4: 3 with the port wait inside the delay cycle (tableDelayCycle). */
const TRY530G = process.env.TRY530 === '4';
/** TRY530=3: as 2 with t's own input buffer (its FIFO) alone left out, the port's other buffers kept (change 240's rule only). */
const TRY530F = process.env.TRY530 === '3' || process.env.TRY530 === '4';
/** Entry 450's scratch: per VL, the waiting heads' terms into the port being read (a port has at most 15 data VLs). */
const waitingByVl = new Float64Array(16);

/** Count the wait behind a full first-hop buffer in that buffer (infinite) instead of as credit waits at the host. */
export const RELOCATE = true;

/**
 * Step 3: per port and priority level, the waiting for the port: hosts' send queues as one finite
 * queue per level; for switch ports, per turn, the wait of an input buffer's head for the output
 * behind the heads of the other input buffers (at most one each: a finite population). Within a
 * level the wait is split among VLs by their weights (conservation law); a lower level's packet in
 * service adds its residual (non-preemptive priority, Cobham 1954). Also the GPS capacities. Ports
 * `from` to `to` − 1 (default all; each port writes its own channels and the turns into them alone).
 */
export function portWaits(m: CompiledModel, s: ModelState, shares: readonly VlShares[], from = 0, to = m.P): void {
  const V = m.V;
  // The compiled model's scratch (work.ts): per VL and level rewritten per port, per input port left zeroed.
  const { demand, cap, split, vlLam, vlS1, vlS2, splitRho, byInput, turnsOfInput, pairsByInput, lv, readyByInput, floorByInput } = m.work.port;
  for (let p = from; p < to; p++) {
    const base = p * V;
    // Change 265: not fed by one input port until its turns say so (after the levels, below; a port without traffic stays unmarked).
    if (!m.voq && V > 1) markOneLink(m, p, false);
    let any = false;
    for (let v = 0; v < V; v++) if (s.lam[base + v]! > 0) any = true;
    if (!any) continue;
    const sh = shares[p]!;
    // Per level: λ, Σλs, Σλs², Σλ·Ca², active VLs.
    let rhoHigh = 0;
    // The ready heads of the other inputs (change 36): the output idles behind a head waiting for its port only without them.
    // FIFO buffers only: a virtual output queue's waiting packets are many per input, mostly behind a busy port (not counted).
    const fifoOut = m.hostChannel[base] !== 1 && !m.voq;
    const readyAll = fifoOut ? readyHeadsAt(m, s, p, readyByInput) : 0;
    for (let k = 0; k < 7; k++) lv[0]![k] = lv[1]![k] = 0;
    for (let v = 0; v < V; v++) {
      const c = base + v;
      const l = s.lam[c]!;
      const level = servedLevel(sh, v);
      const acc = lv[level]!;
      acc[0]! += l;
      // Host ports count transmissions only: the wait behind a full switch buffer is counted in that
      // buffer's own queue, taken without its capacity (§13.5: blocking moves the wait, not removes it).
      const host = m.hostChannel[c] === 1 && RELOCATE;
      acc[1]! += l * (host ? s.xbar[c]! : s.seff[c]!);
      acc[2]! += l * (host ? s.x2[c]! : s.seff2[c]!);
      if (!host) {
        // The output idles while a head it would serve waits for its own input port (§13.4).
        // (The sums in locals, the same order: a sum kept in acc[] is a store and a load per turn.)
        const { intoOf, turnIn } = m;
        const { portWait, lamT } = s;
        const sc = s.seff[c]!;
        let a1 = acc[1]!;
        let a2 = acc[2]!;
        for (let i = m.intoStart[c]!, end = m.intoStart[c + 1]!; i < end; i++) {
          const t = intoOf[i]!;
          const e = fifoOut ? portWait[t]! * Math.exp(-Math.max(0, readyAll - readyByInput[(turnIn[t]! / V) | 0]!)) : portWait[t]!;
          a1 += lamT[t]! * e;
          a2 += lamT[t]! * (2 * sc * e + 2 * e * e);
        }
        // TRY490 (H46a, tried): the idle term's own moments, kept apart for the heads' MVA.
        if (TRY490 !== '') ((acc[5]! += a1 - acc[1]!), (acc[6]! += a2 - acc[2]!));
        acc[1] = a1;
        acc[2] = a2;
      }
      acc[3]! += (m.hostChannel[c] ? s.hostOffered[c]! : l) * s.ca2in[c]!;
      acc[4]! += s.sendCap[c]!;
      if (level === 0) rhoHigh += l * s.seff[c]!;
      demand[v] = s.wants[c] && l > 0 ? Infinity : l * s.seff[c]!;
    }
    if (fifoOut) clearReadyByInput(m, p, readyByInput);
    gpsCapacities(sh, demand, V, cap);
    for (let v = 0; v < V; v++) s.capacity[base + v] = Math.min(1, Math.max(cap[v]!, EPS));
    // Weighted round robin within a level: each VL's share of the level's wait (arbitration.ts, §13.4).
    for (let v = 0; v < V; v++) {
      const c = base + v;
      const host = m.hostChannel[c] === 1 && RELOCATE;
      vlLam[v] = s.lam[c]!;
      vlS1[v] = host ? s.xbar[c]! : s.seff[c]!;
      vlS2[v] = host ? s.x2[c]! : s.seff2[c]!;
    }
    for (let level = 0; level < 2; level++) wrrSplit(sh, level, vlLam, vlS1, vlS2, V, split);
    splitRho[0] = splitRho[1] = 0;
    for (let v = 0; v < V; v++) splitRho[servedLevel(sh, v)]! += vlLam[v]! * vlS1[v]!;
    // Change 265's mark (review H40rv265): the switch port's levels with traffic, and whether the last one had one input port.
    let fedLevels = 0;
    let oneInput = false;
    for (let level = 0; level < 2; level++) {
      const acc = lv[level]!;
      const l = acc[0]!;
      if (!(l > 0)) continue;
      const sMean = acc[1]! / l;
      const cs2 = Math.max(0, (acc[2]! / l) / (sMean * sMean) - 1);
      const before = level === 1 ? rhoHigh : 0;
      const avail = Math.max(EPS, 1 - before);
      const mu = avail / sMean;
      const rhoHere = before + acc[1]!;
      const lower = level === 0 ? lv[1]![2]! / 2 : 0;
      const lowerTerm = lower / (avail * Math.max(EPS, 1 - rhoHere));
      if (m.hostChannel[base]) {
        let offered = 0;
        for (let v = 0; v < V; v++) if (servedLevel(sh, v) === level) offered += s.hostOffered[base + v]!;
        const q = finiteQueue(offered, mu, acc[3]! / offered, cs2, acc[4]! > 0 ? acc[4]! : Infinity);
        const w = q.responseTime - 1 / mu;
        for (let v = 0; v < V; v++) {
          const lev = servedLevel(sh, v);
          if (lev === level) {
            s.hostWait[base + v] = split[v]! * w + lowerTerm;
            s.hostBlocking[base + v] = q.blockingProbability;
          }
        }
        continue;
      }
      // Switch port: heads of the other input buffers of this level. Packets that came over the same
      // link (another VL) arrived one after another: they contend less than strangers (below).
      let n = 0;
      let nTurns = 0;
      let waitingAll = 0;
      let pairs = 0;
      // Virtual output queues: the packets for this output wait in one queue per input, served in turn:
      // the output behaves as one queue of all of them (an output-queued switch), bounded by the buffers.
      // Its heads are counted only when that queue is unstable (the pass over the turns is most of a port's time).
      const oq = m.voq ? unboundedResponseTime(l, mu, acc[3]! / l, cs2, true) : undefined;
      if (V > 1) startFifoWaiting(m);
      if (TRY450) waitingByVl.fill(0);
      for (let v = 0; v < V && (oq === undefined || !Number.isFinite(oq)); v++) {
        const c = base + v;
        const lev = servedLevel(sh, v);
        if (lev !== level) continue;
        for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
          const t = m.intoOf[i]!;
          if (!(s.lamT[t]! > 0)) continue;
          const pu = (m.turnIn[t]! / V) | 0;
          if (byInput[pu] === 0) n++;
          // A link whose transmissions are fixed and no shorter than this port's brings a spaced stream: its
          // work has queued upstream (the floor, floor.ts). Its VLs together: the output's work does not depend
          // on the order the arbitration takes them in (H31p, change 29). Here (Σ_t λ_t)² of the link, summed as it grows.
          if (spacedInput(m, pu, p)) pairsByInput[pu]! += s.lamT[t]! * (2 * byInput[pu]! + s.lamT[t]!);
          byInput[pu]! += s.lamT[t]!;
          // A head waiting for its own input port is not ready, and the output serves only ready requests (crossbar.ts
          // tryOutput: the oldest per VL whose input port is free): it is ahead of no one meanwhile (change 67, H31l).
          const x = waitingTerm(s, t);
          waitingAll += x;
          if (TRY450) waitingByVl[v]! += x;
          if (V > 1) addFifoWaiting(m, m.turnIn[t]!, x);
          turnsOfInput[pu]!++;
          nTurns++;
        }
      }
      const sEff = sMean / avail;
      // Change 265 (H40dia): an output fed by one input port (FIFO buffers, several VLs) — every packet ahead of a head there comes
      // through the head's own input port: its waits are port waits, read with the port's other VLs' packets for this output
      // (portReadout.ts otherVlsReadout; waiting.ts markOneLink); no MVA here. (It replaces change 230's displaced strangers, 250–251.)
      // Review H40rv265: marked below only where one level carries the port's traffic. With both levels (a high-priority table)
      // the other level's packets reach the head through the priority terms (lowerTerm, avail), which the port readout would
      // count again; and a level fed by one port beside a level fed by several would make every input's readout count its
      // packets for q as the MVA's same-link strangers count them too.
      fedLevels++;
      oneInput = n === 1;
      const residual = (acc[2]! / l) / (2 * sMean) / avail;
      // TRY490 (H46a, tried; docs/fabric-model.md entry 490): what a head finds at its ready instant — the output's time
      // without change 36's idle term (a head ready while the output idles behind another's port wait starts at once:
      // crossbar.ts tryOutput serves any ready request), so the MVA's busy, residual and heads' services leave it out.
      const sMeanH = TRY490 === '' ? sMean : (acc[1]! - acc[5]!) / l;
      const cs2H = TRY490 === '' ? cs2 : Math.max(0, ((acc[2]! - acc[6]!) / l) / (sMeanH * sMeanH) - 1);
      const residualH = TRY490 === '' ? residual : ((acc[2]! - acc[6]!) / l) / (2 * sMeanH) / avail;
      // TRY490=3: τ per turn and the VLs' requests at a tie (tieShare.ts, entry 480's, ported), for tableDelayCycle's tie form.
      if (TRY490 === '3' && V > 1) tiePass(m, s, base, (k) => servedLevel(sh, k) === level, byInput);
      let portCapped = false;
      if (TRY450C) for (let v = 0; v < V; v++) if (s.wants[base + v]) portCapped = true;
      if (TRY450C && splitRho[level]! / avail >= 0.99) portCapped = true;
      let aggregate = 0;
      if (oq !== undefined) aggregate = Number.isFinite(oq) ? voqOutputWait(m, s, base, level, sh, l, mu, 1, cs2, byInput) : (n * sEff) / 2;
      for (let v = 0; v < V; v++) {
        const c = base + v;
        const lev = servedLevel(sh, v);
        if (lev !== level) continue;
        if (m.voq) {
          // (The loop's invariants in locals: the same numbers.)
          const { intoOf } = m;
          const { headWait, headWaitProb } = s;
          const wait = split[v]! * aggregate + lowerTerm;
          const prob = Math.min(1, acc[1]!);
          for (let i = m.intoStart[c]!, end = m.intoStart[c + 1]!; i < end; i++) {
            const t = intoOf[i]!;
            headWait[t] = wait;
            headWaitProb[t] = prob;
          }
          continue; // (no second moment: inputBuffers reads it for FIFO buffers only)
        }
        for (let i = m.intoStart[c]!; i < m.intoStart[c + 1]!; i++) {
          const t = m.intoOf[i]!;
          // The same link's packets to this output are spaced by their transmissions in proportion to
          // the share of the link's traffic that comes here (a thinned stream loses its spacing).
          const pu = (m.turnIn[t]! / V) | 0;
          let linkTotal = 0;
          for (let w = 0; w < V; w++) linkTotal += s.lam[pu * V + w]!;
          const same = byInput[pu]!;
          // Change 246 (H39uni): the link's other turns here count only as far as their packets or this one were delayed (their
          // spacing lost), and no more than the thinning rule above counts them: the smaller of the two (portReadout.ts sameLinkStrangers).
          const thinned = (same - s.lamT[t]!) * Math.min(1, same / linkTotal);
          const others = same > s.lamT[t]! ? l - same + Math.min(same - s.lamT[t]! - thinned, sameLinkStrangers(m, s, t, base, sh, level)) : l - s.lamT[t]! - thinned;
          let w = 0;
          let busy = 0;
          let w2 = 0;
          // At most one head per input buffer of the other ports can be ahead of this one.
          const heads = nTurns - turnsOfInput[pu]!;
          if (others > 0 && heads > 0) {
            // Ahead: every waiting head but t's own. The same link's waiting heads of other VLs are ahead in full (change 68,
            // H31l): spacing keeps a packet that left as it came from finding the output busy (`others`), not one still waiting
            // there, which no FIFO wait of this VL holds. Change 240: nor are the other turns of t's own FIFO into this port
            // ahead (a FIFO has one head): their sum with t's term is waiting.ts fifoWaitingOf (one VL: t's term alone).
            const ahead = waitingAll - (V > 1 ? fifoWaitingOf(m, m.turnIn[t]!) + runsAhead(m, s, base, level, sh, v) : waitingTerm(s, t));
            [w, busy, w2] = TRY490 === '' ? headWaitMva(others, ahead, sMean, avail, residual, cs2, heads) : headWaitMva(others, ahead, sMeanH, avail, residualH, cs2H, heads);
          }
          s.headWaitProb[t] = busy;
          // The residual of the packet in service is every VL's; the table reorders only the heads ahead:
          // their part takes the split of the queue's work, g'_v = (g_v − (1 − ρ))/ρ (R = (1 − ρ)W, §13.4), in full: the heads
          // counted ahead are ready ones only (change 67), among which the table chooses (change 170: change 35's ready share r dropped).
          const res = busy * (TRY490 === '' ? residual : residualH);
          const rhoL = Math.min(1 - EPS, Math.max(EPS, splitRho[level]!));
          const gq = Math.max(0, (split[v]! - (1 - rhoL)) / rhoL);
          // TRY450=C: at a port where some flow is capped (s.wants) the heads are always there and the table's split of a saturated
          // output is main's (gq); the delay cycle is the stable queue's form.
          const dc = TRY450 && V > 1 && others > 0 && heads > 0 && !(TRY450C && portCapped) ? tableDelayCycle(m, s, t, v, level, sh, avail, sMeanH, others, residualH, cs2H, heads) : undefined;
          if (dc !== undefined) {
            const [wd, wd2] = dc;
            s.headWait[t] = wd + lowerTerm;
            s.headWait2[t] = wd2 + 2 * wd * lowerTerm + lowerTerm * lowerTerm;
            continue;
          }
          const wv = res + gq * (w - res);
          const k = w > 0 ? wv / w : 0;
          s.headWait[t] = wv + lowerTerm;
          s.headWait2[t] = k * k * w2 + 2 * wv * lowerTerm + lowerTerm * lowerTerm;
        }
      }
      // The table's runs: a buffer's next packet continues its VL's visit before another VL's head (queues/runs.ts visitRuns, change 100).
      if (!m.voq && V > 1) visitRuns(m, s, base, level, sh, sEff);
      // The floor's arrivals: the merge's M/G/1 wait less each spaced input link's own (floor.ts, H31p change 29).
      if (!m.voq && n > 1) {
        // Per input link, its spaced stream's own M/G/1 term λ_i²/(1 − λ_i/μ) (λ_i² its pairs; floor.ts).
        // Change 295 (H41tr): and its packets' share of W_OQ, W(λ) − W(λ_i) (spaced) or W(λ) (another input), into floorByInput.
        const wAll = outputQueuedWait(l, mu, 1, cs2, 0);
        const byLink = Number.isFinite(wAll);
        for (let v = 0; v < V; v++) {
          for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
            const pu = (m.turnIn[m.intoOf[i]!]! / V) | 0;
            const pi = pairsByInput[pu]!;
            if (pi > 0) pairs += pi / Math.max(EPS, 1 - Math.sqrt(pi) / mu);
            if (byLink && floorByInput[pu] === 0) {
              const li = Math.sqrt(pi);
              floorByInput[pu] = Math.max(Number.MIN_VALUE, pi > 0 ? wAll - ((1 + cs2) * li) / (2 * mu * mu * Math.max(EPS, 1 - li / mu)) : wAll);
            }
            pairsByInput[pu] = 0;
          }
        }
        conservationFloor(m, s, base, level, sh, split, l, mu, 1, cs2, lowerTerm, pairs, false, byLink ? floorByInput : undefined);
        if (byLink) for (let v = 0; v < V; v++) for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) floorByInput[(m.turnIn[m.intoOf[i]!]! / V) | 0] = 0;
      }
      else if (!m.voq) {
        for (let v = 0; v < V; v++) for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) s.floorExtra[m.intoOf[i]!] = s.floorSpill[m.intoOf[i]!] = 0;
        // One input port: only what the next buffers spill (floor.ts, H31p2 change 32).
        if (n === 1) conservationFloor(m, s, base, level, sh, split, l, mu, 1, cs2, lowerTerm, 0, true);
      }
      for (let v = 0; v < V && nTurns > 0; v++) {
        for (let i = m.intoStart[base + v]!; i < m.intoStart[base + v + 1]!; i++) {
          const pu = (m.turnIn[m.intoOf[i]!]! / V) | 0;
          byInput[pu] = 0;
          turnsOfInput[pu] = 0;
          pairsByInput[pu] = 0;
        }
      }
    }
    if (!m.voq && V > 1 && fedLevels === 1 && oneInput) markOneLink(m, p, true);
  }
}

/**
 * Entry 450 (H45d, tried): turn t's head wait on VL v as the table's delay cycle (heads.ts delayCycleWait). Found work that goes
 * first: the residual and the heads of v found waiting (waitingByVl[v] less t's own FIFO's terms; the crossbar takes a VL's ready
 * requests oldest first, entry 450: the simulator's older starts 0.285 / 0.175 x against the same-VL heads found 0.272 / 0.179 at
 * switch8-2sl 0.6 / the tree's up-links, VL 0). Overtakers per unit of the wait, σ (of the level's available share): while the
 * head's port is free (1 − π) each other VL j of the level sends what arrives, ρ_j, but no more than the table lets it while v's
 * work is sent, (φ_j/φ_v)ρ_v (the table's MVA, arbitration.ts wrrSplit); while its port is busy (π = portBusyAll, the lost turns)
 * the output serves the others' requests of every VL as they come, Σ_j ρ_j less t's own buffer's.
 */
function tableDelayCycle(m: CompiledModel, s: ModelState, t: number, v: number, level: number, sh: VlShares, avail: number, sMean: number, others: number, residual: number, cs2: number, heads: number): [number, number] | undefined {
  const V = m.V;
  const own = s.lamT[t]! * sMean;
  const aSame = TRY490 === '3' ? foundWaiting(m, s, t, ((m.turnOut[t]! / V) | 0) * V, waitingByVl)[v]! : Math.max(0, waitingByVl[v]! - fifoWaitingOf(m, m.turnIn[t]!));
  let [w0, busy, w02] = headWaitMva(others, aSame, sMean, avail, residual, cs2, heads);
  if (TRY490 === '3') [w0, busy, w02] = tieFound(m, s, t, v, level, sh, avail, sMean, residual, cs2, heads, aSame, busy, waitingByVl);
  if (TRY490 === '3') s.headWaitProb[t] = busy;
  const phiV = sh.roundBytes[v]! > 0 ? sh.roundBytes[v]! : 1;
  const base = ((m.turnOut[t]! / V) | 0) * V;
  // TRY450=D: a packet waiting for credits does not hold the output (the arbiter passes over a VL without credits), so the
  // overtakers hold it for their transmissions only.
  const rhoV = s.lam[base + v]! * (TRY450D ? s.xbar[base + v]! : sMean);
  let table = 0;
  // TRY530=2 (H46e, tried; entry 532): the overtakers are the other input ports' requests — t's own port's go through the
  // port t's head waits for (its FIFO has one head, change 240; the port's other buffers' starts are t's port wait e).
  const pIn = (m.turnIn[t]! / V) | 0;
  const ownPort = (j: number): number => {
    if (!TRY530P) return 0;
    let o = 0;
    for (let i = m.intoStart[base + j]!; i < m.intoStart[base + j + 1]!; i++) {
      const t2 = m.intoOf[i]!;
      if (TRY530F ? m.turnIn[t2] === m.turnIn[t] : ((m.turnIn[t2]! / V) | 0) === pIn) o += s.lamT[t2]! * (TRY450D ? s.xbar[base + j]! : sMean);
    }
    return o;
  };
  const rhoVo = TRY530P ? Math.max(0, rhoV - ownPort(v)) : Math.max(0, rhoV - own);
  let all = rhoVo;
  for (let j = 0; j < V; j++) {
    if (j === v || servedLevel(sh, j) !== level) continue;
    const rj = Math.max(0, s.lam[base + j]! * (TRY450D ? s.xbar[base + j]! : sMean) - ownPort(j));
    const phiJ = sh.roundBytes[j]! > 0 ? sh.roundBytes[j]! : 1;
    table += Math.min(rj, (phiJ / phiV) * rhoV);
    all += rj;
  }
  // TRY450=B: the lost turns left to the port wait e (portReadout.ts), which already holds the port's busy time: the others' starts
  // then fill that time rather than add to it (the wait is the larger of the two, not their sum).
  const pi = TRY450B ? 0 : Math.min(1, Math.max(0, s.portBusyAll[t]!));
  const sigma = Math.min(1 - 1e-3, ((1 - pi) * table + pi * all) / avail);
  // TRY450=C: the cycle is stable only while its overtakers and the head's own VL (whose waiting heads W0 counts, Little) leave the
  // output some time, σ + ρ_v < 1; beyond, main's form (the table's long-run split).
  if (TRY450C && sigma + rhoV / avail >= 1) return undefined;
  if (DBG450) console.error(`t ${t} v ${v} busy·R ${(w0 - aSame * sMean / avail) / sMean} aSame ${aSame} w0 ${w0 / sMean} table ${table / avail} all ${all / avail} pi ${pi} sigma ${sigma} W ${w0 / (1 - sigma) / sMean} sEff/x ${sMean / avail / s.xbar[base + v]!}`);
  let [wd, wd2] = delayCycleWait(w0, w02, sigma, sMean / avail, cs2);
  if (TRY530G) {
    // TRY530=4 (H46e, tried; entry 534, H46a's (c)): the head's port wait e (inputBuffers.ts, added to the head wait after
    // this) lies inside the delay cycle: while t's port is busy the output serves the others' requests that arrive, and those
    // the table lets go first (σ) are still ahead when t requests — W = (W0 + e)/(1 − σ) − e, i.e. e·σ/(1 − σ) more.
    const e = Math.max(0, s.portWait[t]!);
    const add = (e * sigma) / (1 - sigma);
    wd2 += 2 * wd * add + add * add;
    wd += add;
  }
  if (!TRY530R) return [wd, wd2];
  // TRY530=1 (H46e, tried; docs/fabric-model.md entry 531): the table's round bounds the overtakers. W0/(1 − σ) lets every
  // request of another VL of the level that arrives during the wait go first, and theirs in turn; the arbiter (a weighted
  // round robin over the level's VLs) gives VL j at most φ_j/φ_v of its packets per packet of v, at each of v's decisions
  // before t's head: the end of the packet in service and of each of v's a heads found ahead (1 + a decisions). VL j
  // has a request at a decision with p_j = 1 − e^{−(N_j + λ_j x̄_j)} (its waiting heads found, other buffers', and those
  // ready during one transmission), so W ≤ W0 + (1 + a)·Σ_j p_j(φ_j/φ_v)x̄_j.
  const found = foundWaiting(m, s, t, base, waitingByVl);
  let over = 0;
  for (let j = 0; j < V; j++) {
    if (j === v || servedLevel(sh, j) !== level || !(s.lam[base + j]! > 0)) continue;
    const phiJ = sh.roundBytes[j]! > 0 ? sh.roundBytes[j]! : 1;
    const pj = 1 - Math.exp(-(found[j]! + s.lam[base + j]! * s.xbar[base + j]!));
    over += pj * (phiJ / phiV) * (s.xbar[base + j]! / avail);
  }
  const bound = w0 + (1 + aSame) * over;
  if (bound >= wd) return [wd, wd2];
  const r = bound / wd;
  return [bound, wd2 * r * r];
}

