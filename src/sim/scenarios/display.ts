/**
 * How a simulation result shows itself in a notebook (see present/display.ts): every metric as
 * mean ± half-width of its confidence interval, with the run's facts above. Attached by `simulate`
 * (and `simulateOnPool`), not enumerable; {@link simulationDisplay} attaches it to a record read back from JSON.
 */
import { formatNumber } from '../../present/number.js';
import { withRecordDisplay } from '../../present/recordDisplay.js';
import { flattenIntervals, type IntervalTree } from '../stats/intervals.js';
import { recordParameter } from '../../core/shapes.js';

/** What the display reads of a `SimulationResult` (declared here: simulate.ts imports this file). */
export interface SimulationRecord {
  readonly scenario: string;
  readonly metrics: IntervalTree;
  readonly run: {
    readonly seed: number;
    readonly replications: number;
    readonly confidence: number;
    readonly length: { readonly until?: number; readonly jobs?: number };
    readonly warmup: number;
    readonly simulatedTime: number;
    readonly events: number;
  };
}

/** The result with its display method. Returns the result itself. */
export function simulationDisplay<T extends SimulationRecord>(result: T): T {
  recordParameter('result', result, { run: 'object', metrics: 'object' });
  return withRecordDisplay(result, (r) => {
    const run = r.run;
    const length = run.length.until !== undefined ? `${formatNumber(run.length.until)} time units` : `${formatNumber(run.length.jobs ?? NaN)} jobs`;
    const confidence = `${formatNumber(100 * run.confidence, 3)} %`;
    return {
      title: `Simulation of ${r.scenario}: ${run.replications} replications of ${length} (warm-up ${formatNumber(run.warmup)})`,
      facts: `seed ${run.seed}; ${confidence} Student-t intervals over the replications; ${formatNumber(run.events)} events, ${formatNumber(run.simulatedTime)} time units measured`,
      tables: [
        {
          rows: flattenIntervals(r.metrics),
          columns: [
            { header: 'metric', value: (m: { metric: string }) => m.metric },
            { header: 'mean', value: (m: { mean: number }) => m.mean },
            { header: `± half-width (${confidence})`, value: (m: { halfWidth: number }) => (Number.isFinite(m.halfWidth) ? m.halfWidth : 'none'), digits: 3 },
          ],
        },
      ],
    };
  });
}
