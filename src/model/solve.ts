/**
 * The fabric, analytically: {@link solveFabric} decomposes a resolved network (network.ts) into
 * finite single-server queues — each port's VLs behind their arbitration, each switch input buffer
 * with its credits — and iterates flow rates (max-min), effective service times (credit waits) and
 * two-moment streams to a fixed point (docs/models.md §13). Results in the simulator's units and
 * metric names (result.ts).
 */
import { InvalidParameterError } from '../core/errors.js';
import { compiledModel, hopArrays, type CompiledModel, type HopArrays } from './spec/compile.js';
import { maxMinRatesByHop } from './routes/maxminHops.js';
import { channelService, portWaits } from './fixedPoint/iterate.js';
import { inputBuffers } from './fixedPoint/inputBuffers.js';
import { propagate } from './fixedPoint/propagate.js';
import { oneVlVoqPorts, writeHeadWaitProbabilities } from './fixedPoint/oneVlVoqPorts.js';
import { accumulateLoads } from './routes/loads.js';
import { newState, type ModelState } from './fixedPoint/state.js';
import { DampingStep } from './fixedPoint/damping.js';
import { maxMinRates, type Allocation } from './routes/maxmin.js';
import type { SolvedModel } from './results/solved.js';
import { vlShares, type VlShares } from './queues/arbitration.js';
import type { VlArbiterConfig } from '../admission/arbiter.js';
import type { ModelNetwork } from './spec/network.js';
import type { FabricModelResult } from './results/result.js';
import { modelResult } from './results/assemble.js';
import { withFabricModelDisplay } from './results/display.js';
import { creditTandem, withExactTandem } from './exact/tandem.js';
import { saturatedAllocation, withSharesByLoad, withUnboundedCapped } from './saturation/overload.js';
import { optionsParameter, recordParameter } from '../core/shapes.js';
import { allocationHeadTimes } from './fixedPoint/rotationHeads.js';

/** Options of {@link solveFabric}; every one has a default. */
export interface SolveFabricOptions {
  /** Stop when the largest relative change of a service time or a rate is below this (default 1e-7). */
  readonly tolerance?: number;
  /** Most iterations (default 200); not converged → every flow flagged `not-converged`. */
  readonly maxIterations?: number;
  /** Damping of the credit waits, 0 < ω ≤ 1 (default 0.5). */
  readonly damping?: number;
  /** Let the damping go to 1 where the iteration shows it holds back convergence (default true; damping.ts, docs/models.md §13.7); false: ω throughout. */
  readonly adaptiveDamping?: boolean;
}

/**
 * Solves a resolved network. Flows' rates are max-min fair over the links, the channels' shares and
 * the input buffers' head times; latencies are fixed part + queueing per hop + credit waits.
 *
 * @throws InvalidParameterError naming the option for a bad tolerance, iteration count, damping or adaptiveDamping.
 * @example
 * const r = solveFabric(net); // net: a ModelNetwork (scenario.ts builds one from a `fabric` scenario)
 * r.metrics.latency['f0']; // mean latency of flow f0, µs
 */
export function solveFabric(net: ModelNetwork, options: SolveFabricOptions = {}): FabricModelResult {
  recordParameter('net', net, { ports: 'array', flows: 'array', vls: 'number' });
  optionsParameter('options', options);
  const tolerance = options.tolerance ?? 1e-7;
  if (!(tolerance > 0 && tolerance < 1)) throw new InvalidParameterError('tolerance', 'a number in (0, 1)', tolerance);
  const maxIterations = options.maxIterations ?? 200;
  if (!Number.isInteger(maxIterations) || maxIterations < 1) throw new InvalidParameterError('maxIterations', 'an integer >= 1', maxIterations);
  const omega = options.damping ?? 0.5;
  if (!(omega > 0 && omega <= 1)) throw new InvalidParameterError('damping', 'a number in (0, 1]', omega);
  const adaptive = options.adaptiveDamping ?? true;
  if (typeof adaptive !== 'boolean') throw new InvalidParameterError('adaptiveDamping', 'true or false', adaptive);
  const result = modelResult(solveModel(net, tolerance, maxIterations, omega, 'fallback', adaptive));
  const chain = creditTandem(net);
  if (chain === null) return withFabricModelDisplay(result);
  const exact = withExactTandem(result, chain, net.flows[0]!.meanBytes);
  const f = exact.flows[0]!;
  Object.defineProperty(exact, 'perFlow', { value: Object.freeze({ throughput: Float64Array.of(f.throughput), latency: Float64Array.of(f.latency) }), enumerable: false });
  return withFabricModelDisplay(exact);
}

/** A residual above this (a relative change per iteration) is a fixed point running away, not one still settling. */
const DIVERGED = 1e6;

/**
 * What {@link solveModel} does where the fixed point diverges with flows capped (overload): 'fallback',
 * the saturated allocation of overload.ts; 'plain', return the diverged state; 'stop', return as soon as
 * an allocation caps a flow (for bisections that only ask whether a load is below saturation).
 */
export type OverloadMode = 'fallback' | 'plain' | 'stop';

/**
 * The fixed point itself (no validation of the network: scenario.ts and tests build sound ones).
 * `oneVlPass` false: a one-VL VoQ model takes the general steps (propagate, portWaits, inputBuffers) in
 * place of fixedPoint/oneVlVoqPorts.ts and queues/oneVlVoqBuffer.ts — the same numbers, slower
 * (test/model/oneVlPass.test.ts holds the two to each other).
 */
export function solveModel(net: ModelNetwork, tolerance: number, maxIterations: number, omega: number, overload: OverloadMode = 'fallback', adaptive = true, oneVlPass = true): SolvedModel {
  const m = compiledModel(net);
  const s = newState(m);
  // The VL shares from each channel's mean packet size before any rate is known, every flow weighted 1:
  // the compiled model's alone (its network's ports and flows), so once per compiled model.
  let shares = unweightedShares.get(m);
  if (shares === undefined) unweightedShares.set(m, (shares = portShares(net, m, meanBytesUnweighted(m, s))));
  let residual = Infinity;
  let iterations = 0;
  // Max-min over the route table; where it caps a flow, again hop by hop (maxminHops.ts: capped flows
  // fill links to 1 ± 10⁻¹⁶, and the queues turn on the rounding), and the loads hop by hop too.
  let hops: HopArrays | undefined;
  // Change 540: the rotation buffers' head times at their cap, min(S, S_b) (fixedPoint/rotationHeads.ts).
  const capHead = new Float64Array(m.C);
  const heads = (): Float64Array => allocationHeadTimes(m, s, capHead);
  const allocate = (out?: Allocation): Allocation => {
    const headTime = heads();
    // Once a flow has been capped in this solve, straight to the hop-by-hop form (the same answer when nothing is capped).
    if (hops !== undefined) return maxMinRatesByHop(m, hops, { channelCapacity: s.capacity, headTime }, out);
    const fast = maxMinRates(m, { channelCapacity: s.capacity, headTime }, s.scratch, out);
    if (!anyCapped(fast)) return fast;
    hops ??= hopArrays(m);
    return maxMinRatesByHop(m, hops, { channelCapacity: s.capacity, headTime }, fast);
  };
  // Where every flow's offered rate fits every link and channel share with room to spare, the max-min
  // allocation is the offered rates, no flow capped (the head times are 0 before the first pass): the
  // loads at those rates say so in one pass, and the progressive filling's pass is saved (the
  // all-to-all's 419,256 flows: a sixth of a solve). Otherwise as before.
  s.rate.set(m.lambda);
  accumulateLoads(m, s);
  let alloc: Allocation;
  let capped = false;
  if (offeredFits(m, s)) {
    alloc = { rate: Float64Array.from(m.lambda), bottleneck: new Int32Array(m.F).fill(-1) };
    s.wants.fill(0);
  } else {
    alloc = allocate();
    capped = applyRates(m, s, alloc);
    // Uncapped by the route-table filling, the allocation is the offered rates: the loads just summed
    // stand (after the hop-by-hop filling they are summed hop by hop, as before).
    if (capped || hops !== undefined) accumulateLoads(m, s, hops);
  }
  // The service times are the last step's unless the loads have moved since (they read loads and credit waits only).
  let served = false;
  const step = new DampingStep(omega, tolerance, adaptive);
  while (iterations < maxIterations) {
    iterations++;
    const loadsMoved = !served;
    if (!served) channelService(m, s);
    // One VL with virtual output queues: the merge, the port step and the waiting heads' terms channel by channel (the same numbers).
    const oneVlVoq = oneVlPass && m.voq && m.V === 1;
    if (oneVlVoq) oneVlVoqPorts(m, s, shares, loadsMoved);
    else (propagate(m, s), portWaits(m, s, shares));
    const change = inputBuffers(m, s, step.omega, oneVlVoq, loadsMoved);
    // (The loads have not moved since the last service step: only the credit waits.)
    channelService(m, s, false);
    served = true;
    // The flows' rates move only where a resource is over its capacity or a flow is capped: then
    // progressive filling again; otherwise the loads stand.
    // (The allocation's head times are at most the mixture's, change 540: not over with these, not over with those.)
    let rateChange = 0;
    if (capped || (overloaded(m, s) && overloaded(m, s, heads()))) {
      alloc = allocate(alloc);
      rateChange = rateDifference(m, alloc, s.rate);
      capped = applyRates(m, s, alloc);
      if (rateChange > 0) ((served = false), accumulateLoads(m, s, hops));
    }
    residual = Math.max(change, rateChange);
    step.next(m, s, change, rateChange);
    if (iterations > 1 && residual < tolerance && step.settled) break;
    if (capped && overload === 'stop') break;
    if (!Number.isFinite(residual)) break; // diverged (overload): nothing further to gain
  }
  // The one-VL VoQ pass keeps the head-wait probabilities per output; into the turns once (the state as the general steps leave it).
  if (oneVlPass && m.voq && m.V === 1 && iterations > 0) writeHeadWaitProbabilities(m, s);
  const sm = { net, m, s, alloc, iterations, residual, converged: residual < tolerance, tolerance };
  // Diverged, not merely unsettled (the hotspot runs oscillate at a residual of 5): a service time or rate
  // moving by more than DIVERGED times itself in one iteration, or not a number.
  if (overload !== 'fallback') return sm;
  if (sm.converged || !(!Number.isFinite(residual) || residual > DIVERGED)) return anyCapped(sm.alloc) ? withSharesByLoad(sm) : sm;
  const fallback = saturatedAllocation(net, sm, (n) => solveModel(n, tolerance, maxIterations, omega, 'stop', adaptive, oneVlPass));
  // The common scale is for a runaway that takes the whole allocation down (rates towards 0, NaN). Where the
  // diverged iterate still carries more in total, the runaway is local (Gran's hotspot trees at radix 36):
  // the common scale would cut the flows that cross no saturated resource to the hotspots' rate, so the
  // diverged answer (flagged not-converged) is kept, its capped flows' latencies Infinity (the runaway's numbers, 10¹³ µs, are none).
  return carried(sm.alloc.rate) > carried(fallback.alloc.rate) ? withUnboundedCapped(sm) : fallback;
}

/**
 * Each compiled model's VL shares at its flows' unweighted mean sizes (a network kept by the front end
 * keeps its compiled model, compile.ts, and so these: two passes over the flows a solve less on the
 * 419,256-flow all-to-all). Where the sizes differ, {@link meanBytesUnweighted} leaves loads at rate 1
 * in the state, which the first allocation's loads overwrite whole (loads.ts zeroes every sum it
 * writes), so a solve that finds the shares here starts from the same state.
 */
const unweightedShares = new WeakMap<CompiledModel, VlShares[]>();

/** Total rate of an allocation (flows per second); NaN or infinite where a rate is not a finite number. */
function carried(rate: Float64Array): number {
  let sum = 0;
  for (let f = 0; f < rate.length; f++) sum += rate[f]!;
  return Number.isFinite(sum) ? sum : -Infinity;
}

/**
 * Each port's VL shares for its VLs' mean packet sizes at the state's loads. Ports share their tables
 * (one object for every switch port unless `portArbitration` says otherwise) and mostly their sizes:
 * one digest per distinct (tables, sizes), the same object for the ports that have them.
 */
function portShares(net: ModelNetwork, m: CompiledModel, meanBytes: Float64Array): VlShares[] {
  const made = new Map<VlArbiterConfig, { bytes: Float64Array; shares: VlShares }[]>();
  return net.ports.map((p, i) => {
    const bytes = meanBytes.subarray(i * m.V, (i + 1) * m.V);
    let list = made.get(p.arbitration);
    if (list === undefined) made.set(p.arbitration, (list = []));
    for (const e of list) if (e.bytes.every((b, v) => b === bytes[v])) return e.shares;
    const shares = vlShares(p.arbitration, bytes, m.V);
    if (list.length < 8) list.push({ bytes, shares });
    return shares;
  });
}

/**
 * Per channel, the mean packet size (bytes) of the flows through it with every flow weighted 1 (2048
 * where none passes). When every flow has the same mean size that is the size itself, on every
 * channel some hop or route node takes: no pass over the route table's sums. Otherwise the loads at
 * rate 1 (which the first allocation's loads then replace).
 */
function meanBytesUnweighted(m: CompiledModel, s: ModelState): Float64Array {
  const out = new Float64Array(m.C).fill(2048);
  const size = m.F > 0 ? m.m1[0]! : 2048;
  let same = true;
  for (let f = 1; f < m.F && same; f++) same = m.m1[f] === size;
  if (same) {
    for (let f = 0; f < m.F; f++) out[m.flowChannel[f]!] = size;
    for (let n = 0; n < m.N; n++) out[m.nodeChannel[n]!] = size;
    return out;
  }
  s.rate.fill(1);
  accumulateLoads(m, s);
  for (let c = 0; c < m.C; c++) if (s.lam[c]! > 0) out[c] = s.b1[c]! / s.lam[c]!;
  return out;
}

/** Largest relative change of a flow's rate from `previous` (the state's rates before the allocation is applied). */
function rateDifference(m: CompiledModel, alloc: Allocation, previous: Float64Array): number {
  let d = 0;
  for (let f = 0; f < m.F; f++) {
    const r = alloc.rate[f]!;
    const diff = Math.abs(r - previous[f]!);
    if (diff > 0) d = Math.max(d, diff / Math.max(r, 1e-300));
  }
  return d;
}

/** Whether the allocation caps any flow. */
function anyCapped(alloc: Allocation): boolean {
  const b = alloc.bottleneck;
  for (let f = 0; f < b.length; f++) if (b[f]! >= 0) return true;
  return false;
}

/** Copies the allocation into the state (rates, and which channels hold capped flows); true if any flow is capped. */
function applyRates(m: CompiledModel, s: ModelState, alloc: Allocation): boolean {
  let capped = false;
  s.wants.fill(0);
  s.rate.set(alloc.rate);
  if (!anyCapped(alloc)) return false; // (most allocations cap nothing)
  for (let f = 0; f < m.F; f++) {
    const b = alloc.bottleneck[f]!;
    if (b < 0) continue;
    capped = true;
    if (b < m.P) s.wants.fill(1, b * m.V, (b + 1) * m.V);
    else if (b < m.P + m.C) s.wants[b - m.P] = 1;
  }
  return capped;
}

/**
 * Margin below capacity within which {@link offeredFits} leaves the answer to the progressive filling:
 * far above the rounding of the sums (10⁻¹⁵ of a load), so that where it says "fits" no resource
 * can come within maxmin.ts's SATURATED (1 − 10⁻¹²) of its capacity at any level of the filling.
 */
const FITS = 1 - 1e-9;

/**
 * Whether the loads in `s` (accumulateLoads at the offered rates, head times 0) leave every port's link
 * and every channel's share below {@link FITS} of capacity, counted as maxmin.ts counts them (Σ rate ·
 * mean size ÷ the port's rate): then the max-min allocation meets every demand. Infinite or unknown rates: false.
 */
function offeredFits(m: CompiledModel, s: ModelState): boolean {
  for (let p = 0; p < m.P; p++) {
    let u = 0;
    for (let v = 0; v < m.V; v++) {
      const c = p * m.V + v;
      const x = s.b1[c]! / m.rate[p]!;
      if (!(x <= s.capacity[c]! * FITS)) return false;
      u += x;
    }
    if (!(u <= FITS)) return false;
  }
  return true;
}

/** Whether a link, a channel's share or an input buffer's head time is over its capacity at the current loads. */
function overloaded(m: CompiledModel, s: ModelState, headTime: Float64Array = s.headTime): boolean {
  const over = 1 + 1e-12;
  for (let p = 0; p < m.P; p++) {
    let u = 0;
    for (let v = 0; v < m.V; v++) {
      const c = p * m.V + v;
      const x = s.lam[c]! * s.xbar[c]!;
      if (x > s.capacity[c]! * over) return true;
      u += x;
    }
    if (u > over) return true;
  }
  for (let c = 0; c < m.C; c++) if (s.lam[c]! * headTime[c]! > over) return true;
  return false;
}
