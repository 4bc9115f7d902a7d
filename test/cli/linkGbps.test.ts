/**
 * Issue 23: `ibqos sim … --link-gbps 1e308` reported `flows[2].traffic.rate … Infinity` (the link
 * rate in bytes/s overflowed after the option was accepted), and santos-congestion ran and printed
 * NaN. The error must name --link-gbps, the rule and the value, and nothing may run.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('--link-gbps whose rate in bytes/s overflows or takes no resolvable time', () => {
  it.each([
    ['congestion-spreading', '1e308', /1e\+308/],
    ['santos-congestion', '1e308', /1e\+308/],
    // 1e299 passed the overflow rule and then hung: a packet's time below the clock's resolution.
    ['congestion-spreading', '1e299', /1e\+299/],
  ])('sim --scenario %s --link-gbps %s → an error naming --link-gbps, the rule and the value (exit 2)', async (scenario, rate, shown) => {
    const r = await runCli(['sim', '--scenario', scenario, '--link-gbps', rate, '--until-us', '10']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--link-gbps/);
    expect(r.err).toMatch(/at most 1000000 \(Gb\/s/);
    expect(r.err).toMatch(shown);
    expect(r.err).not.toMatch(/flows\[|traffic\.rate|Infinity|NaN/);
    expect(r.out).toBe('');
  });
});
