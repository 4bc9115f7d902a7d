/**
 * Progress for long runs. A progress bar on stderr for sweeps and runs of many points or
 * replications that take a while: shown only when stderr is a terminal (never in pipes, files, CI
 * logs or tests) and only once a run has gone on for half a second, so quick commands print nothing
 * extra. Uses cli-progress, loaded only when a bar is drawn (a command that draws none does not pay
 * for loading it). And an up-front word on stderr ({@link announceWork}) when the work a command
 * is about to do is large: a sweep's tasks, a simulation's packets, a chain's states (issue 33).
 */
import { createRequire } from 'node:module';
import type * as CliProgress from 'cli-progress';

let cliProgressModule: typeof CliProgress | undefined;
const cliProgress = (): typeof CliProgress => (cliProgressModule ??= createRequire(import.meta.url)('cli-progress') as typeof CliProgress);

export interface Progress {
  /** One parameter point (or replication) done. */
  tick(): void;
  /**
   * The item under way is this far done, a fraction in [0, 1] (a long replication reporting its
   * simulated time): the bar moves within an item, and shows for a run of one item too.
   */
  partial(fraction: number): void;
  /** The sweep is over: remove the bar. */
  stop(): void;
}

/** The bar's count: whole items as integers, an item under way to one decimal ('2.4/10'). */
function barValue(v: number, _options: unknown, type: string): string {
  return type === 'value' && !Number.isInteger(v) ? v.toFixed(1) : String(v);
}

/**
 * @param total number of parameter points in the sweep
 * @param stream where the bar goes (a TTY stream, normally process.stderr)
 * @param unit what is counted, shown after the count (default 'points')
 * @param now the clock in ms (default Date.now), for tests
 */
export function sweepProgress(total: number, stream: NodeJS.WriteStream = process.stderr, unit = 'points', now: () => number = Date.now): Progress {
  const tty = stream.isTTY === true;
  const started = now();
  let done = 0;
  let part = 0;
  let bar: CliProgress.SingleBar | null = null;
  const show = (): void => {
    const value = Math.min(total, done + part);
    if (bar === null && now() - started >= 500 && value < total) {
      const { SingleBar, Presets } = cliProgress();
      bar = new SingleBar({ stream, clearOnComplete: true, hideCursor: true, formatValue: barValue, format: `ibqos {bar} {value}/{total} ${unit}, eta {eta_formatted}` }, Presets.shades_classic);
      bar.start(total, value);
    } else bar?.update(value);
  };
  return {
    tick() {
      done++;
      part = 0;
      if (tty && (total > 1 || bar !== null)) show();
    },
    partial(fraction: number) {
      if (!(fraction >= 0 && fraction < 1)) return;
      part = fraction;
      if (tty) show();
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

/**
 * `items.map(fn)` with a {@link sweepProgress} bar over the items (ticked after each item, removed
 * at the end or when `fn` throws).
 */
export function mapWithProgress<T, R>(items: readonly T[], fn: (item: T) => R): R[] {
  const progress = sweepProgress(items.length);
  try {
    return items.map((item) => {
      const result = fn(item);
      progress.tick();
      return result;
    });
  } finally {
    progress.stop();
  }
}

/** A command's estimate of the work it is about to do, for {@link announceWork}. */
export interface WorkEstimate {
  /** How much, in `unit`. */
  readonly amount: number;
  /** What is counted: 'tasks', 'packets', 'states', … */
  readonly unit: string;
  /** How it was counted, e.g. 'points × replications'. */
  readonly detail: string;
  /** A rough rate on one core of this project's machine, `unit` per second (benchmarks/README.md), for a time estimate; none given, no time is said. */
  readonly perSecond?: number;
}

/** A count for a message: an integer as it is below a million, else two significant digits ('2.4e+8'). */
function count(n: number): string {
  return n < 1e6 ? String(Math.round(n)) : n.toPrecision(2);
}

/** Seconds as a rough duration: '40 s', '12 min', '3.5 h'. */
function roughDuration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3600).toPrecision(2)} h`;
}

/**
 * Says up front on stderr how much work a run is about to do, once the estimate reaches
 * `threshold` (in the estimate's unit): a user who gave huge but legal input learns it before
 * minutes pass in silence; small runs print nothing. Writes only through `warn` (stderr), so
 * `--json` on stdout is untouched.
 *
 * @returns whether it said anything.
 * @example announceWork('sweep', { amount: 1000, unit: 'tasks', detail: 'points × replications' }, 1000, warn)
 * // sweep: 1000 tasks (points × replications); progress on stderr when it is a terminal
 */
export function announceWork(command: string, work: WorkEstimate, threshold: number, warn: (text: string) => void, after = 'progress on stderr when it is a terminal'): boolean {
  if (!(work.amount >= threshold)) return false;
  const time = work.perSecond === undefined ? '' : `, roughly ${roughDuration(work.amount / work.perSecond)} on one core`;
  warn(`${command}: ${count(work.amount)} ${work.unit} (${work.detail})${time}; ${after}\n`);
  return true;
}
