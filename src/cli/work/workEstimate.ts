/**
 * Up-front estimates of the work of a long single run (issue 33: "long runs of huge but legal
 * inputs with no progress and no up-front estimate"), said on stderr by
 * {@link announceWork} before the run starts when they reach a threshold; quiet below it. Each is
 * cheap (a loop over the flows or the points, never a run), and each counts what the run's time
 * grows with:
 * - `ibqos sim`: arrivals or packets (src/cli/work/simWork.ts, apart: it reads the fabric's defaults,
 *   which `ibqos credit` must not load);
 * - `ibqos credit`: states of the chains solved, Σ (n + 1)(m + 1) over the points;
 * - `ibqos model`: flow-hop updates, Σ path lengths × the iteration limit (an upper bound: the
 *   fixed point usually stops far sooner);
 * - `ibqos topology import`: megabytes of dumps to read.
 * The rates (for the time) are rough figures of this project's machine, stated beside each.
 */
import { statSync } from 'node:fs';
import type { WorkEstimate } from './progress.js';

/**
 * States per second of `ibqos credit` (method auto) measured on this machine: 10^7 states in
 * 37–60 s (n = 200000, m = 50 and n = 20000, m = 500).
 */
const STATES_PER_SECOND = 2e5;
/** From this many states (≈ 25 s at the rate above) `ibqos credit` says its work up front. */
export const LARGE_STATES = 5e6;

/** From this many flow-hop updates `ibqos model` says its work up front (no time: the iteration count varies). */
export const LARGE_FLOW_HOP_UPDATES = 1e8;

/** The work of an `ibqos credit` run: states of the chains of the points (an unbounded n is solved in closed form per m: not counted). */
export function creditWork(points: readonly { readonly n: number; readonly m: number }[]): WorkEstimate {
  let states = 0;
  for (const { n, m } of points) if (Number.isFinite(n)) states += (n + 1) * (m + 1);
  return { amount: states, unit: 'states', detail: `(n + 1)(m + 1) over ${points.length} chain${points.length === 1 ? '' : 's'}`, perSecond: STATES_PER_SECOND };
}

/** The work of an `ibqos model` run: flow-hop updates at most (Σ path lengths × the iteration limit). */
export function modelWork(flows: readonly { readonly path: readonly unknown[] }[], maxIterations: number): WorkEstimate {
  let hops = 0;
  for (const f of flows) hops += f.path.length;
  return { amount: hops * maxIterations, unit: 'flow-hop updates at most', detail: `${flows.length} flows, ${hops} flow-hops × up to ${maxIterations} iterations` };
}

/**
 * Megabytes per second of `ibqos topology import` on this machine: benchmarks/README.md, a 2.65 MB
 * cluster (ibnetdiscover + LFTs) imported, checked and built in about 0.9 s: 3 MB/s.
 */
const IMPORT_MB_PER_SECOND = 3;
/** From this many megabytes of dumps (≈ 10 s at the rate above) `ibqos topology import` says its work up front. */
export const LARGE_IMPORT_MB = 30;

/** The work of an `ibqos topology import`: the sizes of the files given (a file that cannot be read counts 0: its read reports it). */
export function importWork(paths: readonly (string | undefined)[]): WorkEstimate {
  let bytes = 0;
  for (const path of paths) {
    if (path === undefined) continue;
    try {
      bytes += statSync(path).size;
    } catch {
      // readInputFile names the file and the reason.
    }
  }
  const given = paths.filter((p) => p !== undefined).length;
  return { amount: bytes / 2 ** 20, unit: 'MB of dumps', detail: `${given} file${given === 1 ? '' : 's'}`, perSecond: IMPORT_MB_PER_SECOND };
}
