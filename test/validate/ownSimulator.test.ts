/**
 * `ibqos validate` on the library's own simulator output, as a user would do it: `ibqos sim … --json`
 * written to a file, then `ibqos validate --results` on that file. It passes (exit 0); the same file
 * with every simulated mean of two points scaled by 1.3 fails (exit 1) at exactly those points.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const ibqos = runCli;

/** Multiplies every `mean` below `node` by `factor` (the simulated values of one point). */
function scaleMeans(node: unknown, factor: number): void {
  if (node === null || typeof node !== 'object') return;
  const rec = node as Record<string, unknown>;
  if (typeof rec.mean === 'number' && typeof rec.halfWidth === 'number') rec.mean *= factor;
  else for (const v of Object.values(rec)) scaleMeans(v, factor);
}

interface Case {
  readonly model: string;
  readonly sim: readonly string[];
  readonly params: Record<string, unknown>;
  readonly pointLabel: (point: Record<string, unknown>) => string;
}

const CASES: readonly Case[] = [
  {
    model: 'credit',
    sim: ['--scenario', 'credit-tandem', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '2:6'],
    params: { lambda: 5, mu1: 6, mu2: 8, n: 12 },
    pointLabel: (p) => `downstreamCapacity=${(p.params as { downstreamCapacity: number }).downstreamCapacity}`,
  },
  {
    model: 'threshold',
    sim: ['--scenario', 'gege1n', '--lambda', '2:10:2', '--mu', '8,16', '--thresholds', '8', '--capacity', '16', '--ca2', '5', '--cs2', '7'],
    params: { ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] },
    pointLabel: (p) => `lambda=${(p.params as { lambda: number }).lambda}`,
  },
];

describe('ibqos validate on the output of ibqos sim --json', () => {
  it.each(CASES)('$model: passes as simulated, fails where two points are scaled by 1.3', async (c) => {
    const dir = tempDirForTest('own');
    const sim = await ibqos(['sim', ...c.sim, '--seed', '7', '--replications', '5', '--jobs', '40000', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const results = join(dir, 'sim.json');
    const params = join(dir, 'params.json');
    writeFileSync(results, sim.out);
    writeFileSync(params, JSON.stringify(c.params));

    const ok = await ibqos(['validate', '--model', c.model, '--params', params, '--results', results]);
    expect(ok.err).toBe('');
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/^PASS: 0 of \d+ point-metric pairs/m);

    const points = JSON.parse(sim.out) as Record<string, unknown>[];
    const perturbed = [1, 3];
    for (const k of perturbed) scaleMeans(points[k], 1.3);
    writeFileSync(results, JSON.stringify(points));
    const bad = await ibqos(['validate', '--model', c.model, '--params', params, '--results', results, '--json']);
    expect(bad.code).toBe(1);
    const json = JSON.parse(bad.out) as { comparison: { passed: boolean; metrics: { metric: string; points: { label: string; passed: boolean }[] }[] } };
    expect(json.comparison.passed).toBe(false);
    const failing = new Set(json.comparison.metrics.flatMap((m) => m.points.filter((p) => !p.passed).map((p) => p.label)));
    expect([...failing].sort()).toEqual(perturbed.map((k) => c.pointLabel(points[k]!)).sort());
  });
});
