/**
 * How far one run can stray: the thesis reports Tables 3.2 and 3.3 from one OPNET run each, with no
 * interval and no run length. This script runs N pairs of single replications — PIPD on both classes
 * (Table 3.2) and PIPD r2 / FIMD r1 (Table 3.3), replication r of each with the same random streams,
 * as two OPNET runs with one seed — of the `congestion-spreading` defaults, after a 5 ms warm-up,
 * for several run lengths, and counts how often a single pair shows what the thesis's pair shows:
 * r2 falling by at least 21 % at switch A (thesis ×0.79) and 25 % at switch B (×0.75), and PIPD's
 * high ÷ low at switch B within 1.8–2.2 ("almost two times"). Prints one line per length
 * (docs/fabric.md § Thesis Tables 3.2 and 3.3 quotes them).
 *
 * Not a timing benchmark.
 *
 *   nice npx tsx benchmarks/fabric-thesis-single-runs.ts [pairs=100] [lengths in ms=5,10,20,50]
 */
import { congestionSpreadingFabric, parseCongestionSpreading } from '../src/studies/index.js';
import { RandomStreams } from '../src/sim/random/streams.js';

const pairs = Number(process.argv[2] ?? 100);
const lengthsMs = (process.argv[3] ?? '5,10,20,50').split(',').map(Number);
const WARMUP = 0.005;

/** Time-average rate limit of each class in one replication (the scenario's classRate, any unit: only ratios are used). */
function classRates(rateControlLow: 'pipd' | 'fimd', replication: number, length: number): Record<string, number> {
  const fabric = congestionSpreadingFabric(parseCongestionSpreading({ rateControlHigh: 'pipd', rateControlLow }), new RandomStreams(1), replication);
  fabric.run(WARMUP + length, WARMUP);
  return Object.fromEntries(fabric.measurements().flows.map((f) => [f.name, f.meanInjectionRate]));
}

const meanSd = (x: readonly number[]): [number, number] => {
  const m = x.reduce((s, v) => s + v, 0) / x.length;
  return [m, Math.sqrt(x.reduce((s, v) => s + (v - m) ** 2, 0) / (x.length - 1))];
};

console.log('| run length | r2 Table 3.3 ÷ 3.2 at A: mean (sd) | at B: mean (sd) | A ≤ 0.79 | B ≤ 0.75 | both | PIPD high ÷ low at B in 1.8–2.2 |');
console.log('|---|---|---|---|---|---|---|');
for (const ms of lengthsMs) {
  const a: number[] = [];
  const b: number[] = [];
  let fallA = 0;
  let fallB = 0;
  let both = 0;
  let twice = 0;
  for (let r = 0; r < pairs; r++) {
    const pipd = classRates('pipd', r, ms / 1000);
    const mixed = classRates('fimd', r, ms / 1000);
    const xa = mixed.remoteHigh! / pipd.remoteHigh!;
    const xb = mixed.localHigh! / pipd.localHigh!;
    a.push(xa);
    b.push(xb);
    if (xa <= 0.79) fallA++;
    if (xb <= 0.75) fallB++;
    if (xa <= 0.79 && xb <= 0.75) both++;
    const hl = pipd.localHigh! / pipd.localLow!;
    if (hl >= 1.8 && hl <= 2.2) twice++;
  }
  const [ma, sa] = meanSd(a);
  const [mb, sb] = meanSd(b);
  const pct = (k: number) => `${k} of ${pairs}`;
  console.log(`| ${ms} ms | ${ma.toFixed(2)} (${sa.toFixed(2)}) | ${mb.toFixed(2)} (${sb.toFixed(2)}) | ${pct(fallA)} | ${pct(fallB)} | ${pct(both)} | ${pct(twice)} |`);
}
