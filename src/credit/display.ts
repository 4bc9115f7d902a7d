/**
 * How a credit-chain result shows itself in a notebook (Deno's Jupyter kernel, see
 * present/display.ts): its metrics as a table, and the marginal queue-length distributions of the
 * two nodes as a plot. Attached by {@link solveCreditChain} (not enumerable: JSON and equality see
 * the plain record); {@link creditChainDisplay} attaches it to a record read back from JSON.
 */
import { formatNumber } from '../present/number.js';
import { METRIC_COLUMNS, withRecordDisplay, type MetricRow } from '../present/recordDisplay.js';
import { renderPlot } from '../present/svgPlot.js';
import { creditLevelProbabilities } from './distribution.js';
import type { CreditChainResult } from './result.js';
import { recordParameter } from '../core/shapes.js';

/** Levels of an infinite Node 1 shown in the plot: until the mass left is below 1e-6, at most this many. */
const MAX_PLOTTED_LEVELS = 200;

/** The result with its display method (metrics table; plot of P(i) and P(j)). Returns the result itself. */
export function creditChainDisplay(result: CreditChainResult): CreditChainResult {
  recordParameter('result', result, { params: 'object', meanQueueLength: 'object' });
  return withRecordDisplay(result, (r) => {
    const p = r.params;
    const rows: MetricRow[] = [
      { name: 'mean queue length, Node 1 (L1)', value: r.meanQueueLength.upstream, unit: 'packets' },
      { name: 'mean queue length, Node 2 (L2)', value: r.meanQueueLength.downstream, unit: 'packets' },
      { name: 'mean queue length, total (L)', value: r.meanQueueLength.total, unit: 'packets' },
      { name: 'throughput (T)', value: r.throughput, unit: 'packets / time' },
      { name: 'response time (L/T)', value: r.responseTime, unit: 'time' },
      { name: 'loss at a full Node 1', value: r.upstreamLossProbability },
      { name: 'P(Node 1 waits for a credit)', value: r.creditBlockedProbability },
      { name: 'utilisation, Node 1', value: r.utilization.upstream },
      { name: 'utilisation, Node 2', value: r.utilization.downstream },
    ];
    const d = r.diagnostics;
    const facts = `${r.stable ? 'stable' : 'UNSTABLE: λ ≥ μ1·P(j < m), no stationary distribution'}; method ${d.method}${d.iterations !== undefined ? ` (${d.iterations} iterations)` : ''}, residual ‖πQ‖∞ = ${formatNumber(d.residual, 3)}`;
    const marginals = creditMarginals(r);
    const svg =
      marginals === undefined
        ? undefined
        : renderPlot({
            title: 'Queue-length distributions of the two nodes',
            subtitle: `λ = ${formatNumber(p.lambda)}, μ1 = ${formatNumber(p.mu1)}, μ2 = ${formatNumber(p.mu2)}, n = ${formatNumber(p.upstreamCapacity)}, m = ${formatNumber(p.downstreamCapacity)}`,
            xLabel: 'packets in the node',
            yLabel: 'probability',
            series: [
              { name: 'Node 1 (upstream), P(i)', points: marginals.upstream.map((y, x) => ({ x, y })) },
              { name: 'Node 2 (downstream, credits used), P(j)', points: marginals.downstream.map((y, x) => ({ x, y })) },
            ],
          });
    return {
      title: `Credit-based tandem: n = ${formatNumber(p.upstreamCapacity)}, m = ${formatNumber(p.downstreamCapacity)}, λ = ${formatNumber(p.lambda)}, μ1 = ${formatNumber(p.mu1)}, μ2 = ${formatNumber(p.mu2)}`,
      facts,
      tables: [{ rows, columns: METRIC_COLUMNS }],
      ...(svg ? { svg } : {}),
    };
  });
}

/** P(Node 1 holds i) and P(Node 2 holds j); undefined for an unstable chain. */
function creditMarginals(r: CreditChainResult): { upstream: number[]; downstream: number[] } | undefined {
  const d = r.distribution;
  if (d.kind === 'none') return undefined;
  const m = d.downstreamCapacity;
  const downstream = new Array<number>(m + 1).fill(0);
  const upstream: number[] = [];
  const levels = d.kind === 'finite' ? d.upstreamCapacity + 1 : MAX_PLOTTED_LEVELS;
  let mass = 0;
  for (let i = 0; i < levels && !(d.kind !== 'finite' && mass > 1 - 1e-6); i++) {
    const level = creditLevelProbabilities(r, i);
    let sum = 0;
    level.forEach((v, j) => {
      sum += v;
      downstream[j]! += v;
    });
    upstream.push(sum);
    mass += sum;
  }
  return { upstream, downstream };
}
