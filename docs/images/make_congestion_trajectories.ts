/**
 * Writes docs/images/congestion-trajectories.svg, the rate-trajectory figure of docs/congestion.md:
 * rateTrajectory of each response function under one seeded process of marked ACKs, drawn by the
 * report layer's SVG renderer. test/congestion/docs.test.ts checks that the committed file is what
 * this script writes.
 *
 *     npx tsx docs/images/make_congestion_trajectories.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { aimd, fimd, lipd, pipd, rateTrajectory, renderPlot, seededStream, stackSvg, type PlotPoint, type ResponseFunction } from '../../src/index.js';

/** Each ACK is marked with this probability, from seededStream(SEED); the window shown, in seconds. */
const MARK_PROBABILITY = 0.05;
const SEED = 1;
const WINDOW = 0.004;

/** The path as steps (the rate holds between ACKs), scaled by `unit`, up to WINDOW seconds. */
function steps(fn: ResponseFunction, unit: number): PlotPoint[] {
  const path = rateTrajectory(fn, { markProbability: MARK_PROBABILITY, acks: 5000, random: seededStream(SEED) });
  const out: PlotPoint[] = [];
  let previous = path.points[0]!;
  out.push({ x: 0, y: previous.rate * unit });
  for (const p of path.points.slice(1)) {
    const time = p.time / unit; // a rate unit `unit` times larger makes the same physical time 1/unit as long a number
    if (time > WINDOW) {
      out.push({ x: WINDOW, y: previous.rate * unit });
      break;
    }
    out.push({ x: time, y: previous.rate * unit }, { x: time, y: p.rate * unit });
    previous = p;
  }
  return out;
}

/** The figure, as an SVG document. */
export function congestionTrajectoriesSvg(): string {
  const common = { xLabel: 'time', xUnit: 's', yLabel: 'injection rate', yUnit: 'packets/s', width: 720, height: 360 };
  const subtitle = `R_min = 1000, R_max = 256000 packets/s; each ACK marked with probability ${MARK_PROBABILITY} (seededStream(${SEED}))`;
  const compared = renderPlot({
    ...common,
    title: 'Rate trajectories under the same marked ACKs',
    subtitle,
    series: [
      { name: 'FIMD n = 4', points: steps(fimd({ rMin: 1000, rMax: 256000, n: 4 }), 1), mode: 'line' },
      { name: 'LIPD', points: steps(lipd({ rMin: 1000, rMax: 256000 }), 1), mode: 'line' },
      { name: 'AIMD α = 1000, β = 0.5', points: steps(aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 }), 1), mode: 'line' },
      { name: 'PIPD m = 4 in units of 500 packets/s (R_min 2, R_max 512)', points: steps(pipd({ rMin: 2, rMax: 512, m: 4 }), 500), mode: 'line' },
    ],
  });
  const pipdScale = renderPlot({
    ...common,
    title: 'PIPD is not scale-free: the same rates in two units',
    subtitle,
    series: [
      { name: 'PIPD m = 4, rates in packets/s (R_min 1000): bang-bang', points: steps(pipd({ rMin: 1000, rMax: 256000, m: 4 }), 1), mode: 'line' },
      { name: 'PIPD m = 4, rates in units of 500 packets/s (R_min 2, R_max 512)', points: steps(pipd({ rMin: 2, rMax: 512, m: 4 }), 500), mode: 'line' },
    ],
  });
  return `${stackSvg([compared, pipdScale])}\n`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(join(import.meta.dirname, 'congestion-trajectories.svg'), congestionTrajectoriesSvg());
  console.log('wrote docs/images/congestion-trajectories.svg');
}
