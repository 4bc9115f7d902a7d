/**
 * Findings of the third hardening round at the command line (issue 33): each reproduction ends with
 * exit 2 and a message naming the option the user typed, in its unit, or the file — never exit 3,
 * never a run that does not end.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';

const DIR = tempDirForFile('hardening33');
const deepArray = join(DIR, 'deep-array.json');
const deepObject = join(DIR, 'deep-object.json');
writeFileSync(deepArray, `${'['.repeat(5000)}${']'.repeat(5000)}`);
writeFileSync(deepObject, `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`);
const params = join(DIR, 'p.json');
writeFileSync(params, '{"lambda":5,"mu1":6,"mu2":8,"n":12}');

describe('JSON nested 5,000 deep', () => {
  it.each([
    ['validate --params', ['validate', '--model', 'credit', '--params', deepArray, '--results', deepArray, '--format', 'json'], /--params \(.*deep-array\.json\) must be JSON nested at most 256 levels deep/],
    ['validate --params (objects)', ['validate', '--model', 'credit', '--params', deepObject, '--results', deepObject, '--format', 'json'], /--params \(.*\) must be JSON nested at most 256/],
    ['validate --results', ['validate', '--model', 'credit', '--params', params, '--results', deepArray, '--format', 'json'], /deep-array\.json, line 1: nested deeper than 256 levels/],
    ['admit --topology', ['admit', '--topology', deepArray, '--requests', deepArray], /--topology \(.*\) must be JSON nested at most 256/],
    ['sim --scenario file', ['sim', '--scenario', deepArray], /deep-array\.json must be JSON nested at most 256/],
    ['sweep --scenario file', ['sweep', '--scenario', deepObject, '--out', join(DIR, 'never')], /deep-object\.json must be JSON nested at most 256/],
    ['topology show', ['topology', 'show', deepArray], /file \(.*\) must be JSON nested at most 256/],
  ])('%s → exit 2 naming the file, not a stack overflow', async (_name, argv, message) => {
    const r = await runCli(argv);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('run lengths in the unit typed', () => {
  it('sim --until-us 1e15 → exit 2 naming --until-us with its bound in µs (not --until in seconds)', async () => {
    const r = await runCli(['sim', '--scenario', 'congestion-spreading', '--until-us', '1e15', '--replications', '2']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --until-us must be at most 10000000 µs \(10 s of simulated time\) per replication for scenario 'congestion-spreading', got "1e15"/);
  });

  it('sweep --warmup-us 1e15 → exit 2 naming --warmup-us (a warm-up that long never ended)', async () => {
    const r = await runCli(['sweep', '--scenario', 'congestion-spreading', '--warmup-us', '1e15', '--replications', '2', '--out', join(DIR, 'never2')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--warmup-us must be at most 10000000 µs/);
  });

  it('sim --warmup 1e15 on a model scenario → exit 2 naming the warm-up with the run length bound', async () => {
    const r = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '1', '--mu', '2', '--warmup', '1e15', '--replications', '2']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/warmup must be at most 1000000000 jobs/);
  });

  it('ibcc-fat-tree --hotspot-lifetime-ms 1e-300 → exit 2 naming the option and the shortest lifetime (one MTU on a link)', async () => {
    const r = await runCli(['sim', '--scenario', 'ibcc-fat-tree', '--radix', '4', '--hotspot-lifetime-ms', '1e-300']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--hotspot-lifetime-ms \(params\.hotspotLifetimeMs\) must be Infinity or at least 0\.001024 ms/);
  });
});
