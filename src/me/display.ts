/**
 * How a GE-type queue result shows itself in a notebook (see present/display.ts): its metrics as a
 * table, the regimes of a threshold queue as a second table, and the queue-length distribution
 * P(n) as a plot. Attached by gege1, gege1n, gege1nThreshold and solveGeQueueExact (not
 * enumerable); {@link geQueueDisplay} attaches it to a record read back from JSON.
 */
import { formatNumber } from '../present/number.js';
import { METRIC_COLUMNS, withRecordDisplay, type MetricRow } from '../present/recordDisplay.js';
import { renderPlot } from '../present/svgPlot.js';
import type { GeCoefficients, GeQueueResult } from './types.js';
import { recordParameter } from '../core/shapes.js';

/** States shown in the plot of an infinite queue's listed head. */
const MAX_PLOTTED_STATES = 200;

/** The result with its display method. Returns the result itself. */
export function geQueueDisplay(result: GeQueueResult): GeQueueResult {
  recordParameter('result', result, { model: 'string', lambda: 'number' });
  return withRecordDisplay(result, (r) => {
    const rows: MetricRow[] = [
      { name: 'mean queue length (L)', value: r.meanQueueLength, unit: 'jobs' },
      { name: 'utilisation (U = 1 − P(0))', value: r.utilization },
      { name: 'throughput (X)', value: r.throughput, unit: 'jobs / time' },
      { name: 'response time (W = L/X)', value: r.responseTime, unit: 'time' },
      { name: 'blocking probability (π_K)', value: r.blockingProbability },
      { name: 'P(full) = P(K)', value: r.fullProbability },
      { name: 'P(empty) = P(0)', value: r.emptyProbability },
    ];
    const cs2 = typeof r.cs2 === 'number' ? formatNumber(r.cs2) : `[${r.cs2.map((c) => formatNumber(c)).join(', ')}]`;
    const params = `λ = ${formatNumber(r.lambda)}, μ = ${r.mu.map((m) => formatNumber(m)).join(' / ')}, Ca² = ${formatNumber(r.ca2)}, Cs² = ${cs2}, K = ${formatNumber(r.capacity)}${r.thresholds.length ? `, thresholds ${r.thresholds.join(', ')}` : ''}`;
    const facts = [
      r.stable ? 'stable' : 'UNSTABLE (ρ ≥ 1): L and W are infinite',
      `${r.method}${r.variant === 'thesis' ? ' (thesis variant)' : ''}`,
      ...(r.diagnostics ? [`residual ‖πQ‖∞ = ${formatNumber(r.diagnostics.residual, 3)} over ${r.diagnostics.states} states`] : []),
      ...(r.note ? [r.note] : []),
    ].join('; ');
    const regimeColumns = [
      { header: 'states', value: (c: GeCoefficients) => `${c.fromState}..${Number.isFinite(c.toState) ? c.toState : '∞'}` },
      { header: 'μ', value: (c: GeCoefficients) => c.mu },
      { header: 'ρ', value: (c: GeCoefficients) => c.rho },
      { header: 'time in regime', value: (c: GeCoefficients) => r.regimeProbabilities[r.coefficients.indexOf(c)] ?? NaN },
    ];
    const shown = r.probabilities.slice(0, MAX_PLOTTED_STATES + 1);
    const svg =
      shown.length > 1
        ? renderPlot({
            title: `Queue-length distribution of ${r.model}`,
            subtitle: params,
            xLabel: 'jobs in the queue n',
            yLabel: 'P(n)',
            series: [{ name: `P(n), ${r.method}`, points: shown.map((y, x) => ({ x, y })) }],
          })
        : undefined;
    return {
      title: `${r.model}: ${params}`,
      facts,
      tables: [{ rows, columns: METRIC_COLUMNS }, ...(r.coefficients.length > 1 ? [{ caption: 'service regimes', rows: r.coefficients, columns: regimeColumns }] : [])],
      ...(svg ? { svg } : {}),
    };
  });
}
