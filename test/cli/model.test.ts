/** `ibqos model` and `ibqos validate --model fabric` on the command line (docs/fabric-model.md). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const CLUSTER = 'docs/examples/cluster.json';

describe('ibqos model', () => {
  it('a fabric scenario file → a table of flows and ports; --json → the simulator’s metric names and keys', async () => {
    const text = await runCli(['model', '--scenario', CLUSTER]);
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/converged in \d+ iterations/);
    const json = await runCli(['model', '--scenario', CLUSTER, '--json']);
    expect(json.code).toBe(0);
    const r = JSON.parse(json.out);
    expect(Object.keys(r.metrics).sort()).toEqual(['creditStall', 'latency', 'throughput', 'utilization']);
    expect(Object.keys(r.metrics.latency).length).toBeGreaterThan(0);
    expect(r.diagnostics.converged).toBe(true);
  });

  it('bad input → exit 2 with the option or field named, nothing printed', async () => {
    const dir = tempDirForTest('model');
    const other = join(dir, 'queue.json');
    writeFileSync(other, JSON.stringify({ scenario: 'gege1n', params: { lambda: 1, mu: 2, capacity: 4 } }));
    const r1 = await runCli(['model', '--scenario', other]);
    expect(r1.code).toBe(2);
    expect(r1.err).toMatch(/scenario.*'fabric'/);
    const r2 = await runCli(['model', '--scenario', CLUSTER, '--rate', '-5']);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/--rate/);
    expect(r2.out).toBe('');
  });
});

describe('ibqos validate --model fabric', () => {
  it("the model's own latencies → exit 0; 30 % higher → exit 1 with each flow's error", async () => {
    const model = JSON.parse((await runCli(['model', '--scenario', CLUSTER, '--json'])).out);
    const dir = tempDirForTest('vf');
    const rows = (k: number) => ['flow,latency', ...Object.entries(model.metrics.latency as Record<string, number>).map(([f, v]) => `${f},${v * k}`)].join('\n');
    writeFileSync(join(dir, 'same.csv'), rows(1));
    writeFileSync(join(dir, 'off.csv'), rows(1.3));
    const same = await runCli(['validate', '--model', 'fabric', '--params', CLUSTER, '--results', join(dir, 'same.csv')]);
    expect(same.code).toBe(0);
    const off = await runCli(['validate', '--model', 'fabric', '--params', CLUSTER, '--results', join(dir, 'off.csv')]);
    expect(off.code).toBe(1);
    expect(off.out).toMatch(/median error 30\.00 %/);
  });
});
