/**
 * The fabric model in overload (docs/models.md §13.7, docs/fabric-model.md change 42): where the fixed
 * point does not converge with flows capped, the credit waits and head times of the buffers held at
 * their capacity (λS = 1) feed each other without bound, the max-min rates fall towards 0 and the
 * sums become NaN (torus8x8-uniform-2sl at 1.04–2 times its saturation). The answer then is the
 * saturated allocation: the largest common scale s of the offered rates at which the fixed point
 * holds with no flow capped (bisection, as saturation.ts), with its queues' state, every flow carried
 * at s of its offered rate. Each flow then offers more than the fabric carries: its host's send queue
 * grows without bound, so its latency is Infinity (flagged `unstable`, with the reason). solve.ts takes
 * this answer only where it carries more in total than the diverged iterate. Kernel of solve.ts: no
 * validation.
 */
import type { ModelNetwork } from '../spec/network.js';
import type { SolvedModel } from '../results/solved.js';
import { portSharesByMeanBytes, weightedMaxMin } from '../routes/weightedMaxmin.js';
import { inputFairRates } from './inputFair.js';
import { hopArrays } from '../spec/compile.js';
import { accumulateLoads } from '../routes/loads.js';

/** Bisection steps on the scale (2⁻¹⁰ of the offered rates). */
const STEPS = 10;

/**
 * The saturated allocation for a network whose fixed point diverged (`diverged`, at the offered rates).
 * `solveAt(net)` solves a network without this fallback and reports whether a flow was capped. Returns
 * `diverged` itself when no scale holds (greedy sources, or a fabric capped at every load).
 */
export function saturatedAllocation(net: ModelNetwork, diverged: SolvedModel, solveAt: (net: ModelNetwork) => SolvedModel): SolvedModel {
  const scaled = (k: number): ModelNetwork => ({ ...net, flows: net.flows.map((f) => ({ ...f, lambda: f.lambda * k })) });
  const holds = (sm: SolvedModel) => sm.converged && !sm.alloc.bottleneck.some((b) => b >= 0);
  let lo = 0;
  let hi = 1;
  let best: SolvedModel | undefined;
  let above: SolvedModel | undefined;
  let iterations = diverged.iterations;
  for (let i = 0; i < STEPS; i++) {
    const mid = (lo + hi) / 2;
    const sm = solveAt(scaled(mid));
    iterations += sm.iterations;
    if (holds(sm)) ((lo = mid), (best = sm));
    else ((hi = mid), (above = sm));
  }
  if (best === undefined) return diverged;
  // Every flow at scale lo (the fabric held at the model's saturation point; a lower bound for a flow that
  // crosses no saturated resource), named as capped by what capped it just above lo, else by its own
  // host channel, where the excess piles up.
  const m = diverged.m; // compiled from `net` itself
  const s = best.s;
  const bottleneck = new Int32Array(m.F);
  for (let f = 0; f < m.F; f++) {
    s.rate[f] = best.m.lambda[f]!;
    const b = above?.alloc.bottleneck[f] ?? -1;
    bottleneck[f] = b >= 0 ? b : m.P + m.flowChannel[f]!;
    // Its send queue is offered more than it sends: unbounded.
    s.hostWait[m.flowChannel[f]!] = Infinity;
  }
  const alloc = { rate: Float64Array.from(s.rate), bottleneck };
  return { net, m, s, alloc, iterations, residual: diverged.residual, converged: false, tolerance: diverged.tolerance, overloadScale: lo };
}

/**
 * The diverged iterate where solve.ts keeps it (the runaway local to some trees, e.g. Gran's hotspots at
 * radix 36): the waits on the capped flows' paths are the runaway's (10¹³ µs by the 200th iteration,
 * growing by more than 10⁶ of themselves per iteration), not a latency. A capped flow is offered more
 * than it carries, so its send queue fills: unbounded with an unbounded send queue; with a finite one
 * (Gran's C nodes: 16 packets) the simulated latency is bounded by that queue, which the model does not
 * count (docs/fabric-model.md, "Where it fails"). Either way the iterate holds no number for it: each
 * capped flow is marked unbounded (latency Infinity, flagged `unstable` with the reason). Flows it does
 * not cap keep their numbers (flagged `not-converged`).
 */
export function withUnboundedCapped(sm: SolvedModel): SolvedModel {
  const unbounded = new Uint8Array(sm.m.F);
  // Their throughput is the allocation's (session 14, H31e, change 105): the runaway's head times and
  // credit waits took the iterate's rates of the capped flows towards 0 (Gran's hotspot flows under 10⁻⁶
  // of their offered rate, two V flows sharing a 16 Gb/s link at 0.01 of theirs where the simulator
  // carries 8 Gb/s each); the weighted max-min over the links and the tables holds no runaway term.
  // The flows it does not cap are held at their rates (their links carry them), the capped ones share the rest.
  const held = new Float64Array(sm.m.F);
  for (let f = 0; f < sm.m.F; f++) held[f] = sm.alloc.bottleneck[f]! >= 0 ? ((unbounded[f] = 1), NaN) : sm.alloc.rate[f]!;
  const law = weightedMaxMin(sm.m, sm.net, { held });
  const rate = Float64Array.from(sm.alloc.rate);
  for (let f = 0; f < sm.m.F; f++) if (unbounded[f]) rate[f] = law.rate[f]!;
  return { ...sm, alloc: { rate, bottleneck: sm.alloc.bottleneck }, unbounded };
}

/**
 * The rates of a solve that caps flows, from the input-fair allocation over the links, the VL tables and
 * the head times of the input buffers that block at their head (inputFair.ts; docs/models.md §13.7,
 * change 160; it replaced change 106's weighted max-min over flows, routes/weightedMaxmin.ts). The simulator's output puts a VL in its
 * arbitration only with the credits for its head (crossbar.ts tryOutput): a VL whose flows are held
 * downstream (by a buffer's head time or a later link) leaves its table turns to the other VLs. In the
 * fixed point a VL's demand counts its credit waits as port time (l·(x + β), iterate.ts), so such a VL
 * holds its table share and the link is left part idle. The loads follow the new rates; the waits are
 * the solved state's (the capped flows' latencies are bounds anyway, flagged `saturated`).
 */
export function withSharesByLoad(sm: SolvedModel): SolvedModel {
  const { m, s } = sm;
  const hops = hopArrays(m);
  // Change 160 (H34sh): the input-fair allocation (inputFair.ts) — within a VL the output serves its input
  // buffers in turn, not its flows; head times only for the buffers that block at their head.
  const law = inputFairRates(m, portSharesByMeanBytes(m, sm.net, hops), { headTime: s.headTime, hops });
  // An allocation that does not stand: the fixed point's stays, and the result says so (diagnostics).
  if (!law.settled) return { ...sm, sharesUnsettled: law.rounds };
  s.rate.set(law.rate);
  accumulateLoads(m, s, hops);
  return { ...sm, alloc: { rate: law.rate, bottleneck: law.bottleneck } };
}
