/**
 * A progress bar on stderr for sweeps that take a while: shown only when stderr is a terminal
 * (never in pipes, files, CI logs or tests) and only once a sweep has run for half a second, so
 * quick commands print nothing extra. Uses cli-progress, loaded only when a bar is drawn (a
 * command that draws none does not pay for loading it).
 */
import { createRequire } from 'node:module';
import type * as CliProgress from 'cli-progress';

let cliProgressModule: typeof CliProgress | undefined;
const cliProgress = (): typeof CliProgress => (cliProgressModule ??= createRequire(import.meta.url)('cli-progress') as typeof CliProgress);

export interface Progress {
  /** One parameter point done. */
  tick(): void;
  /** The sweep is over: remove the bar. */
  stop(): void;
}

/**
 * @param total number of parameter points in the sweep
 * @param stream where the bar goes (a TTY stream, normally process.stderr)
 * @param unit what is counted, shown after the count (default 'points')
 */
export function sweepProgress(total: number, stream: NodeJS.WriteStream = process.stderr, unit = 'points'): Progress {
  const enabled = total > 1 && stream.isTTY === true;
  const started = Date.now();
  let done = 0;
  let bar: CliProgress.SingleBar | null = null;
  return {
    tick() {
      done++;
      if (!enabled) return;
      if (bar === null && Date.now() - started >= 500 && done < total) {
        const { SingleBar, Presets } = cliProgress();
        bar = new SingleBar({ stream, clearOnComplete: true, hideCursor: true, format: `ibqos {bar} {value}/{total} ${unit}, eta {eta_formatted}` }, Presets.shades_classic);
        bar.start(total, done);
      } else bar?.update(done);
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
