/** Shared helpers of the credit-chain tests. */
import { structuredKernel } from '../../src/credit/structured.js';
import { geometricKernel } from '../../src/credit/geometric/geometric.js';
import { relativeDifference } from '../../src/core/tolerance.js';

/**
 * Whether the fast kernels (src/credit/structured.ts, geometric.ts) are implemented yet: tests that
 * need them are `it.runIf(...)`, so they start running as soon as the kernels land.
 */
function works(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (e instanceof Error && /not implemented/.test(e.message)) return false;
    throw e;
  }
}
export const structuredReady = works(() => structuredKernel(1, 2, 3, 1, 1, 1e-12));
export const geometricReady = works(() => geometricKernel(1, 2, 3, 1, 1e-12));

/** Max relative difference over pairs of numbers. */
export function maxRelative(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let max = 0;
  for (let k = 0; k < a.length; k++) max = Math.max(max, relativeDifference(a[k]!, b[k]!));
  return max;
}

/** The scalar metrics of a result as a flat list (the order is fixed). */
export function metricList(r: {
  meanQueueLength: { upstream: number; downstream: number; total: number };
  throughput: number;
  responseTime: number;
  upstreamLossProbability: number;
  creditBlockedProbability: number;
  utilization: { upstream: number; downstream: number };
}): number[] {
  return [
    r.meanQueueLength.upstream,
    r.meanQueueLength.downstream,
    r.meanQueueLength.total,
    r.throughput,
    r.responseTime,
    r.upstreamLossProbability,
    r.creditBlockedProbability,
    r.utilization.upstream,
    r.utilization.downstream,
  ];
}

export const METRIC_NAMES = ['L1', 'L2', 'L', 'T', 'R', 'loss', 'blocked', 'U1', 'U2'];

export const params = (lambda: number, mu1: number, mu2: number, n: number, m: number) => ({
  lambda,
  mu1,
  mu2,
  upstreamCapacity: n,
  downstreamCapacity: m,
});
