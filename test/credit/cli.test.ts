import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/program.js';
import { solveCreditChain } from '../../src/credit/index.js';
import { stopGemmThreads } from '../../src/linalg/gemmThreads.js';
import { params } from './helpers.js';

function sink(write: (s: string) => void): NodeJS.WriteStream {
  return new Writable({
    write(chunk, _enc, done) {
      write(String(chunk));
      done();
    },
  }) as unknown as NodeJS.WriteStream;
}

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(args, sink((s) => (out += s)), sink((s) => (err += s)));
  return { code, out, err };
}

describe('ibqos credit', () => {
  it("with no options → the thesis's experiment: one row per m = 2..11, the columns of the issue", async () => {
    const { code, out, err } = await cli('credit');
    expect(code).toBe(0);
    expect(err).toBe('');
    const lines = out.trim().split('\n');
    // The glossary's symbols with their units (docs/glossary.md): X and W, as ibqos me prints them.
    expect(lines[0]!.trim().split(/\s+/)).toEqual([
      'lambda[1/t]', 'mu1[1/t]', 'mu2[1/t]', 'n[jobs]', 'm[jobs]', 'L1[jobs]', 'L2[jobs]', 'L[jobs]', 'X[jobs/t]', 'W[t]', 'π1[prob]', 'Pcb[prob]', 'method',
    ]);
    expect(lines).toHaveLength(12);
    const rows = lines.slice(2).map((l) => l.trim().split(/\s+/));
    expect(rows.map((r) => r[4])).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
    // m = 11 row: X = 4.8958 (6 significant digits), as the library gives.
    const r = solveCreditChain(params(5, 6, 8, 12, 11));
    expect(Number(rows[9]![8])).toBe(Number(r.throughput.toPrecision(6)));
  });

  it('the explicit thesis command prints the same as the defaults', async () => {
    const a = await cli('credit', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '2:11');
    const b = await cli('credit');
    expect(a.out).toBe(b.out);
  });

  it('sweeps: lists and ranges on every option, m varying fastest', async () => {
    const { code, out } = await cli('credit', '--lambda', '1,2', '--mu1', '3', '--mu2', '4:5', '--n', '3', '--m', '1:2');
    expect(code).toBe(0);
    const rows = out.trim().split('\n').slice(2).map((l) => l.trim().split(/\s+/).slice(0, 5).join(' '));
    expect(rows).toEqual(['1 3 4 3 1', '1 3 4 3 2', '1 3 5 3 1', '1 3 5 3 2', '2 3 4 3 1', '2 3 4 3 2', '2 3 5 3 1', '2 3 5 3 2']);
  });

  it('--json → an array of the library records, exactly its field names and values', async () => {
    const { code, out } = await cli('credit', '--n', '4', '--m', '2,3', '--method', 'exact', '--json');
    expect(code).toBe(0);
    const records = JSON.parse(out) as unknown[];
    expect(records).toHaveLength(2);
    const lib = solveCreditChain(params(5, 6, 8, 4, 3), { method: 'exact' });
    expect(records[1]).toEqual(JSON.parse(JSON.stringify(lib)));
    expect(Object.keys(records[0] as object)).toEqual(Object.keys(lib));
  });

  it('--n inf → the geometric method; an unstable point prints inf, and "Infinity" in JSON', async () => {
    const table = await cli('credit', '--n', 'inf', '--m', '3', '--lambda', '4,50');
    expect(table.code).toBe(0);
    const rows = table.out.trim().split('\n').slice(2);
    expect(rows[0]).toMatch(/geometric$/);
    expect(rows[1]).toMatch(/\binf\b.*geometric$/);
    const json = await cli('credit', '--n', 'inf', '--m', '3', '--lambda', '50', '--json');
    const [r] = JSON.parse(json.out) as [{ stable: boolean; meanQueueLength: { upstream: unknown }; params: { upstreamCapacity: unknown } }];
    expect(r.stable).toBe(false);
    expect(r.meanQueueLength.upstream).toBe('Infinity');
    expect(r.params.upstreamCapacity).toBe('Infinity');
  });

  it('--threads 1 and --threads 2 → the same JSON, digit for digit (m = 200: past the one-thread bound)', async () => {
    const one = await cli('credit', '--n', 'inf', '--m', '200', '--lambda', '5.5', '--mu2', '6', '--threads', '1', '--json');
    const two = await cli('credit', '--n', 'inf', '--m', '200', '--lambda', '5.5', '--mu2', '6', '--threads', '2', '--json');
    expect(one.code).toBe(0);
    expect(two.out).toBe(one.out);
    await stopGemmThreads();
  });

  it('--method chooses the method, shown in the method column', async () => {
    for (const method of ['dense', 'exact', 'structured', 'multilevel']) {
      const { code, out } = await cli('credit', '--m', '3', '--method', method);
      expect(code).toBe(0);
      expect(out.trim().split('\n')[2]).toMatch(new RegExp(`${method}$`));
    }
  });

  it.each([
    [['--lambda', '-1'], 'ibqos: --lambda must be a finite number > 0, got -1\n'],
    [['--mu1', '0'], 'ibqos: --mu1 must be a finite number > 0, got 0\n'],
    [['--n', '0'], 'ibqos: --n (upstreamCapacity) must be an integer >= 1 or Infinity, got 0\n'],
    [['--m', '0'], 'ibqos: --m (downstreamCapacity) must be an integer >= 1, got 0\n'],
    [['--m', '2.5'], 'ibqos: --m must be an integer, got "2.5"\n'],
    [['--mu2', 'abc'], 'ibqos: --mu2 must be a decimal number, got "abc"\n'],
    [['--m', 'inf'], 'ibqos: --m must be a finite number (inf is not allowed here), got "inf"\n'],
    [['--method', 'fast'], /^ibqos: --method must be one of 'auto', .*got "fast"\n$/],
    [['--tolerance', 'x'], 'ibqos: --tolerance must be a number, got "x"\n'],
    [['--tolerance', '0'], 'ibqos: --tolerance (options.tolerance) must be a finite number in (0, 1e-3], got 0\n'],
    [['--threads', '0'], 'ibqos: --threads (options.threads) must be an integer in 1..1024, got 0\n'],
    [['--threads', 'two'], 'ibqos: --threads must be an integer, got "two"\n'],
    [['--threads', '1.5'], 'ibqos: --threads must be an integer, got "1.5"\n'],
    [['--n', 'inf', '--m', '3000'], /^ibqos: --m \(downstreamCapacity\) must be an integer at most 2048 when upstreamCapacity is Infinity .*, got 3000\n$/],
    [['--n', 'inf', '--method', 'dense'], /^ibqos: --method \(options.method\) must be a method for a finite upstreamCapacity/],
  ])('bad value %j → stderr, exit code 2, no stack, nothing on stdout', async (args, message) => {
    const { code, out, err } = await cli('credit', ...args);
    expect(code).toBe(2);
    expect(out).toBe('');
    if (typeof message === 'string') expect(err).toBe(message);
    else expect(err).toMatch(message);
    expect(err).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
