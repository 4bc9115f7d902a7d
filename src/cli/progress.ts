/**
 * A progress bar on stderr for sweeps that take a while: shown only when stderr is a terminal
 * (never in pipes, files, CI logs or tests) and only once a sweep has run for half a second, so
 * quick commands print nothing extra. Uses cli-progress.
 */
import cliProgress from 'cli-progress';

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
  let bar: cliProgress.SingleBar | null = null;
  return {
    tick() {
      done++;
      if (!enabled) return;
      if (bar === null && Date.now() - started >= 500 && done < total) {
        bar = new cliProgress.SingleBar(
          { stream, clearOnComplete: true, hideCursor: true, format: `ibqos {bar} {value}/{total} ${unit}, eta {eta_formatted}` },
          cliProgress.Presets.shades_classic,
        );
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
