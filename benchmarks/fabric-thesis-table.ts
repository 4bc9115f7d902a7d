/**
 * Prints the congestion-spreading tables of docs/fabric.md: for every rate control (and the thesis's
 * Table 3.3 mix, PIPD on the high-priority flow and FIMD on the low), each flow's throughput, the
 * victim's latency and each flow's average injection rate, as `simulate()` gives them (10
 * replications of 50 ms after a 5 ms warm-up, seed 1, 95 % Student-t intervals), for 16-packet and
 * 4-packet VL buffers. Not a timing benchmark: it is the script behind the docs' figures.
 *
 *   npx tsx benchmarks/fabric-thesis-table.ts
 */
import { simulate } from '../src/sim/index.js';

type Interval = { mean: number; halfWidth: number };
type Metrics = Record<string, Record<string, Interval>>;

const RUNS: readonly [string, string][] = [
  ['none', 'none'],
  ['pipd', 'pipd'],
  ['pipd', 'fimd'],
  ['fimd', 'fimd'],
  ['lipd', 'lipd'],
  ['aimd', 'aimd'],
  ['ibcc', 'ibcc'],
];

for (const bufferPackets of [16, 4]) {
  console.log(`\nbufferPackets ${bufferPackets}`);
  console.log(
    '| rate control (high / low) | local (high) Gb/s | remote (low) Gb/s | victim (low) Gb/s | victim latency µs | local injection pkt/s | remote injection pkt/s | victim injection pkt/s |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [rateControl, lowPriorityRateControl] of RUNS) {
    const result = simulate(
      { scenario: 'congestion-spreading', params: { rateControl, lowPriorityRateControl, bufferPackets } },
      { seed: 1, replications: 10, until: 0.05 },
    );
    const m = result.metrics as unknown as Metrics;
    const cell = (metric: string, flow: string, digits: number): string =>
      `${m[metric]![flow]!.mean.toFixed(digits)} ± ${m[metric]![flow]!.halfWidth.toFixed(digits)}`;
    const name = rateControl === lowPriorityRateControl ? rateControl : `${rateControl} / ${lowPriorityRateControl}`;
    console.log(
      `| ${name} | ${cell('throughput', 'local', 3)} | ${cell('throughput', 'remote', 3)} | ${cell('throughput', 'victim', 3)} | ${cell('latency', 'victim', 0)} | ${cell('injectionRate', 'local', 0)} | ${cell('injectionRate', 'remote', 0)} | ${cell('injectionRate', 'victim', 0)} |`,
    );
  }
}
