/**
 * Golden-run regression check of the Gran et al. fabric path (issue 16's speed work): the seeded
 * runs of granRuns.ts must give exactly the figures in gran-golden.json. The fixture was produced by
 * the fabric of main at commit ca4bed6 (before the per-hop speed work) with make_gran_golden.ts
 * beside this file, and regenerated in session 16 for the same-instant fix (docs/fabric-model.md
 * measurement 135): a before/after check, the one legitimate use of values taken from the code
 * under test. A deliberate change of the fabric's behaviour regenerates it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { granGoldenRuns, type GranGoldenRun } from './granRuns.js';

const golden = JSON.parse(readFileSync(new URL('./gran-golden.json', import.meta.url), 'utf8')) as Record<string, GranGoldenRun>;

describe('Gran fabric golden runs', () => {
  it('granGoldenRuns() → packet-hops, events, receive rates, bytes per host, BECNs, per-port and per-buffer figures equal (to the last digit) to the fabric before the speed work', () => {
    const now = JSON.parse(JSON.stringify(granGoldenRuns())) as Record<string, GranGoldenRun>;
    expect(Object.keys(now)).toEqual(Object.keys(golden));
    for (const [name, run] of Object.entries(golden)) expect(now[name], name).toStrictEqual(run);
  });
});
