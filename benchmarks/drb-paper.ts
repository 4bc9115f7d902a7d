/**
 * The DRB seed's Figs. 8 and 9 rerun with the `drb` scenario: latency and received load against
 * offered load (perfect shuffle), on the 64-node torus (8×8) and the 32-node mesh under both
 * numberings (4×8: 4 columns, 8 rows; 8×4), for the seed's two mechanisms — DRB (multipath, "message
 * throttling is deactivated") and IBA CC (static routing, the seed's IB CC variant, recovering only
 * after a timer period without notification) — and, for reference, the seed's IB CC with a
 * free-running timer and static routing without CC. Prints one Markdown table per topology (means
 * with 95 % half-widths over the replications; DRB's open paths per flow and IBA CC's mean CCTI in
 * the last tenth of the run) and the gains at the highest load; docs/drb.md quotes its output.
 *
 *   npm run bench:drb-paper            (about 10 minutes on one core)
 *   UNTIL=0.002 REPS=2 npm run bench:drb-paper   (a quick look)
 */
import { simulate } from '../src/sim/index.js';
import '../src/studies/index.js'; // registers the seed studies' scenarios
import { machineLine } from './harness.js';

const UNTIL = Number(process.env.UNTIL ?? 0.005);
const REPS = Number(process.env.REPS ?? 3);
/** Offered loads per topology. */
const LOADS = (process.env.LOADS ?? '200,400,600,800,1000,1200').split(',').map(Number);
const CONFIGS = [
  { label: 'DRB', routing: 'drb', cc: 'none' },
  { label: 'IBA CC (seed)', routing: 'static', cc: 'ibcc-drb-paper' },
  { label: 'IBA CC, free timer', routing: 'static', cc: 'ibcc-drb-paper', ccRecovery: 'timer' },
  { label: 'static, no CC', routing: 'static', cc: 'none' },
] as const;

type M = { mean: number; halfWidth: number };
const fmt = (m: M, digits = 0): string => `${m.mean.toFixed(digits)} ± ${m.halfWidth.toFixed(digits)}`;

console.log(`# DRB seed Figs. 8–9 — ${machineLine()}; ${REPS} replications of ${UNTIL * 1e3} ms after a ${UNTIL * 200} ms warm-up`);
for (const [topology, size] of [
  ['torus', '8x8'],
  ['mesh', '4x8'],
  ['mesh', '8x4'],
] as const) {
  console.log(`\n## ${topology} ${size}, perfect shuffle\n`);
  console.log(`| offered (Mb/s per node) | ${CONFIGS.map((c) => `${c.label}: latency µs | received Mb/s`).join(' | ')} | DRB open paths | IBA CC mean / max CCTI |`);
  console.log(`|---|${CONFIGS.map(() => '---|---').join('|')}|---|---|`);
  const last: Record<string, { lat: number; thr: number }> = {};
  const best: Record<string, number> = {};
  for (const load of LOADS) {
    const cells: string[] = [];
    const extra: string[] = [];
    for (const c of CONFIGS) {
      const { label, ...params } = c;
      void label;
      const r = simulate({ scenario: 'drb', params: { topology, size, load, ...params } }, { seed: 1, replications: REPS, until: UNTIL, warmup: UNTIL / 5 });
      const m = r.metrics as unknown as { latencyUs: M; throughputMbps: M; openPaths: M[]; throttleLevel: M[]; throttleLevelMax: M[] };
      cells.push(fmt(m.latencyUs, 1), fmt(m.throughputMbps));
      if (c.label === 'DRB') extra[0] = m.openPaths.at(-1)!.mean.toFixed(2);
      if (c.label === 'IBA CC (seed)') extra[1] = `${m.throttleLevel.at(-1)!.mean.toFixed(1)} / ${m.throttleLevelMax.at(-1)!.mean.toFixed(0)}`;
      last[c.label] = { lat: m.latencyUs.mean, thr: m.throughputMbps.mean };
      best[c.label] = Math.max(best[c.label] ?? 0, m.throughputMbps.mean);
    }
    console.log(`| ${load} | ${cells.join(' | ')} | ${extra.join(' | ')} |`);
  }
  const d = last['DRB']!;
  const i = last['IBA CC (seed)']!;
  console.log(
    `\nAt ${LOADS.at(-1)} Mb/s: DRB received ${((d.thr / i.thr - 1) * 100).toFixed(0)} % more than IBA CC (seed), latency ${((1 - d.lat / i.lat) * 100).toFixed(0)} % lower; ` +
      `highest received load DRB ${best['DRB']!.toFixed(0)} vs IBA CC ${best['IBA CC (seed)']!.toFixed(0)} Mb/s (${((best['DRB']! / best['IBA CC (seed)']! - 1) * 100).toFixed(0)} %).`,
  );
}
