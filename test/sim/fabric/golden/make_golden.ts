/**
 * Writes golden.json: the golden runs of runs.ts (per-flow delivered packets, mean latency in full
 * double precision, marks; packet-hops and events) as the fabric computes them now.
 *
 *   npx tsx test/sim/fabric/golden/make_golden.ts
 *
 * Run once on the pre-split fabric (issue 14); re-run only when the fabric's behaviour is meant to
 * change, and say so in the commit.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { goldenRuns } from './runs.js';

const out = fileURLToPath(new URL('./golden.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(goldenRuns(), null, 1)}\n`);
console.log(`wrote ${out}`);
