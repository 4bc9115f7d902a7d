/**
 * Plots in the style of Alfaro et al.'s Figs. 3 and 4 (Alfaro et al.)
 * from the `alfaro` scenario's carried metrics: per packet size, the share of each SL's packets
 * delivered within D/100, D/10 and D of their connection's deadline (Fig. 3), and each SL's jitter
 * histogram over the intervals of its connections' inter-arrival times (Fig. 4).
 */
import { ALFARO_JITTER_LABELS } from '../studies/alfaro/carry.js';
import { renderPlot, stackSvg, type PlotSeries } from '../present/svgPlot.js';
import { checkKind } from '../core/shapes.js';

/** The carried metrics of one packet size (as the scenario returns them). */
export interface AlfaroCarriedFigures {
  readonly packetBytes: number;
  readonly withinDeadline: Readonly<Record<string, number>>;
  readonly withinDeadline10: Readonly<Record<string, number>>;
  readonly withinDeadline100: Readonly<Record<string, number>>;
  readonly jitter: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/**
 * One SVG document: for each packet size, a Fig. 3-style panel (x: SL, one series per threshold,
 * y: % of packets) and a Fig. 4-style panel (x: jitter interval, one series per SL, y: % of packets).
 * @example alfaroFiguresSvg([]).startsWith('<svg')  // → true
 */
export function alfaroFiguresSvg(runs: readonly AlfaroCarriedFigures[]): string {
  checkKind('runs', runs, 'array');
  const panels: string[] = [];
  for (const run of runs) {
    const sls = Object.keys(run.withinDeadline).sort((a, b) => Number(a) - Number(b));
    const threshold = (name: string, values: Readonly<Record<string, number>>): PlotSeries => ({
      name,
      mode: 'line+markers',
      points: sls.map((sl) => ({ x: Number(sl), y: 100 * values[sl]! })),
    });
    panels.push(
      renderPlot({
        title: `Packets within their deadline, ${run.packetBytes}-byte packets (cf. Fig. 3)`,
        xLabel: 'service level',
        yLabel: 'packets',
        yUnit: '%',
        yFromZero: true,
        xTicks: sls.map((sl) => ({ value: Number(sl), label: sl })),
        series: [threshold('within D', run.withinDeadline), threshold('within D/10', run.withinDeadline10), threshold('within D/100', run.withinDeadline100)],
      }),
    );
    panels.push(
      renderPlot({
        title: `Jitter: arrival gap − IAT, ${run.packetBytes}-byte packets (cf. Fig. 4)`,
        xLabel: 'interval',
        yLabel: 'packets',
        yUnit: '%',
        yFromZero: true,
        xTicks: ALFARO_JITTER_LABELS.map((label, k) => ({ value: k, label })),
        series: sls
          .filter((sl) => ALFARO_JITTER_LABELS.some((l) => (run.jitter[sl]?.[l] ?? 0) > 0))
          .map((sl) => ({ name: `SL ${sl}`, mode: 'line+markers' as const, points: ALFARO_JITTER_LABELS.map((l, k) => ({ x: k, y: 100 * run.jitter[sl]![l]! })) })),
      }),
    );
  }
  return stackSvg(panels);
}
