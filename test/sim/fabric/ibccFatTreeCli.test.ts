/** `ibqos sim --scenario ibcc-fat-tree`: the options of issue 16, the JSON shape, and bad input named by its option. */
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../../helpers/cli.js';

const cli = (args: string): Promise<CliRun> => runCli(args.split(' '));
const small = '--radix 4 --hotspots 1 --replications 2 --until 0.001 --warmup 0.0005';

describe('ibqos sim --scenario ibcc-fat-tree', () => {
  it('--json gives the four receive figures as { mean, halfWidth, confidence }', async () => {
    const { code, out, err } = await cli(`sim --scenario ibcc-fat-tree ${small} --victims 0.25 --contributors 0.25 --b-nodes 0.5 --p 60 --hotspot-lifetime-ms 0.5 --cc off --json`);
    expect(code, err).toBe(0);
    const json = JSON.parse(out);
    expect(json.params).toMatchObject({ radix: 4, hotspots: 1, victims: 0.25, contributors: 0.25, bNodes: 0.5, p: 60, hotspotLifetimeMs: 0.5, cc: 'off' });
    for (const metric of ['hotspotReceiveGbps', 'nonHotspotReceiveGbps', 'averageReceiveGbps', 'totalThroughputGbps']) {
      expect(Object.keys(json[metric]).sort()).toEqual(['confidence', 'halfWidth', 'mean']);
      expect(json[metric].mean).toBeGreaterThan(0);
    }
  });

  it.each([
    ['--victims 0.5 --contributors 0.8', /--victims.*add up to 1/],
    ['--p 120', /--p.*120/],
    ['--hotspots 9', /--hotspots.*0\.\.8/],
    ['--radix 5 --hotspots 0', /--radix.*even/],
    ['--radix 2 --hotspots 0', /--radix.*even/],
    ['--cc maybe', /--cc.*maybe/],
  ])('%s → exit 2, the option named', async (bad, message) => {
    const args = `sim --scenario ibcc-fat-tree --radix 4 --hotspots 1 --replications 2 --until 0.001 ${bad}`;
    const { code, err } = await cli(args);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });
});
