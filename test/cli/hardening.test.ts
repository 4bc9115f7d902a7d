/**
 * The command line under the bad inputs of issue 23 (a bad-input audit): each test is one finding
 * and failed before its fix. Files are written to fresh temporary directories.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';
import { compare } from '../../src/validate/compare.js';
import { formatTable } from '../../src/present/table.js';

const tmp = () => tempDirForTest('harden');
/** A file with this text in a fresh temporary directory; returns its path. */
function file(name: string, text: string | Buffer, dir = tmp()): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const CREDIT_PARAMS = JSON.stringify({ lambda: 5, mu1: 6, mu2: 8, n: 12 });
const validate = (params: string, results: string, ...rest: string[]) => runCli(['validate', '--model', 'credit', '--params', params, '--results', results, ...rest]);

describe('data-sized inputs never overflow the stack', () => {
  it('credit --lambda 1:130000 --m 4 → a table, not "Maximum call stack size exceeded" (exit 0, 130000 rows)', async () => {
    const r = await runCli(['credit', '--lambda', '1:130000', '--m', '4', '--n', '2', '--json']);
    expect(r.err).not.toMatch(/call stack/);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.out) as unknown[]).length).toBe(130000);
  });

  it('validate on a 200,000-row results file: compare and the text table take every point (they spread them into Math.max)', () => {
    const n = 200_000;
    const analytic = Array.from({ length: n }, (_, k) => ({ L: 1 + (k % 7) / 10 }));
    const simulated = analytic.map((a, k) => ({ L: { mean: a.L * (1 + ((k % 3) - 1) / 100), halfWidth: 0.01 } }));
    const c = compare(analytic, simulated, { metrics: ['L'], x: { label: 'k', values: analytic.map((_, k) => k) } });
    expect(c.metrics[0]!.points.length).toBe(n);
    expect(c.metrics[0]!.maxErrorMeasure).toBeGreaterThan(0);
    expect(formatTable(analytic, [{ header: 'L', value: (r) => r.L }]).split('\n').length).toBe(n + 2);
  });
});

describe('input files are read with a size limit', () => {
  it('--results /dev/zero stops at the limit with an error naming --results and --max-input-mb (exit 2)', async () => {
    const r = await validate(file('p.json', CREDIT_PARAMS), '/dev/zero', '--format', 'csv', '--max-input-mb', '1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--results must be a file of at most 1 MB \(raise it with --max-input-mb\), got "\/dev\/zero/);
  });

  it('a results file above the default limit (64 MB) is refused without reading it whole; --max-input-mb raises the limit', async () => {
    const dir = tmp();
    const text = `m,L1\n# ${'x'.repeat(1_200_000)}\n2,7.4\n`; // 1.2 MB
    const path = file('r.csv', text, dir);
    const small = await validate(file('p.json', CREDIT_PARAMS, dir), path, '--max-input-mb', '1');
    expect(small.code).toBe(2);
    expect(small.err).toMatch(/--results must be a file of at most 1 MB/);
    const raised = await validate(join(dir, 'p.json'), path, '--max-input-mb', '2');
    expect([0, 1]).toContain(raised.code);
  });

  it('--max-input-mb is read by the one number parser: 0, -1, 1e400, abc are errors naming it', async () => {
    for (const bad of ['0', '-1', '1e400', 'abc']) {
      const r = await validate(file('p.json', CREDIT_PARAMS), file('r.csv', 'm,L1\n2,7\n'), '--max-input-mb', bad);
      expect(r.code, bad).toBe(2);
      expect(r.err, bad).toMatch(/^ibqos: --max-input-mb must be /);
    }
  });

  it('admit --topology and sim --scenario files obey the same limit', async () => {
    const a = await runCli(['admit', '--topology', '/dev/zero', '--requests', '/dev/zero', '--max-input-mb', '1']);
    expect(a.code).toBe(2);
    expect(a.err).toMatch(/--topology must be a file of at most 1 MB/);
    const s = await runCli(['sim', '--scenario', file('s.json', `{"scenario":"gege1n","params":{"lambda":1,"mu":2,"pad":"${'x'.repeat(2_000_000)}"}}`), '--max-input-mb', '1']);
    expect(s.code).toBe(2);
    expect(s.err).toMatch(/--scenario must be a file of at most 1 MB/);
  });

  it('me --lambda 1:1000 --capacity 10000000 does not keep 1000 distributions of 10^7 states: the table needs none, --json is refused with a reason', async () => {
    const r = await runCli(['me', '--lambda', '1:1000', '--mu', '2000', '--capacity', '10000000', '--json']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --capacity must be .*--json/m);
  });
});

describe('outputs never overwrite inputs; an earlier output needs --force', () => {
  it('validate --plot naming the results file is refused and the file is unchanged', async () => {
    const dir = tmp();
    const results = file('r.csv', 'm,L1\n2,7.4\n3,7.6\n', dir);
    const params = file('p.json', CREDIT_PARAMS, dir);
    for (const target of [results, params, join(dir, '.', 'r.csv')]) {
      const r = await validate(params, results, '--plot', target, '--tolerance', '1');
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^ibqos: --plot must be a file that is not an input of this command/m);
    }
    expect(readFileSync(results, 'utf8')).toBe('m,L1\n2,7.4\n3,7.6\n');
    expect(readFileSync(params, 'utf8')).toBe(CREDIT_PARAMS);
  });

  it('validate --plot on an existing file needs --force', async () => {
    const dir = tmp();
    const results = file('r.csv', 'm,L1\n2,7.4\n3,7.6\n', dir);
    const params = file('p.json', CREDIT_PARAMS, dir);
    const plot = file('v.svg', 'mine', dir);
    const r = await validate(params, results, '--plot', plot, '--tolerance', '1');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--plot must be a new file \(or give --force to replace it\)/);
    expect(readFileSync(plot, 'utf8')).toBe('mine');
    const forced = await validate(params, results, '--plot', plot, '--tolerance', '1', '--force');
    expect(forced.code).toBe(0);
    expect(readFileSync(plot, 'utf8')).toMatch(/^<svg/);
  });
});

describe('a truncated results file does not validate', () => {
  it('m,L1\\n2,7.4\\n3, (the last row cut off) → an error naming line 3, exit 2', async () => {
    const r = await validate(file('p.json', CREDIT_PARAMS), file('r.csv', 'm,L1\n2,7.4\n3,'), '--tolerance', '10');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/r\.csv, line 3: .*(cut off|no metric)/);
  });

  it('a row whose metric cells are all empty is an error naming its line', async () => {
    const r = await validate(file('p.json', CREDIT_PARAMS), file('r.csv', 'm,L1,L2\n2,7.4,1\n3,,\n4,7,1\n'), '--tolerance', '10');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/r\.csv, line 3: the row has no metric value/);
  });
});

describe('report --out', () => {
  it('--out "" is an error naming --out (it wrote into the current directory)', async () => {
    const r = await runCli(['report', '--quick', '--out', '']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --out must be a directory name/m);
  });

  it('--out /proc/nope fails at once (it spun at 100 % CPU in mkdirSync recursive)', async () => {
    const r = await runCli(['report', '--quick', '--out', '/proc/nope/deeper']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --out must be a writable directory, got "\/proc\/nope\/deeper \(ENOENT\)"/m);
  });

  it('--out on a directory holding a report needs --force; nothing is changed without it', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'report.html'), 'earlier');
    const r = await runCli(['report', '--quick', '--out', dir, '--replications', '2']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out must be a directory without an earlier report \(or give --force to replace it\)/);
    expect(readdirSync(dir)).toEqual(['report.html']);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe('earlier');
  });
});

describe('errors name what the user gave', () => {
  it('a bad key in the params file is blamed on --params with its name, not on "results csv line 3" or [object Object]', async () => {
    const results = file('r.csv', 'm,L1\n2,7.4\n3,7.6\n');
    for (const key of ['constructor', 'toString', 'bogus']) {
      const r = await validate(file('p.json', JSON.stringify({ lambda: 5, mu1: 6, mu2: 8, n: 12, [key]: { a: 1 } })), results);
      expect(r.code, key).toBe(2);
      expect(r.err, key).toMatch(new RegExp(`^ibqos: --params \\S*p\\.json: ${key} must be absent`, 'm'));
      expect(r.err, key).not.toMatch(/results csv|function Object|\[object Object\]/);
    }
  });

  it('rate --rmin 1e-300 --rmax 1e300 does not complain about --at, which was not given', async () => {
    for (const fn of [['lipd'], ['fimd'], ['aimd', '--alpha', '1', '--beta', '0.5']]) {
      const r = await runCli(['rate', '--function', ...fn, '--rmin', '1e-300', '--rmax', '1e300', '--check']);
      expect(r.err, fn[0]).not.toMatch(/--at/);
      expect(r.code, fn[0]).not.toBe(3);
    }
  });

  it('error messages quote at most a short excerpt of a huge or binary cell', async () => {
    const big = `m,L1\n2,${'9'.repeat(10)}x${'y'.repeat(2_000_000)}\n`;
    const r = await validate(file('p.json', CREDIT_PARAMS), file('r.csv', big));
    expect(r.code).toBe(2);
    expect(r.err.length).toBeLessThan(600);
    const bin = await validate(file('p.json', CREDIT_PARAMS), file('r.csv', Buffer.from([0x6d, 0x2c, 0x4c, 0x31, 0x0a, 0x32, 0x2c, 0x00, 0x01, 0xff, 0x1b, 0x5b, 0x32, 0x4a, 0x0a])));
    expect(bin.code).toBe(2);
    // eslint-disable-next-line no-control-regex
    expect(bin.err).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\ufffd]/);
  });
});

describe('one number parser, one rule', () => {
  it('sim --replications 1e9 and report --replications 1e9 give the same error; --until 1e308 and --jobs 1e12 are refused', async () => {
    const sim = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '1', '--mu', '2', '--replications', '1e9']);
    const report = await runCli(['report', '--quick', '--out', join(tmp(), 'x'), '--replications', '1e9']);
    expect(sim.code).toBe(2);
    expect(report.code).toBe(2);
    const rule = (s: string) => /--replications must be (.*), got/.exec(s)?.[1];
    expect(rule(sim.err)).toBeDefined();
    expect(rule(sim.err)).toBe(rule(report.err));
    for (const [flag, v] of [['--until', '1e308'], ['--jobs', '1e12']]) {
      const r = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '1', '--mu', '2', flag!, v!]);
      expect(r.code, flag).toBe(2);
      expect(r.err, flag).toMatch(new RegExp(`^ibqos: ${flag} must be (.* )?at most`, 'm'));
    }
  });

  it('report --seed and --replications take what the other commands take (1e1 is 10)', async () => {
    const out = join(tmp(), 'x');
    const r = await runCli(['report', '--quick', '--out', out, '--replications', '2e0', '--seed', '-1']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --seed must be/m);
  });
});

describe('extreme values give a verdict, not NaN or a stable infinity', () => {
  it('credit --lambda 5e-324 gives a finite response time (R = 1/μ1 + 1/μ2 in the limit), not NaN', async () => {
    const r = await runCli(['credit', '--lambda', '5e-324', '--m', '2', '--json']);
    expect(r.code).toBe(0);
    const [rec] = JSON.parse(r.out) as { responseTime: unknown }[];
    expect(typeof rec!.responseTime).toBe('number');
    expect(rec!.responseTime as number).toBeCloseTo(1 / 6 + 1 / 8, 6);
  });

  it('me --ca2 1e308 does not say stable: true with an infinite L', async () => {
    const r = await runCli(['me', '--lambda', '1', '--mu', '2', '--ca2', '1e308', '--json']);
    if (r.code === 0) {
      const [rec] = JSON.parse(r.out) as { stable: boolean; meanQueueLength: unknown }[];
      expect(rec!.stable && rec!.meanQueueLength === 'Infinity').toBe(false);
    } else {
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/^ibqos: --ca2 must be/m);
    }
  });
});

describe('unstable models in the tables say so', () => {
  it('me with ρ >= 1 on an infinite buffer: a note on stderr', async () => {
    const r = await runCli(['me', '--lambda', '1,3', '--mu', '2']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^note: λ = 3 ≥ μ = 2 on an infinite buffer: unstable \(no steady state\)/m);
    expect(r.err).not.toMatch(/λ = 1 /);
  });

  it('credit with --n inf above saturation: a note on stderr', async () => {
    const r = await runCli(['credit', '--lambda', '7', '--n', 'inf', '--m', '2']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/^note: λ = 7 ≥ .* with an unbounded Node 1: unstable \(no steady state\)/m);
  });
});

describe('option names mean one thing', () => {
  it('rate takes --power (PIPD) and --factor (FIMD); --m/--n, capacities elsewhere, are errors naming the new option', async () => {
    const ok = await runCli(['rate', '--function', 'pipd', '--rmin', '1000', '--rmax', '256000', '--power', '4', '--check']);
    expect(ok.code).toBe(0);
    const fimd = await runCli(['rate', '--function', 'fimd', '--rmin', '1000', '--rmax', '256000', '--factor', '4', '--check']);
    expect(fimd.code).toBe(0);
    const old = await runCli(['rate', '--function', 'pipd', '--rmin', '1000', '--rmax', '256000', '--m', '4', '--check']);
    expect(old.code).toBe(2);
    expect(old.err).toMatch(/--power/);
  });

  it('sim --scenario credit-tandem needs --m (credit sweeps --m 2:11 by default; sim had a silent default of 2)', async () => {
    const r = await runCli(['sim', '--scenario', 'credit-tandem', '--jobs', '1000', '--replications', '2']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^ibqos: --m must be given with --scenario credit-tandem/m);
  });

  it('ibqos help credt: "unknown command", exit 2', async () => {
    const r = await runCli(['help', 'credt']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown command 'credt'/);
  });
});

describe('report directory stays inside --out', () => {
  it('writeReport sanitises a data-derived file name (an experiment id holding ../)', async () => {
    const { writeReport } = await import('../../src/report/write.js');
    const root = tmp();
    const out = join(root, 'out');
    mkdirSync(out);
    const fig = { id: '../../evil', experiment: 'x', title: 't', spec: { title: 't', xLabel: 'x', yLabel: 'y', series: [] }, svg: '<svg/>', rows: [], xName: 'x', yName: 'y' };
    const report = { title: 't', generated: '', quick: true, seed: 1, replications: 2, experiments: [{ id: '../up', title: 't', source: 's', description: [], points: [], simulated: false, figures: [fig], contrasts: [], elapsedMs: 0 }] };
    const written = writeReport(report as never, out);
    for (const p of written) expect(p.startsWith(out)).toBe(true);
    expect(readdirSync(root)).toEqual(['out']);
    expect(existsSync(join(root, '..', 'evil.csv'))).toBe(false);
  });
});
