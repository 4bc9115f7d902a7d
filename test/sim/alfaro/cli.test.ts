/** `ibqos sim --scenario alfaro`: the options of issue 18, a packet-size sweep, and bad input. */
import { describe, expect, it } from 'vitest';
import { runCli, type CliRun } from '../../helpers/cli.js';

const cli = (args: string): Promise<CliRun> => runCli(args.split(' '));

describe('ibqos sim --scenario alfaro', () => {
  it('--packet-bytes 256,4096 sweeps: connections, utilisations and per-SL counts for each size', async () => {
    const { code, out, err } = await cli('sim --scenario alfaro --switches 8 --packet-bytes 256,4096 --attempts 3 --seed 4 --replications 2 --common-random-numbers --json');
    expect(code, err).toBe(0);
    const points = JSON.parse(out);
    expect(points.map((p: { params: { packetBytes: number } }) => p.params.packetBytes)).toEqual([256, 4096]);
    for (const p of points) {
      expect(p.params.switches).toBe(8);
      expect(p.connections.mean).toBeGreaterThan(0);
      expect(p.hostUtilization.mean).toBeGreaterThan(0);
      expect(p.hostUtilization.mean).toBeLessThan(0.8);
      // With the headers counted: above the payload, below the 80 % cap.
      expect(p.hostWireUtilization.mean).toBeGreaterThan(p.hostUtilization.mean);
      expect(p.switchWireUtilization.mean).toBeGreaterThan(p.switchUtilization.mean);
      expect(p.switchWireUtilization.mean).toBeLessThan(0.8);
      expect(Object.keys(p.connectionsPerSl)).toHaveLength(10);
    }
  });

  it.each([
    ['--packet-bytes 128', 'packetBytes', '128'],
    ['--packet-bytes 8192', 'packetBytes', '8192'],
    ['--attempts 0', 'attempts', '0'],
    ['--attempts -2', 'attempts', '-2'],
    ['--switches 7', 'switches', '7'],
    ['--attempts-rule total', 'attemptsRule', 'total'],
    ['--overhead maybe', 'overhead', 'maybe'],
    ['--output-buffers maybe', 'outputBuffers', 'maybe'],
    ['--input-queueing lifo', 'inputQueueing', 'lifo'],
    ['--crossbar-speedup 0.5', 'crossbarSpeedup', '0.5'],
    ['--crossbar-speedup 17', 'crossbarSpeedup', '17'],
    ['--output-buffers off --crossbar-speedup 2', 'crossbarSpeedup', '2'],
    ['--host-queueing lifo', 'hostQueueing', 'lifo'],
  ])('%s → exit code 2 and a message naming the option and the value', async (option, name, value) => {
    const { code, err } = await cli(`sim --scenario alfaro ${option} --replications 2`);
    expect(code).toBe(2);
    expect(err).toContain(name);
    expect(err).toContain(value);
  });
});
