/**
 * How a rate trajectory shows itself in a notebook (see present/display.ts): the rate against time
 * as a plot with the marked ACKs as points, and its summary as a table. Attached by
 * `rateTrajectory` (not enumerable); {@link trajectoryDisplay} attaches it to a record read back from JSON.
 */
import { formatNumber } from '../present/number.js';
import { METRIC_COLUMNS, withRecordDisplay } from '../present/recordDisplay.js';
import { renderPlot } from '../present/svgPlot.js';
import { recordParameter } from '../core/shapes.js';

/** What the display reads of a trajectory (declared here: trajectory.ts imports this file). */
interface Trajectory {
  readonly function: string;
  readonly params: Readonly<Record<string, number>>;
  readonly points: readonly { readonly ack: number; readonly time: number; readonly marked: boolean; readonly rate: number }[];
  readonly markedAcks: number;
  readonly timeAverageRate: number;
}

/** Points drawn: a longer trajectory is thinned to every k-th point (the marked ones all kept). */
const MAX_PLOTTED_POINTS = 2000;

/** The trajectory with its display method. Returns the trajectory itself. */
export function trajectoryDisplay<T extends Trajectory>(trajectory: T): T {
  recordParameter('trajectory', trajectory, { points: 'array', params: 'object' });
  return withRecordDisplay(trajectory, (t) => {
    const rates = t.points.map((p) => p.rate);
    const last = t.points[t.points.length - 1]!;
    const params = Object.entries(t.params)
      .map(([k, v]) => `${k} = ${formatNumber(v)}`)
      .join(', ');
    const step = Math.max(1, Math.ceil(t.points.length / MAX_PLOTTED_POINTS));
    const line = t.points.filter((_p, k) => k % step === 0 || k === t.points.length - 1);
    const marked = t.points.filter((p) => p.marked).filter((_p, k, all) => all.length <= MAX_PLOTTED_POINTS || k % step === 0);
    return {
      title: `Rate trajectory of ${t.function} (${params})`,
      tables: [
        {
          rows: [
            { name: 'ACKs', value: t.points.length - 1 },
            { name: 'marked ACKs', value: t.markedAcks },
            { name: 'time of the last ACK', value: last.time, unit: '1 / rate unit' },
            { name: 'time-average rate', value: t.timeAverageRate, unit: 'rate unit' },
            { name: 'final rate', value: last.rate, unit: 'rate unit' },
            { name: 'lowest rate', value: rates.reduce((a, b) => Math.min(a, b)), unit: 'rate unit' },
            { name: 'highest rate', value: rates.reduce((a, b) => Math.max(a, b)), unit: 'rate unit' },
          ],
          columns: METRIC_COLUMNS,
        },
      ],
      svg: renderPlot({
        title: `Injection rate under ${t.function}`,
        subtitle: params,
        xLabel: 'time',
        yLabel: 'rate',
        series: [
          { name: 'rate after each ACK', mode: 'line', points: line.map((p) => ({ x: p.time, y: p.rate })) },
          { name: 'marked ACK', mode: 'markers', points: marked.map((p) => ({ x: p.time, y: p.rate })) },
        ],
      }),
    };
  });
}
