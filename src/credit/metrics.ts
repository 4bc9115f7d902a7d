/**
 * Metrics of the credit chain (docs/models.md §6.4) from a solved distribution: finite (a vector P(i, j)
 * in i-major order), level-geometric (n = ∞, stable), or none (n = ∞, unstable).
 */
import { CompensatedSum } from '../linalg/sum.js';
import type { CheckedCreditParams, CreditMethod, CreditSolverMethod } from './params.js';
import { saturationThroughput, type GeometricKernelResult } from './geometric/geometric.js';
import { paramsRecord, type CreditChainResult, type CreditExactValues, type CreditThroughputForms } from './result.js';

/** Sums over a finite distribution from which every metric follows. */
export interface FiniteCreditSums {
  /** Σ P (1 up to rounding). */
  readonly total: number;
  /** Σ i·P(i, j). */
  readonly upstreamMoment: number;
  /** Σ j·P(i, j). */
  readonly downstreamMoment: number;
  /** Σ_j P(n, j). */
  readonly fullUpstream: number;
  /** Σ_{i≥1, j<m} P(i, j). */
  readonly forwarding: number;
  /** Σ_i P(i, 0). */
  readonly emptyDownstream: number;
  /** Σ_{i≥1} P(i, m). */
  readonly creditBlocked: number;
}

/** The sums of {@link FiniteCreditSums}, compensated (Neumaier), in one O(S) pass. */
export function finiteCreditSums(n: number, m: number, p: ArrayLike<number>): FiniteCreditSums {
  const w = m + 1;
  const total = new CompensatedSum();
  const l1 = new CompensatedSum();
  const l2 = new CompensatedSum();
  const forwarding = new CompensatedSum();
  const empty = new CompensatedSum();
  const blocked = new CompensatedSum();
  const full = new CompensatedSum();
  for (let i = 0; i <= n; i++) {
    const row = new CompensatedSum();
    for (let j = 0; j <= m; j++) {
      const v = p[i * w + j]!;
      row.add(v);
      l2.add(j * v);
      if (j === 0) empty.add(v);
      if (i >= 1 && j < m) forwarding.add(v);
      if (i >= 1 && j === m) blocked.add(v);
    }
    const r = row.value;
    total.add(r);
    l1.add(i * r);
    if (i === n) full.add(r);
  }
  return {
    total: total.value,
    upstreamMoment: l1.value,
    downstreamMoment: l2.value,
    fullUpstream: full.value,
    forwarding: forwarding.value,
    emptyDownstream: empty.value,
    creditBlocked: blocked.value,
  };
}

/**
 * R = L/T (Little's law). Where λ is so small that T underflows to 0 (λ = 5e-324), L does too and
 * L/T would be 0/0: R is then its limit as λ → 0, a lone packet's passage 1/μ1 + 1/μ2 (it finds
 * both nodes empty and a credit free).
 */
function littleResponseTime(total: number, throughput: number, params: CheckedCreditParams): number {
  return throughput > 0 ? total / throughput : 1 / params.mu1 + 1 / params.mu2;
}

/** The three throughput forms from the sums of a normalised finite distribution. */
export function finiteThroughputForms(params: CheckedCreditParams, s: FiniteCreditSums): CreditThroughputForms {
  return {
    accepted: params.lambda * (1 - s.fullUpstream),
    forwarding: params.mu1 * s.forwarding,
    departure: params.mu2 * (1 - s.emptyDownstream),
  };
}

interface MethodInfo {
  readonly method: CreditSolverMethod;
  readonly requestedMethod: CreditMethod;
  readonly residual: number;
  readonly iterations?: number;
}

/**
 * The result record from a normalised finite distribution p (i-major, Σp = 1).
 * T is taken in its forwarding form μ1·Σ_{i≥1,j<m} P(i,j): a sum of positive terms, so it keeps
 * full relative accuracy where 1 − Σ_j P(n,j) or 1 − Σ_i P(i,0) would cancel.
 */
export function finiteCreditResult(
  params: CheckedCreditParams,
  p: ArrayLike<number>,
  info: MethodInfo,
  exact?: CreditExactValues,
): CreditChainResult {
  const { n, m, mu1, mu2 } = params;
  const s = finiteCreditSums(n, m, p);
  const forms = finiteThroughputForms(params, s);
  const throughput = forms.forwarding;
  const total = s.upstreamMoment + s.downstreamMoment;
  return {
    params: paramsRecord(params),
    stable: true,
    meanQueueLength: { upstream: s.upstreamMoment, downstream: s.downstreamMoment, total },
    throughput,
    responseTime: littleResponseTime(total, throughput, params),
    upstreamLossProbability: s.fullUpstream,
    creditBlockedProbability: s.creditBlocked,
    utilization: { upstream: throughput / mu1, downstream: throughput / mu2 },
    distribution: { kind: 'finite', upstreamCapacity: n, downstreamCapacity: m, p: Array.from(p) },
    diagnostics: diagnostics(info, forms),
    ...(exact ? { exact } : {}),
  };
}

/**
 * The result record of a stable chain with n = ∞ from the geometric kernel's output.
 * Nothing is lost, so T = λ exactly; the other two forms are reported as a check.
 */
export function geometricCreditResult(
  params: CheckedCreditParams,
  g: GeometricKernelResult,
  info: MethodInfo,
): CreditChainResult {
  const { lambda, mu1, mu2, m } = params;
  const phases = m + 1;
  const l1 = new CompensatedSum();
  const l2 = new CompensatedSum();
  const forwardAll = new CompensatedSum();
  const forwardLevel0 = new CompensatedSum();
  for (let j = 0; j <= m; j++) {
    l1.add(g.levelMoment[j]!);
    l2.add(j * g.levelSum[j]!);
    if (j < m) {
      forwardAll.add(g.levelSum[j]!);
      forwardLevel0.add(g.level0[j]!);
    }
  }
  const forms: CreditThroughputForms = {
    accepted: lambda,
    forwarding: mu1 * (forwardAll.value - forwardLevel0.value),
    departure: mu2 * (1 - g.levelSum[0]!),
  };
  const throughput = lambda;
  const upstream = l1.value;
  const downstream = l2.value;
  const rate: number[][] = [];
  for (let r = 0; r < phases; r++) rate.push(Array.from(g.rate.subarray(r * phases, (r + 1) * phases)));
  return {
    params: paramsRecord(params),
    stable: true,
    meanQueueLength: { upstream, downstream, total: upstream + downstream },
    throughput,
    responseTime: littleResponseTime(upstream + downstream, throughput, params),
    upstreamLossProbability: 0,
    creditBlockedProbability: g.levelSum[m]! - g.level0[m]!,
    utilization: { upstream: throughput / mu1, downstream: throughput / mu2 },
    distribution: { kind: 'level-geometric', downstreamCapacity: m, level0: Array.from(g.level0), rate },
    diagnostics: diagnostics(info, forms),
  };
}

/**
 * The result record of an unstable chain with n = ∞ (λ ≥ μ1·P(j < m)): the upstream queue grows
 * without bound, so L1, L and R are Infinity; Node 1 is busy for ever after, so Node 2 behaves as
 * the saturated phase process (a birth–death chain on j with rates μ1 up and μ2 down,
 * P(j) ∝ (μ1/μ2)^j), which gives T = μ1·P(j < m), L2, the credit-blocked fraction P(j = m) and the
 * utilisations. No arrival is lost (the queue is unbounded), so the loss probability is 0.
 */
export function unstableCreditResult(params: CheckedCreditParams, info: MethodInfo): CreditChainResult {
  const { mu1, mu2, m } = params;
  const r = mu1 / mu2;
  // Weights scaled by the largest one (j = 0 when r ≤ 1, j = m when r > 1) so nothing overflows.
  const weights = new Float64Array(m + 1);
  let total = 0;
  for (let j = 0; j <= m; j++) {
    weights[j] = r <= 1 ? Math.pow(r, j) : Math.pow(1 / r, m - j);
    total += weights[j]!;
  }
  let downstream = 0;
  for (let j = 0; j <= m; j++) downstream += (j * weights[j]!) / total;
  const throughput = saturationThroughput(mu1, mu2, m);
  // accepted = λ·(1 − loss) = λ: every arrival joins the unbounded queue, more than leaves it,
  // so this form alone differs from the other two (there is no steady state to balance them).
  const forms: CreditThroughputForms = {
    accepted: params.lambda,
    forwarding: throughput,
    departure: mu2 * (1 - weights[0]! / total),
  };
  return {
    params: paramsRecord(params),
    stable: false,
    meanQueueLength: { upstream: Infinity, downstream, total: Infinity },
    throughput,
    responseTime: Infinity,
    upstreamLossProbability: 0,
    creditBlockedProbability: weights[m]! / total,
    utilization: { upstream: throughput / mu1, downstream: throughput / mu2 },
    distribution: { kind: 'none', reason: 'unstable' },
    diagnostics: diagnostics(info, forms),
  };
}

function diagnostics(info: MethodInfo, forms: CreditThroughputForms) {
  return {
    method: info.method,
    requestedMethod: info.requestedMethod,
    residual: info.residual,
    ...(info.iterations !== undefined ? { iterations: info.iterations } : {}),
    throughputForms: forms,
  };
}
