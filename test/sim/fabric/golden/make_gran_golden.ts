/**
 * Writes gran-golden.json: the golden runs of granRuns.ts as the fabric computes them now.
 *
 *   npx tsx test/sim/fabric/golden/make_gran_golden.ts
 *
 * Run on main at ca4bed6 (before issue 16's per-hop speed work); re-run only when the fabric's
 * behaviour is meant to change, and say so in the commit.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { granGoldenRuns } from './granRuns.js';

const out = fileURLToPath(new URL('./gran-golden.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(granGoldenRuns())}\n`);
console.log(`wrote ${out}`);
