/** `ibqos sim --scenario congestion-spreading`: the options of the issue and the JSON shape. */
import { describe, expect, it } from 'vitest';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { simulate } from '../../../src/sim/index.js';
import { runCli, type CliRun } from '../../helpers/cli.js';

const cli = (args: string): Promise<CliRun> => runCli(args.split(' '));

describe('ibqos sim --scenario congestion-spreading', () => {
  it('--json gives throughput, offered and injection rate per flow as { mean, halfWidth, confidence }', async () => {
    const { code, out } = await cli('sim --scenario congestion-spreading --rate-control ibcc --replications 2 --until-us 5000 --json');
    expect(code).toBe(0);
    const json = JSON.parse(out);
    expect(json.params).toMatchObject({ rateControlHigh: 'ibcc', rateControlLow: 'ibcc', controlVictim: false });
    for (const metric of ['throughput', 'offered', 'injectionRate', 'latency']) {
      expect(Object.keys(json[metric]).sort()).toEqual(['local', 'remote', 'victim']);
      for (const flow of ['local', 'remote', 'victim']) {
        expect(Object.keys(json[metric][flow]).sort()).toEqual(['confidence', 'halfWidth', 'mean']);
        expect(json[metric][flow].mean).toBeGreaterThan(0);
      }
    }
    expect(Object.keys(json.classRate).sort()).toEqual(['localHigh', 'localLow', 'remoteHigh', 'remoteLow']);
  });

  it('--rate-control-high / --rate-control-low set the classes apart; --control-victim controls the victim', async () => {
    const { code, out, err } = await cli('sim --scenario congestion-spreading --rate-control-high pipd --rate-control-low fimd --control-victim --replications 2 --until-us 2000 --json');
    expect(code, err).toBe(0);
    const json = JSON.parse(out);
    expect(json.params).toMatchObject({ rateControlHigh: 'pipd', rateControlLow: 'fimd', controlVictim: true });
    expect(json.injectionRate.victim.mean).toBeLessThan(2.5e9 / 8 / 64); // under FIMD, below R_max
  });

  it('the departures from the thesis are options: --classes, --buffer-packets, --rate-unit-bytes, --start-rate, --window-packets, --marking-outputs, --marking-counters', async () => {
    const { code, out, err } = await cli(
      'sim --scenario congestion-spreading --rate-control pipd --classes split --buffer-packets 16 --rate-unit-bytes 2048 --start-rate max --window-packets 3 --marking-outputs waited-for --marking-counters per-vl --replications 2 --until-us 2000 --json',
    );
    expect(code, err).toBe(0);
    expect(JSON.parse(out).params).toMatchObject({ classes: 'split', bufferPackets: 16, rateUnitBytes: 2048, startRate: 'max', windowPackets: 3, markingOutputs: 'waited-for', markingCounters: 'per-vl' });
  });

  it.each(['none', 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'])('accepts --rate-control %s', async (rc) => {
    const { code } = await cli(`sim --scenario congestion-spreading --rate-control ${rc} --replications 2 --until-us 2000 --json`);
    expect(code).toBe(0);
  });

  it('rejects an unknown rate control with exit code 2 and names the parameter', async () => {
    const { code, err } = await cli('sim --scenario congestion-spreading --rate-control red --replications 2 --until-us 2000');
    expect(code).toBe(2);
    expect(err).toMatch(/rateControl/);
    expect(err).toMatch(/red/);
  });
});

describe('the fabric scenario (a topology file)', () => {
  it('docs/examples/fabric-two-switch.json validates and runs', async () => {
    const { code, out, err } = await cli('sim --scenario docs/examples/fabric-two-switch.json --replications 2 --until-us 2000 --json');
    expect(code, err).toBe(0);
    const json = JSON.parse(out);
    expect(Object.keys(json.throughput).sort()).toEqual(['local', 'remote', 'victim']);
    expect(json.utilization['B:3'].mean).toBeGreaterThan(0.1);
  });

  it('names a bad field of the params', () => {
    const params = {
      topology: singleSwitchTopology(2),
      flows: [{ name: 'f', source: 'h0', destination: 'nowhere' }],
    };
    expect(() => simulate({ scenario: 'fabric', params }, { replications: 2, until: 0.001 })).toThrow(/params\.flows\[0\]\.destination/);
    expect(() => simulate({ scenario: 'fabric', params: { ...params, flows: [], seed: 3 } }, { replications: 2, until: 0.001 })).toThrow(/params\.seed/);
  });
});

describe('ibqos sim --scenario drb', () => {
  it('runs a --load list as a sweep and reports latencyUs, throughputMbps, offeredMbps, open paths', async () => {
    const { code, out, err } = await cli('sim --scenario drb --topology mesh --size 4x4 --routing drb --cc ibcc-drb-paper --pattern transpose --load 100,300 --replications 2 --until 0.0004 --json');
    expect(code, err).toBe(0);
    const points = JSON.parse(out);
    expect(points.length).toBe(2);
    for (const [i, load] of [100, 300].entries()) {
      expect(points[i].params).toMatchObject({ topology: 'mesh', size: '4x4', routing: 'drb', cc: 'ibcc-drb-paper', pattern: 'transpose', load });
      for (const metric of ['latencyUs', 'throughputMbps', 'offeredMbps']) expect(points[i][metric].mean).toBeGreaterThan(0);
      expect(points[i].openPaths.length).toBe(10);
      expect(points[i].linkUtilization.max.mean).toBeGreaterThan(0);
      expect(Object.keys(points[i].linkUtilization.perLink)).toContain('s0_0:2');
    }
  });

  it('a load over the link rate → exit code 2 naming load', async () => {
    const { code, err } = await cli('sim --scenario drb --load 2600 --replications 2 --until 0.0002');
    expect(code).toBe(2);
    expect(err).toMatch(/load/);
    expect(err).toMatch(/2600/);
  });
});
