/**
 * The DRB seed's Figs. 8 and 9 rerun with the `drb` scenario: latency and received load against
 * offered load (perfect shuffle), on the 64-node torus (8×8) and the 32-node mesh (4×8: 4 columns, 8 rows; docs/drb.md gives 8×4 too), for the
 * seed's two mechanisms — DRB (multipath, "message throttling is deactivated") and IBA CC (static
 * routing, the seed's IB CC variant) — and, for reference, static routing without CC and with the
 * specification's IB CC. Prints one Markdown table per topology (means with 95 % half-widths over
 * the replications) and the gains at the highest load; docs/drb.md quotes its output.
 *
 *   npm run bench:drb-paper            (about 10 minutes on one core)
 *   UNTIL=0.002 REPS=2 npm run bench:drb-paper   (a quick look)
 */
import { simulate } from '../src/sim/index.js';
import { machineLine } from './harness.js';

const UNTIL = Number(process.env.UNTIL ?? 0.005);
const REPS = Number(process.env.REPS ?? 3);
/** Offered loads per topology. */
const LOADS: Record<string, number[]> = { torus: [200, 400, 600, 800, 1000, 1200], mesh: [200, 400, 600, 800, 1000, 1200] };
const CONFIGS = [
  { label: 'DRB', routing: 'drb', cc: 'none' },
  { label: 'IBA CC (seed)', routing: 'static', cc: 'ibcc-drb-paper' },
  { label: 'IB CC (spec)', routing: 'static', cc: 'ibcc' },
  { label: 'static, no CC', routing: 'static', cc: 'none' },
] as const;

type M = { mean: number; halfWidth: number };
const fmt = (m: M, digits = 0): string => `${m.mean.toFixed(digits)} ± ${m.halfWidth.toFixed(digits)}`;

console.log(`# DRB seed Figs. 8–9 — ${machineLine()}; ${REPS} replications of ${UNTIL * 1e3} ms after a ${UNTIL * 200} ms warm-up`);
for (const [topology, size] of [
  ['torus', '8x8'],
  ['mesh', '4x8'],
] as const) {
  console.log(`\n## ${topology} ${size}, perfect shuffle\n`);
  console.log(`| offered (Mb/s per node) | ${CONFIGS.map((c) => `${c.label}: latency µs | received Mb/s`).join(' | ')} |`);
  console.log(`|---|${CONFIGS.map(() => '---|---').join('|')}|`);
  const last: Record<string, { lat: number; thr: number }> = {};
  const best: Record<string, number> = {};
  for (const load of LOADS[topology]!) {
    const cells: string[] = [];
    for (const c of CONFIGS) {
      const r = simulate({ scenario: 'drb', params: { topology, size, load, routing: c.routing, cc: c.cc } }, { seed: 1, replications: REPS, until: UNTIL, warmup: UNTIL / 5 });
      const m = r.metrics as unknown as { latencyUs: M; throughputMbps: M };
      cells.push(fmt(m.latencyUs, 1), fmt(m.throughputMbps));
      last[c.label] = { lat: m.latencyUs.mean, thr: m.throughputMbps.mean };
      best[c.label] = Math.max(best[c.label] ?? 0, m.throughputMbps.mean);
    }
    console.log(`| ${load} | ${cells.join(' | ')} |`);
  }
  const d = last['DRB']!;
  const i = last['IBA CC (seed)']!;
  console.log(
    `\nAt ${LOADS[topology]!.at(-1)} Mb/s: DRB received ${((d.thr / i.thr - 1) * 100).toFixed(0)} % more than IBA CC (seed), latency ${((1 - d.lat / i.lat) * 100).toFixed(0)} % lower; ` +
      `highest received load DRB ${best['DRB']!.toFixed(0)} vs IBA CC ${best['IBA CC (seed)']!.toFixed(0)} Mb/s (${((best['DRB']! / best['IBA CC (seed)']! - 1) * 100).toFixed(0)} %).`,
  );
}
