/**
 * Thesis ch. 3, Tables 3.2 and 3.3 cell by cell, in the two readings of the response functions' rate
 * unit (docs/fabric.md): 64-byte blocks per second (the scenario's default; PIPD is bang-bang there:
 * R_min^4 > R_max, one unmarked ACK takes R_min to R_max) and MB/s (`rateUnitBytes` 10^6: R_max =
 * 312.5, R_min^4 ≤ R_max, PIPD's increase gradual as §3.3.3 describes it). Rates are reported in
 * 64-byte blocks per second in both, so each cell stands beside the thesis's number with the ratio;
 * and, in the 64-byte unit, §3.1's "4 packets of 2KB per port" read per port: split over the VLs
 * (2 per VL) or one pool of 4 shared by them (the fabric's `inputBufferSharing: 'shared'`).
 * Also: PIPD's high ÷ low beside Table 3.2's 3.17 (A) and 3.40 (B), and the load the four classes
 * carry on the root link Bc beside what the thesis's cells carry in the 64-byte reading.
 *
 *   nice -n 10 npx tsx benchmarks/analysis/thesis-ch3-cells.ts        (10 replications of 50 ms after 5 ms)
 *   REPS=4 UNTIL=0.02 nice -n 10 npx tsx benchmarks/analysis/thesis-ch3-cells.ts
 */
import { simulate } from '../../src/sim/index.js';
import '../../src/studies/index.js'; // registers the seed studies' scenarios
import { machineLine } from '../harness.js';

type Interval = { mean: number; halfWidth: number };
type Metrics = Record<string, Record<string, Interval>>;
const REPS = Number(process.env.REPS ?? 10);
const UNTIL = Number(process.env.UNTIL ?? 0.05);
const RUN = { seed: 1, replications: REPS, until: UNTIL, warmup: UNTIL / 10 };

/** Thesis Tables 3.2 (PIPD) and 3.3 (PIPD r2, FIMD r1), as printed (§3.4). */
const THESIS = {
  pipd: { remoteLow: 47234.08637836817, remoteHigh: 149789.83324444026, localLow: 76440.10564262095, localHigh: 259756.99827139667 },
  'pipd / fimd': { remoteLow: 18537.107824746185, remoteHigh: 118861.56808060875, localLow: 20147.849538670973, localHigh: 194463.99403664135 },
} as const;
const CELLS = [
  ['remoteLow', 'switch A r1'],
  ['remoteHigh', 'switch A r2'],
  ['localLow', 'switch B r1'],
  ['localHigh', 'switch B r2'],
] as const;
/** Readings: a label and the scenario parameters that make it. */
const READINGS = [
  ['64-byte blocks/s (default)', { rateUnitBytes: 64 }],
  ['MB/s (gradual PIPD)', { rateUnitBytes: 1e6 }],
  ['4 packets per port (2 per VL, §3.1)', { bufferPackets: 2 }],
  ['4 packets per port, one pool shared by the VLs', { bufferPackets: 2, bufferSharing: 'shared' }],
] as const;
const SCHEMES = [
  ['pipd', 'pipd', 'pipd', '3.2'],
  ['pipd / fimd', 'pipd', 'fimd', '3.3'],
] as const;
/** One 64-byte block per second is 512 b/s: the thesis's cells as Gb/s in the 64-byte reading. */
const BLOCK_BITS = 512;

const fmt = (x: number): string => Math.round(x).toLocaleString('en-GB').replace(/,/g, ' ');
console.log(`# Thesis Tables 3.2–3.3 in two rate units — ${machineLine()}; ${REPS} replications of ${UNTIL * 1e3} ms after ${UNTIL * 100} ms, seed 1`);
const runs = new Map<string, Metrics>();
for (const [reading, extra] of READINGS) {
  for (const [scheme, high, low] of SCHEMES) {
    runs.set(`${reading}|${scheme}`, simulate({ scenario: 'congestion-spreading', params: { rateControlHigh: high, rateControlLow: low, ...extra } }, RUN).metrics as unknown as Metrics);
  }
}
console.log(`\n| table | cell | thesis | ${READINGS.map(([r]) => `ours, ${r} | ratio`).join(' | ')} |\n|---|---|---|${READINGS.map(() => '---|---').join('|')}|`);
for (const [scheme, , , table] of SCHEMES) {
  for (const [key, label] of CELLS) {
    const thesis = THESIS[scheme][key];
    const cells = READINGS.map(([r]) => {
      const x = runs.get(`${r}|${scheme}`)!.classRate![key]!;
      return `${fmt(x.mean)} ± ${fmt(x.halfWidth)} | ${(x.mean / thesis).toFixed(2)}`;
    });
    console.log(`| ${table} | ${label} | ${fmt(thesis)} | ${cells.join(' | ')} |`);
  }
}
console.log(`\n| figure | thesis | ${READINGS.map(([r]) => `ours, ${r}`).join(' | ')} |\n|---|---|${READINGS.map(() => '---').join('|')}|`);
const ratio = (m: Metrics, hi: string, lo: string): string => (m.classRate![hi]!.mean / m.classRate![lo]!.mean).toFixed(2);
const pipd = (r: string): Metrics => runs.get(`${r}|pipd`)!;
const mixed = (r: string): Metrics => runs.get(`${r}|pipd / fimd`)!;
console.log(`| PIPD high ÷ low, A (Table 3.2) | 3.17 | ${READINGS.map(([r]) => ratio(pipd(r), 'remoteHigh', 'remoteLow')).join(' | ')} |`);
console.log(`| PIPD high ÷ low, B (Table 3.2) | 3.40 | ${READINGS.map(([r]) => ratio(pipd(r), 'localHigh', 'localLow')).join(' | ')} |`);
for (const [key, label, t] of [
  ['remoteLow', 'r1 PIPD ÷ FIMD, A', 47234.08637836817 / 18537.107824746185],
  ['localLow', 'r1 PIPD ÷ FIMD, B', 76440.10564262095 / 20147.849538670973],
  ['remoteHigh', 'r2 Table 3.3 ÷ 3.2, A', 118861.56808060875 / 149789.83324444026],
  ['localHigh', 'r2 Table 3.3 ÷ 3.2, B', 194463.99403664135 / 259756.99827139667],
] as const) {
  const ours = READINGS.map(([r]) => {
    const a = pipd(r).classRate![key]!.mean;
    const b = mixed(r).classRate![key]!.mean;
    return (key.endsWith('Low') ? a / b : b / a).toFixed(2);
  });
  console.log(`| ${label} | ${t.toFixed(2)} | ${ours.join(' | ')} |`);
}
for (const [scheme] of SCHEMES) {
  const t = Object.values(THESIS[scheme]).reduce((a, b) => a + b, 0) * BLOCK_BITS * 1e-9;
  const ours = READINGS.map(([r]) => {
    const m = runs.get(`${r}|${scheme}`)!;
    const rates = Object.values(m.classRate!).reduce((a, b) => a + b.mean, 0) * BLOCK_BITS * 1e-9;
    return `${(m.throughput!.local!.mean + m.throughput!.remote!.mean).toFixed(3)} received (class rates ${rates.toFixed(3)})`;
  });
  console.log(`| root link Bc, Gb/s (${scheme}) | ${t.toFixed(3)} (cells × 512 b) | ${ours.join(' | ')} |`);
}
console.log(`| victim received, Gb/s (PIPD) | — | ${READINGS.map(([r]) => pipd(r).throughput!.victim!.mean.toFixed(3)).join(' | ')} |`);
console.log(`| marked fraction A r1 / A r2 / B r1 / B r2 (PIPD) | p implied: 0.40 / 0.25 / 0.25 / 0.14 | ${READINGS.map(([r]) => ['remoteLow', 'remoteHigh', 'localLow', 'localHigh'].map((k) => pipd(r).classMarkedFraction?.[k]?.mean.toFixed(2) ?? '–').join(' / ')).join(' | ')} |`);
