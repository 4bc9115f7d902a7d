/**
 * Shared measuring loop of the benchmarks: a JIT warm-up, then as many calls as fit in a time
 * budget, timed with the monotonic high-resolution clock. Benchmarks print figures; nothing here
 * passes or fails on wall time.
 */
import { cpus } from 'node:os';

/** `node --expose-gc` exposes gc(); without the flag collections just happen when they happen. */
export const gc = (globalThis as { gc?: () => void }).gc;

/** One line naming the machine: Node, V8, CPU model and core count. */
export function machineLine(): string {
  return `node ${process.version}, v8 ${process.versions.v8}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores`;
}

/** Options of {@link callsPerSecond}. */
export interface RateOptions {
  /** Calls made before timing starts, for the JIT (default 20 000). */
  readonly warmup?: number;
  /** Word printed after the figure (default 'calls/s'). */
  readonly unit?: string;
  /** Width the label is padded to (default 44). */
  readonly labelWidth?: number;
  /** Decimals of the nanoseconds-per-call figure (default 0). */
  readonly nsDecimals?: number;
}

/**
 * Calls `fn(i)` for i = 0, 1, … in blocks of 1000 until `seconds` have passed, prints and returns
 * the calls per second. The results are summed and checked finite, so the calls cannot be
 * optimised away.
 */
export function callsPerSecond(label: string, seconds: number, fn: (i: number) => number, options: RateOptions = {}): number {
  const warmup = options.warmup ?? 20_000;
  for (let i = 0; i < warmup; i++) fn(i);
  gc?.();
  let sink = 0;
  let calls = 0;
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let i = 0; i < 1000; i++) sink += fn(calls + i);
    calls += 1000;
    elapsed = process.hrtime.bigint() - start;
  }
  const perSecond = calls / (Number(elapsed) / 1e9);
  if (!Number.isFinite(sink)) throw new Error('non-finite result');
  const unit = options.unit ?? 'calls/s';
  const ns = (1e9 / perSecond).toFixed(options.nsDecimals ?? 0);
  console.log(`${label.padEnd(options.labelWidth ?? 44)} ${perSecond.toExponential(3).padStart(10)} ${unit}  (${ns} ns each)`);
  return perSecond;
}

/**
 * Runs `advance` and returns the packet-hops it added per CPU-second of this process, in millions
 * (`hops` read before and after): one segment of the A/B scripts (gran-ab.ts, fabric-ab.ts).
 */
export function hopsPerCpuSecond(hops: () => number, advance: () => void): number {
  const h0 = hops();
  const c0 = process.cpuUsage();
  advance();
  const c = process.cpuUsage(c0);
  return (hops() - h0) / ((c.user + c.system) / 1e6) / 1e6;
}

/** Removes `name value` from `argv` and returns the value as a number, or `dflt` when the option is absent (the bare-mechanism benchmarks' `--reps`, `--packets`). */
export function takeNumber(argv: string[], name: string, dflt: number): number {
  const i = argv.indexOf(name);
  return i >= 0 ? Number(argv.splice(i, 2)[1]) : dflt;
}
