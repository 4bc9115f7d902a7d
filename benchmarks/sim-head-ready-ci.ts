/**
 * Replications of benchmarks/sim-head-ready.ts (one `--json` line per seed, on stdin or in the files named): per group and class,
 * each figure's mean over the replications ± t_{n−1, 0.975}·s/√n (H40suc, entry 255). Times in transmissions x.
 *
 *     for s in 1 2 3 4 5; do nice -n 19 npx tsx benchmarks/sim-head-ready.ts mesh8x8-uniform-2sl 90% --seed $s --json; done > /tmp/r.jsonl
 *     npx tsx benchmarks/sim-head-ready-ci.ts /tmp/r.jsonl
 */
import { readFileSync } from 'node:fs';

const CLASSES = ['fresh, port free', 'fresh, port sends own pred.', 'fresh, port sends other VL', 'successor, same output', 'successor, other output'];
/** t_{n−1, 0.975} for n = 2 … 10. */
const T975 = [NaN, NaN, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262];
const files = process.argv.slice(2);
const text = files.length > 0 ? files.map((f) => readFileSync(f, 'utf8')).join('\n') : readFileSync(0, 'utf8');
const runs = text.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { name: string; label: string; x: number; sums: Record<string, number[]>; joint?: Record<string, number[]> });
if (runs.length === 0) throw new Error('sim-head-ready-ci.ts: no --json lines of sim-head-ready.ts in the input');
const keys = [...new Set(runs.flatMap((r) => Object.keys(r.sums)))].sort();
const ci = (xs: number[]) => {
  const n = xs.length;
  const m = xs.reduce((a, b) => a + b, 0) / n;
  const s = Math.sqrt(xs.reduce((a, b) => a + (b - m) * (b - m), 0) / Math.max(1, n - 1));
  return `${m.toFixed(3)} ± ${(n > 1 ? (T975[n] ?? 1.96) * s / Math.sqrt(n) : NaN).toFixed(3)}`;
};
console.log(`${runs[0]!.name} ${runs[0]!.label}: ${runs.length} replications; mean ± half-width (95 %), times in x`);
console.log('group        class                          share          | W (ready→start) | busy at ready | its rest       | older same VL  | other VLs      | sent same VL   | sent other VLs | port other VL  | reg→ready      | out→other VL   | out→same VL    | port→other VL  | (to my output)');
for (const k of keys) {
  const group = k.replace(/ \d$/, '');
  const per = (f: (a: number[], x: number, tot: number) => number) =>
    ci(runs.map((r) => {
      const a = r.sums[k] ?? [];
      const tot = Object.entries(r.sums).filter(([kk]) => kk.replace(/ \d$/, '') === group).reduce((s, [, b]) => s + b[0]!, 0);
      return f(a, r.x, tot);
    }));
  const row = [
    per((a, _x, tot) => (a[0] ?? 0) / tot),
    per((a, x) => a[1]! / a[0]! / x),
    per((a) => a[3]! / a[0]!),
    per((a, x) => a[4]! / a[0]! / x),
    per((a) => a[5]! / a[0]!),
    per((a) => a[7]! / a[0]!),
    per((a) => a[9]! / a[0]!),
    per((a) => a[10]! / a[0]!),
    per((a, x) => a[12]! / a[0]! / x),
    per((a, x) => a[13]! / a[0]! / x),
    per((a) => a[14]! / a[0]!),
    per((a) => a[15]! / a[0]!),
    per((a) => a[16]! / a[0]!),
    per((a) => a[17]! / a[0]!),
  ];
  console.log(`${group.padEnd(12)} ${CLASSES[Number(k.slice(-1))]!.padEnd(30)} ${row.join(' | ')}`);
}
// The joint state of a port's VL buffers 0 and 1 (sim-head-ready.ts's time integrals): each kind's shares, beside independence.
for (const k of [...new Set(runs.flatMap((r) => Object.keys(r.joint ?? {})))].sort()) {
  const per = (f: (a: number[]) => number) => ci(runs.map((r) => f(r.joint![k]!)));
  console.log(`${k} ports: P(n0 > 0) ${per((a) => a[1]! / a[0]!)}, P(n1 > 0) ${per((a) => a[2]! / a[0]!)}, both ${per((a) => a[3]! / a[0]!)} (independent ${per((a) => (a[1]! * a[2]!) / a[0]! / a[0]!)}); P(n1 > 0 | n0 ≥ 2) ${per((a) => a[5]! / a[4]!)}; P(n0 > 0 | n1 ≥ 2) ${per((a) => a[8]! / a[7]!)}; both heads for one output ${per((a) => a[6]! / a[0]!)} (independent ${per((a) => a[9]! / a[0]!)})`);
}
