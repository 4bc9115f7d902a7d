/** `ibqos rate`: the conditions table and JSON, --at, --trajectory, and option errors (exit 2). */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { checkConditions, fimd, lipd, pipd, rateTrajectory, seededStream, aimd } from '../../src/index.js';

const cli = runCli;

const ISSUE = ['rate', '--function', 'pipd', '--rmin', '1000', '--rmax', '256000', '--power', '4'];

describe('ibqos rate', () => {
  it("the issue's --check prints the conditions table, one row per condition", async () => {
    const { code, out, err } = await cli([...ISSUE, '--check']);
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toBe('pipd  rMin=1000  rMax=256000  m=4');
    expect(lines[1]).toMatch(/design range .* = \[1000000000000, 256000\]: empty; checked on \[R_min, R_max\]/);
    // why (1) fails, in words: 256000^(1/4) ≈ 22.5 < R_min, so f_dec(R_max) = R_min; f_inc(R_min) = min(1000^4, R_max) (docs/models.md §10)
    expect(lines[2]).toBe('every decrease lands on R_min or below it (f_dec(R_max) = 1000), and the next unmarked ACK from R_min gives f_inc(R_min) = 256000');
    // the unit s with (R_min/s)^m ≤ R_max/s: s ≥ (R_min^m/R_max)^(1/(m−1)) = (10^12/256000)^(1/3) ≈ 157.49; s < R_min keeps R_min > 1
    expect(lines[3]).toBe(
      'PIPD is not scale-free: R_min^m > R_max in this rate unit; with rates in a unit 157.49 to 1000 times larger its design range is not empty (docs/congestion.md)',
    );
    expect(lines[4]).toMatch(/condition\s+holds\s+from\[pkt\/t\]\s+to\[pkt\/t\]\s+worst at\[pkt\/t\]/);
    expect(lines[6]).toMatch(/^\(1\) avoids congestion\s+no\s+1000\s+256000\s+1000\s+pkt\/t\s+256000\s+1000\s+255$/);
    expect(lines[7]).toMatch(/^\s+\(2\) fair\s+yes/);
    expect(lines[8]).toMatch(/^\s+\(3\) efficient\s+yes/);
  });

  it('the unit the PIPD hint suggests works: rates 500 times larger (R_min 2, R_max 512) have a design range and meet (1)', async () => {
    const { out } = await cli(['rate', '--function', 'pipd', '--rmin', '2', '--rmax', '512', '--power', '4', '--check']);
    const lines = out.trimEnd().split('\n');
    expect(lines[1]).toBe('design range [f_dec^-1(R_min), R_max] = [16, 512]; (1) and (2) checked on the design range');
    expect(lines[4]).toMatch(/^\(1\) avoids congestion\s+yes/);
  });

  it('an empty design range without a floor (LIPD, R_max < 2·R_min) is explained without the PIPD hint', async () => {
    const { out } = await cli(['rate', '--function', 'lipd', '--rmin', '1000', '--rmax', '1500', '--check']);
    const lines = out.trimEnd().split('\n');
    expect(lines[1]).toMatch(/: empty; checked on \[R_min, R_max\]$/);
    expect(lines[2]).toBe('every decrease lands on R_min or below it (f_dec(R_max) = 750), and the next unmarked ACK from R_min gives f_inc(R_min) = 1500');
    expect(lines[3]).toMatch(/^\s+condition\s+holds/);
  });

  it('--check --json gives { conditions: { avoidsCongestion, fair, efficient }, … } as checkConditions does', async () => {
    const { code, out } = await cli(['rate', '--function', 'fimd', '--rmin', '1000', '--rmax', '256000', '--factor', '4', '--check', '--json', '--points', '50']);
    expect(code).toBe(0);
    const report = JSON.parse(out) as { conditions: Record<string, boolean> };
    expect(report.conditions).toEqual({ avoidsCongestion: true, fair: true, efficient: true });
    expect(report).toEqual(JSON.parse(JSON.stringify(checkConditions(fimd({ rMin: 1000, rMax: 256000, n: 4 }), { points: 50 }))));
  });

  it('--range full and defaults (m = 4, n = 4)', async () => {
    const { out } = await cli(['rate', '--function', 'fimd', '--rmin', '1000', '--rmax', '256000', '--check', '--range', 'full', '--json']);
    const report = JSON.parse(out) as { conditions: { avoidsCongestion: boolean }; params: { n: number }; range: string };
    expect(report.params.n).toBe(4);
    expect(report.range).toBe('full');
    expect(report.conditions.avoidsCongestion).toBe(false);
  });

  it('--at 5000 --json gives { rate, increase, decrease, recoveryTime }; a list gives an array', async () => {
    const f = pipd({ rMin: 10, rMax: 1e5, m: 4 });
    const one = JSON.parse((await cli(['rate', '--function', 'pipd', '--rmin', '10', '--rmax', '100000', '--at', '5000', '--json'])).out) as unknown;
    expect(one).toEqual({ rate: 5000, increase: f.increase(5000), decrease: f.decrease(5000), recoveryTime: f.recoveryTime(5000) });
    const many = JSON.parse((await cli(['rate', '--function', 'lipd', '--rmin', '1000', '--rmax', '256000', '--at', '2000,5000', '--json'])).out) as { rate: number }[];
    expect(many.map((r) => r.rate)).toEqual([2000, 5000]);
    const above = JSON.parse((await cli(['rate', '--function', 'lipd', '--rmin', '1000', '--rmax', '256000', '--at', '300000', '--json'])).out) as { recoveryTime: unknown };
    expect(above.recoveryTime).toBe('Infinity');
  });

  it('--at prints a table with the ACK count', async () => {
    const { out } = await cli(['rate', '--function', 'fimd', '--rmin', '1000', '--rmax', '256000', '--at', '4000']);
    expect(out.trimEnd().split('\n').slice(1)).toEqual([
      'rate[pkt/t]  increase[pkt/t]  decrease[pkt/t]  recoveryTime[t]  acks[ACKs]',
      '-----------  ---------------  ---------------  ---------------  ----------',
      '       4000          5656.85             1000            0.001           1',
    ]);
  });

  it('--trajectory with a marks pattern is rateTrajectory, point for point', async () => {
    const { code, out } = await cli(['rate', '--function', 'lipd', '--rmin', '1000', '--rmax', '256000', '--trajectory', '--marks', '0001', '--acks', '12', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(rateTrajectory(lipd({ rMin: 1000, rMax: 256000 }), { marks: '0001', acks: 12 }))));
  });

  it('--trajectory with --mark-probability uses seededStream(--seed); --every thins the table and keeps the last point', async () => {
    const args = ['rate', '--function', 'aimd', '--rmin', '1000', '--rmax', '256000', '--alpha', '1000', '--beta', '0.5', '--trajectory', '--mark-probability', '0.05', '--acks', '1000', '--seed', '3'];
    const json = JSON.parse((await cli([...args, '--json'])).out) as { markedAcks: number; points: unknown[] };
    const lib = rateTrajectory(aimd({ rMin: 1000, rMax: 256000, alpha: 1000, beta: 0.5 }), { markProbability: 0.05, acks: 1000, random: seededStream(3) });
    expect(json.markedAcks).toBe(lib.markedAcks);
    const table = (await cli([...args, '--every', '300'])).out.trimEnd().split('\n');
    expect(table.slice(3, -1).map((l) => l.trim().split(/\s+/)[0])).toEqual(['0', '300', '600', '900', '1000']);
    expect(table.at(-1)).toMatch(/^marked ACKs \d+ of 1000; time-average rate /);
  });

  it.each([
    [['--check', '--at', '5'], /--check\/--at\/--trajectory must be exactly one of them/],
    [['--at', '5', '--points', '3'], /--points must be used with --check/],
    [['--check', '--marks', '01'], /--marks must be used with --trajectory/],
    [['--check', '--factor', '3'], /--factor must be absent with --function pipd/],
    [['--check', '--power', '1'], /--power must be a finite number > 1, got 1/],
    [['--check', '--rmin', '1'], /--rmin must be a finite number > 1 \(PIPD/],
    [['--check', '--rmax', '500'], /--rmax must be a finite number > rMin \(1000\), got 500/],
    [['--check', '--range', 'x'], /--range must be one of 'design', 'full'/],
    [['--check', '--points', '1'], /--points must be an integer >= 2/],
    [['--at', '-1'], /--at must be a finite number > 0, got -1/],
    [['--trajectory'], /--marks must be given with --trajectory/],
    [['--trajectory', '--marks', '01x'], /--marks must be a non-empty string of '0' and '1'/],
    [['--trajectory', '--marks', '01', '--mark-probability', '0.1', '--acks', '3'], /--marks must be absent with --mark-probability/],
    [['--trajectory', '--mark-probability', '0.1'], /--acks must be given with --mark-probability/],
    [['--trajectory', '--mark-probability', '2', '--acks', '3'], /--mark-probability must be a finite number in \[0, 1\]/],
    [['--trajectory', '--marks', '01', '--seed', '3'], /--seed must be used with --mark-probability/],
    [['--trajectory', '--marks', '01', '--every', '0'], /--every must be an integer >= 1/],
    [['--function', 'tcp', '--check'], /--function must be one of 'pipd', 'fimd', 'lipd', 'aimd'/],
    [['--function', 'aimd', '--power', '4', '--check'], /--power must be absent with --function aimd/],
  ])('%j → exit 2 with the typed error on stderr', async (patch, message) => {
    const args = [...ISSUE];
    for (let i = 0; i < patch.length; i++) {
      const flag = patch[i]!;
      const hasValue = i + 1 < patch.length && !patch[i + 1]!.startsWith('--');
      const k = args.indexOf(flag);
      if (k >= 0 && hasValue) args[k + 1] = patch[i + 1]!;
      else if (k < 0) args.push(...(hasValue ? [flag, patch[i + 1]!] : [flag]));
      if (hasValue) i++;
    }
    const { code, out, err } = await cli(args);
    expect(err).toMatch(message);
    expect(code).toBe(2);
    expect(out).toBe('');
  });
});
