/**
 * How a sweep shows itself in a notebook (see present/display.ts): one row per point (the swept
 * parameters, then each scalar metric as mean ± half-width) and each of the first metrics plotted
 * against the first swept parameter with its confidence intervals, one curve per value of the other
 * swept parameters. Attached to `runSweep`'s result and to `gatherSweep`'s points (not enumerable).
 */
import { formatNumber } from '../present/number.js';
import { formatInterval, withRecordDisplay, type RecordDisplaySpec } from '../present/recordDisplay.js';
import { renderPlot, stackSvg, type PlotSeries } from '../present/svgPlot.js';
import { flattenIntervals, type IntervalTree } from '../sim/index.js';
import { checkKind, recordParameter } from '../core/shapes.js';

// What the display reads of a gathered point and of a run (declared here: gather.ts and run.ts import this file).
interface SweepPointResult {
  readonly scenario: string;
  readonly point: Readonly<Record<string, unknown>>;
  readonly metrics: IntervalTree;
  readonly run: { readonly replications: number; readonly confidence: number };
}
interface SweepRun {
  readonly plan: { readonly scenario: string; readonly points: readonly unknown[]; readonly replications: number };
  readonly out: string;
  readonly resumed: boolean;
  readonly total: number;
  readonly skipped: number;
  readonly ran: number;
  readonly failed: readonly { readonly task: number; readonly error: string }[];
  readonly points?: readonly SweepPointResult[];
  readonly submission?: unknown;
}

/** Metrics plotted (one panel each); the table has them all. */
const PLOTTED_METRICS = 3;

/** The gathered points with their display method. Returns the array itself. */
export function sweepPointsDisplay<T extends readonly SweepPointResult[]>(points: T): T {
  checkKind('points', points, 'array');
  return withRecordDisplay(points, (p) => sweepSpec(p, `Sweep of ${p[0]?.scenario ?? 'nothing'}: ${p.length} points`, ''));
}

/** The run with its display method (the points' table and plot when every task is done). Returns the run itself. */
export function sweepRunDisplay<T extends SweepRun>(run: T): T {
  recordParameter('run', run, { plan: 'object' });
  return withRecordDisplay(run, (r) => {
    const facts = `${r.total} tasks (${r.plan.points.length} points × ${r.plan.replications} replications): ${r.skipped} found done${r.resumed ? ' (resumed)' : ''}, ${r.ran} ${r.submission ? 'submitted' : 'run'} now, ${r.failed.length} failed; results in ${r.out}`;
    const title = `Sweep of ${r.plan.scenario}`;
    if (r.points && r.points.length > 0) return sweepSpec(r.points, title, facts);
    const failures = { rows: r.failed, columns: [{ header: 'task', value: (f: { task: number }) => f.task }, { header: 'error', value: (f: { error: string }) => f.error }] };
    return { title, facts: `${facts}; not gathered yet`, tables: r.failed.length ? [failures] : [] };
  });
}

function sweepSpec(points: readonly SweepPointResult[], title: string, facts: string): RecordDisplaySpec {
  const first = points[0];
  if (first === undefined) return { title, facts, tables: [] };
  const axes = Object.keys(first.point);
  const metrics = flattenIntervals(first.metrics).filter((m) => !m.metric.includes('[')).map((m) => m.metric);
  const rows = points.map((p) => ({ p, cells: new Map(flattenIntervals(p.metrics).map((c) => [c.metric, c])) }));
  type Row = (typeof rows)[number];
  const columns = [
    ...axes.map((a) => ({ header: a, value: (r: Row) => cell(r.p.point[a]) })),
    ...metrics.map((m) => ({
      header: m,
      value: (r: Row) => {
        const c = r.cells.get(m);
        return c ? formatInterval(c.mean, c.halfWidth) : '';
      },
    })),
  ];
  const confidence = `${formatNumber(100 * first.run.confidence, 3)} %`;
  const x = axes[0];
  const numericX = x !== undefined && points.every((p) => typeof p.point[x] === 'number');
  let svg: string | undefined;
  if (numericX && points.length > 1) {
    const others = axes.slice(1);
    const groups = new Map<string, SweepPointResult[]>();
    for (const p of points) {
      const key = others.map((a) => `${a} = ${cell(p.point[a])}`).join(', ');
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    svg = stackSvg(
      metrics.slice(0, PLOTTED_METRICS).map((m) =>
        renderPlot({
          title: `${m} against ${x}`,
          subtitle: `${first.scenario}; error bars: ${confidence} intervals over ${first.run.replications} replications`,
          xLabel: x,
          yLabel: m,
          height: 300,
          series: [...groups].map(([key, ps]): PlotSeries => ({
            name: key || m,
            points: ps
              .map((p) => ({ p, c: flattenIntervals(p.metrics).find((c) => c.metric === m) }))
              .map(({ p, c }) => ({ x: p.point[x] as number, y: c?.mean ?? NaN, ...(c && Number.isFinite(c.halfWidth) ? { halfWidth: c.halfWidth } : {}) }))
              .sort((a, b) => a.x - b.x),
          })),
        }),
      ),
    );
  }
  return {
    title,
    facts: `${facts}${facts ? '; ' : ''}each cell: mean ± half-width of the ${confidence} interval over ${first.run.replications} replications`,
    tables: [{ rows, columns }],
    ...(svg ? { svg } : {}),
  };
}

const cell = (v: unknown): string | number => (typeof v === 'number' || typeof v === 'string' ? v : JSON.stringify(v));
