/** `ibqos me`: tables, JSON records with the library's field names, the exact chain, errors. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { gege1nThreshold, solveGeQueueExact } from '../../src/index.js';

const cli = runCli;

const ISSUE = ['me', '--lambda', '2:16:2', '--mu', '8,16', '--thresholds', '8', '--capacity', '16', '--ca2', '5', '--cs2', '7'];

describe('ibqos me', () => {
  it('the issue’s example prints a table with one row per λ', async () => {
    const { code, out, err } = await cli(ISSUE);
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trim().split('\n');
    expect(lines[0]!.trim().split(/\s+/)).toEqual(['lambda[1/t]', 'ca2[1]', 'cs2[1]', 'K[jobs]', 'P(0)[prob]', 'P(K)[prob]', 'π[prob]', 'L[jobs]', 'U[prob]', 'X[jobs/t]', 'W[t]']);
    expect(lines).toHaveLength(2 + 8);
    expect(lines[2]!.trim().split(/\s+/)[0]).toBe('2');
  });

  it('--json prints the library’s records, field for field', async () => {
    const { code, out } = await cli([...ISSUE, '--json']);
    expect(code).toBe(0);
    const records = JSON.parse(out) as Record<string, unknown>[];
    expect(records).toHaveLength(8);
    const expected = gege1nThreshold({ lambda: 6, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] });
    expect(records[2]).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('--exact uses the chain; --variant thesis is labelled', async () => {
    const exact = JSON.parse((await cli([...ISSUE, '--exact', '--json'])).out) as { method: string; blockingProbability: number }[];
    expect(exact[0]!.method).toBe('exact-chain');
    expect(exact[0]!.blockingProbability).toBe(solveGeQueueExact({ lambda: 2, ca2: 5, cs2: 7, capacity: 16, thresholds: [8], mu: [8, 16] }).blockingProbability);
    const thesis = await cli([...ISSUE, '--variant', 'thesis']);
    expect(thesis.code).toBe(0);
    expect(thesis.err).toMatch(/note: variant 'thesis'/);
  });

  it('sweeps capacity and SCVs as a cartesian product; capacity inf is GE/GE/1 with Infinity as text', async () => {
    const { out } = await cli(['me', '--lambda', '1,2', '--mu', '1.5', '--capacity', '4:6', '--ca2', '1,3', '--json']);
    expect(JSON.parse(out)).toHaveLength(2 * 3 * 2);
    const inf = JSON.parse((await cli(['me', '--lambda', '2', '--mu', '1', '--json'])).out) as { stable: boolean; meanQueueLength: unknown }[];
    expect(inf[0]!.stable).toBe(false);
    expect(inf[0]!.meanQueueLength).toBe('Infinity');
  });

  it('--regime-cs2 with an explicit --cs2 → exit 2 (the sweep over --cs2 would be ignored); without it, the per-regime record', async () => {
    const base = ['me', '--lambda', '3', '--mu', '8,16', '--thresholds', '4', '--capacity', '8', '--ca2', '5', '--exact'];
    const clash = await cli([...base, '--cs2', '3,5', '--regime-cs2', '7,3']);
    expect(clash.code).toBe(2);
    expect(clash.out).toBe('');
    expect(clash.err).toMatch(/--cs2 must be absent when --regime-cs2 is given/);
    const ok = await cli([...base, '--regime-cs2', '7,3', '--json']);
    expect(ok.code).toBe(0);
    const [record] = JSON.parse(ok.out) as { cs2: number[]; blockingProbability: number }[];
    expect(record!.cs2).toEqual([7, 3]);
    expect(record!.blockingProbability).toBe(
      solveGeQueueExact({ lambda: 3, ca2: 5, regimeCs2: [7, 3], capacity: 8, thresholds: [4], mu: [8, 16] }).blockingProbability,
    );
  });

  it.each([
    [['me', '--lambda', '5', '--mu', '8', '--ca2', '0.5'], 'ibqos: --ca2 must be a finite squared coefficient of variation >= 1, got 0.5\n'],
    [['me', '--lambda', '5', '--mu', '8,16', '--capacity', '16'], 'ibqos: --mu must be one rate (there are no thresholds), got [8,16]\n'],
    [
      ['me', '--lambda', '5', '--mu', '8,16', '--thresholds', '20', '--capacity', '16'],
      'ibqos: --thresholds (thresholds[0]) must be within 1..capacity+1 = 1..17 (capacity + 1: the regime is never reached), got 20\n',
    ],
  ])('a solver error names the option that set the parameter: %j', async (args, message) => {
    const { code, out, err } = await cli(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(message);
  });

  it.each([
    [['--ca2', '0.5'], /ca2 must be/],
    [['--thresholds', '8,4'], /thresholds must be strictly increasing/],
    [['--mu', '8'], /mu must be an array of 2 rates/],
    [['--mu', '8:16'], /--mu must be a comma list/],
    [['--capacity', '16.5'], /--capacity must be an integer/],
    [['--variant', 'book'], /--variant must be one of/],
    [['--batch-acceptance', 'whole'], /--batch-acceptance must be used with --exact/],
  ])('%j → exit 2 with the typed error on stderr', async (patch, message) => {
    const args = [...ISSUE];
    for (let i = 0; i < patch.length; i += 2) {
      const k = args.indexOf(patch[i]!);
      if (k >= 0) args[k + 1] = patch[i + 1]!;
      else args.push(patch[i]!, patch[i + 1]!);
    }
    const { code, out, err } = await cli(args);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
  });
});
