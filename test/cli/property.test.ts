/**
 * A property test over the command line (issue 23, fast-check): random argument vectors for every
 * subcommand — option names from its own vocabulary and others', values drawn from hostile text
 * (huge, tiny, negative, non-numeric, binary, empty, ranges, inf) and small valid ones — never exit
 * with 3 (an unexpected failure; 134, an abort, would end this process), never run past a bound,
 * and never write anywhere but --out / --plot. Runs are in-process, in a temporary working
 * directory. Run lengths are kept short where the values are valid (sim gets `--jobs` and
 * `--replications` from small values or hostile ones that must be refused; report always gets one
 * hostile run option, so it is refused before it simulates) — this checks parsing and errors,
 * not the speed of long runs.
 */
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';

const ROOT = tempDirForFile('property');
const IN = join(ROOT, 'in');
const OUT = join(ROOT, 'out');
mkdirSync(IN);
const INPUTS: Record<string, string> = {
  'p.json': '{"lambda":5,"mu1":6,"mu2":8,"n":12}',
  'r.csv': 'm,L1\n2,7.4\n3,',
  'r.json': '[{"m":2,"L1":7.4},{"__proto__":{"x":1}}]',
  'bin.csv': '\u0000\u0001\uffff,\n\u001b[2J',
  't.json': '{"links":[{"id":"l","bandwidth":1}]}',
  'q.json': '[{"id":1,"path":["l"],"sl":0,"bandwidth":0.5}]',
  's.json': '{"scenario":"gege1n","params":{"lambda":1,"mu":2},"jobs":200,"replications":2}',
};
for (const [name, text] of Object.entries(INPUTS)) writeFileSync(join(IN, name), text);
const inputPath = (name: string) => join(IN, name);

const HOSTILE = ['', ' ', '-1', '0', '1e9', '1e308', '1e-300', '5e-324', '-0', 'inf', 'NaN', 'abc', '0x10', '1:130000', '1,,2', '2:1', '1:2:0', '\u0000', 'x'.repeat(3000), '9'.repeat(400), '__proto__', 'constructor'];
const SMALL = ['1', '2', '3', '0.5', '1.5', '2:4', '1,2'];
const value = fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom(...SMALL), fc.constantFrom(...Object.keys(INPUTS).map(inputPath)));

/** Option names each subcommand knows, plus a few from others (an option of another command must be an error). */
const OPTIONS: Record<string, readonly string[]> = {
  credit: ['--lambda', '--mu1', '--mu2', '--n', '--m', '--method', '--tolerance', '--json'],
  me: ['--lambda', '--mu', '--thresholds', '--capacity', '--ca2', '--cs2', '--variant', '--exact', '--batch-acceptance', '--regime-cs2', '--json'],
  rate: ['--function', '--rmin', '--rmax', '--power', '--factor', '--alpha', '--beta', '--check', '--points', '--at', '--trajectory', '--marks', '--acks', '--every', '--json'],
  validate: ['--model', '--params', '--results', '--format', '--map', '--tolerance', '--absolute-tolerance', '--plot', '--force', '--max-input-mb', '--json'],
  admit: ['--topology', '--requests', '--json', '--opensm', '--max-input-mb'],
  sim: ['--scenario', '--lambda', '--mu', '--capacity', '--ca2', '--cs2', '--m', '--n', '--seed', '--warmup', '--confidence', '--max-input-mb', '--json'],
  report: ['--quick', '--seed', '--replications', '--workers', '--force', '--only'],
};
const FLAGS = new Set(['--json', '--exact', '--check', '--trajectory', '--force', '--quick', '--opensm']);
const ENUMS: Record<string, readonly string[]> = {
  '--function': ['pipd', 'fimd', 'lipd', 'aimd', 'nope'],
  '--model': ['credit', 'gege1n', 'threshold', 'x'],
  '--scenario': ['gege1n', 'credit-tandem', inputPath('s.json'), inputPath('p.json'), 'nope'],
  '--method': ['auto', 'dense', 'x'],
  '--format': ['csv', 'json', 'sca', 'x'],
  '--variant': ['exact', 'thesis'],
  '--plot': [join(OUT, 'v.svg'), inputPath('r.csv'), ''],
  '--results': ['r.csv', 'r.json', 'bin.csv', 'p.json'].map(inputPath).concat(['/dev/zero', IN]),
};

function argvFor(command: string): fc.Arbitrary<string[]> {
  const names = [...OPTIONS[command]!, '--rmin', '--until', '--jobs'];
  const pair = fc.constantFrom(...names).chain((name) =>
    FLAGS.has(name) ? fc.constant<string[]>([name]) : (ENUMS[name] ? fc.oneof(fc.constantFrom(...ENUMS[name]!), value) : value).map((v): string[] => [name, v]),
  );
  const tail: fc.Arbitrary<string[]> =
    command === 'sim'
      ? fc.tuple(fc.constantFrom('200', '1e12', '-5', 'x'), fc.constantFrom('2', '1e9', '1')).map(([jobs, reps]) => ['--jobs', jobs, '--replications', reps])
      : command === 'report'
        ? fc
            .constantFrom(['--replications', '1e9'], ['--workers', '1e9'], ['--workers', '0'], ['--seed', '-1'], ['--seed', 'x'], ['--out', ''], ['--replications', '1:2'])
            .map(([o, v]) => ['--out', OUT, o!, v!])
        : command === 'validate'
          ? fc.constant(['--force'])
          : fc.constant([]);
  return fc.tuple(fc.array(pair, { maxLength: 6 }), tail).map(([pairs, t]): string[] => [command, ...pairs.flat(), ...t]);
}

/** Every file under dir, relative to ROOT. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [relative(ROOT, path)];
  });
}

describe('ibqos under random argument vectors', () => {
  it.each(Object.keys(OPTIONS))('%s: never exit 3, never past 20 s, never a write outside --out/--plot', async (command) => {
    await fc.assert(
      fc.asyncProperty(argvFor(command), async (argv) => {
        const started = performance.now();
        const r = await runCli(argv);
        const seconds = (performance.now() - started) / 1000;
        expect(r.code, `${argv.join(' ')}\n${r.err.slice(0, 500)}`).not.toBe(3);
        expect(seconds, argv.join(' ')).toBeLessThan(20);
        for (const f of files(ROOT)) {
          if (f.startsWith('in/')) expect(readFileSync(join(ROOT, f), 'utf8'), f).toBe(INPUTS[f.slice(3)]);
          else expect(f.startsWith('out/'), `${argv.join(' ')} wrote ${f}`).toBe(true);
        }
      }),
      { numRuns: 25, seed: 23 },
    );
  });
});
