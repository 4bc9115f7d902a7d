/**
 * Golden-run regression check of the fabric split (issue 14): the seeded runs of runs.ts must give
 * exactly the per-flow figures in golden.json. The fixture was produced by the pre-split fabric
 * (src/sim/fabric/fabric.ts as one 976-line class) at commit bd1d943d5572224cd262d5de31790e71a855dcd5
 * with make_golden.ts beside this file, and regenerated in session 16 for the same-instant fix
 * (a switch end's choices after the instant's other events; docs/fabric-model.md measurement 135): a before/after check, the one legitimate use of values
 * taken from the code under test. A deliberate change of the fabric's behaviour regenerates it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenRuns, type GoldenRun } from './runs.js';

const golden = JSON.parse(readFileSync(new URL('./golden.json', import.meta.url), 'utf8')) as Record<string, GoldenRun>;

describe('fabric golden runs', () => {
  it('goldenRuns() → per-flow delivered packets, mean latency (to the last digit), marks, packet-hops and events equal to the pre-split fabric', () => {
    const now = goldenRuns();
    expect(Object.keys(now)).toEqual(Object.keys(golden));
    for (const [name, run] of Object.entries(golden)) {
      const r = now[name]!;
      expect(r.packetHops, name).toBe(run.packetHops);
      expect(r.events, name).toBe(run.events);
      expect(r.flows.length, name).toBe(run.flows.length);
      run.flows.forEach((f, i) => {
        const g = r.flows[i]!;
        expect(g.name, name).toBe(f.name);
        expect(g.delivered, `${name} ${f.name} delivered`).toBe(f.delivered);
        expect(Object.is(g.meanLatencyUs, f.meanLatencyUs), `${name} ${f.name} meanLatencyUs ${g.meanLatencyUs} vs ${f.meanLatencyUs}`).toBe(true);
        expect(g.marked, `${name} ${f.name} marked`).toBe(f.marked);
      });
    }
  });
});
