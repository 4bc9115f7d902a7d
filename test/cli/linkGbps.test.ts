/**
 * Issue 23: `ibqos sim … --link-gbps 1e308` reported `flows[2].traffic.rate … Infinity` (the link
 * rate in bytes/s overflowed after the option was accepted), and santos-congestion ran and printed
 * NaN. The error must name --link-gbps, the rule and the value, and nothing may run.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('--link-gbps whose rate in bytes/s overflows', () => {
  it.each(['congestion-spreading', 'santos-congestion'])('sim --scenario %s --link-gbps 1e308 → an error naming --link-gbps, the rule and the value (exit 2)', async (scenario) => {
    const r = await runCli(['sim', '--scenario', scenario, '--link-gbps', '1e308', '--until-us', '10']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--link-gbps/);
    expect(r.err).toMatch(/finite/);
    expect(r.err).toMatch(/1e\+308/);
    expect(r.err).not.toMatch(/flows\[|traffic\.rate|Infinity|NaN/);
    expect(r.out).toBe('');
  });
});
