/**
 * A property test over every option of every command (issue 33, fast-check): the options are read
 * from the command tree itself (`buildProgram`), hidden ones included, so a new option is covered
 * the day it is added. Each run gives a command a few of its options with generated hostile values
 * (empty, huge, tiny, negative, NaN, non-numeric, binary, control characters, newlines, path
 * traversal, prototype keys, ranges, files that are cut, binary, nested 5,000 deep, /dev/zero, a
 * folder) and asserts: exit 0, 1 or 2, never 3; done within a bound; no file written anywhere but
 * under the paths the run named with --out or --plot. Runs are in-process, from a temporary working
 * directory. A fixed tail keeps what may legally run short (a tiny run length, one worker, a run
 * option that the report refuses): this checks parsing and errors, not the speed of long runs —
 * and `--backend slurm` is left out (a real submission is slurm.test.ts's).
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';

const ROOT = tempDirForFile('property-every');
const IN = join(ROOT, 'in');
const OUT = join(ROOT, 'out');
const CWD = join(ROOT, 'cwd');
for (const d of [IN, OUT, CWD]) mkdirSync(d);
const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const INPUTS: Record<string, string | Buffer> = {
  'p.json': '{"lambda":5,"mu1":6,"mu2":8,"n":12}',
  'cut.csv': 'm,L1\n2,7.41\n3,5.5',
  'r.csv': 'm,L1\n2,7.4\n3,5.5\n',
  'r.json': '[{"m":2,"L1":7.4},{"__proto__":{"x":1}}]',
  'cut.sca': 'version 3\nrun r\nscalar Net.q L 2.3',
  'bin.dat': Buffer.from([0, 1, 2, 0xff, 0xfe, 0x7b, 0x5b, 0x0a]),
  'deep.json': `${'['.repeat(5000)}${']'.repeat(5000)}`,
  't.json': '{"links":[{"id":"l","bandwidth":1}]}',
  'q.json': '[{"id":1,"path":["l"],"sl":0,"bandwidth":0.5}]',
  's.json': '{"scenario":"gege1n","params":{"lambda":1,"mu":2},"jobs":200,"replications":2}',
  'fabric.json': readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'examples', 'fabric-two-switch.json'), 'utf8'),
  'net.ibnetdiscover': readFileSync(join(FIXTURES, 'import', 'fat-tree.ibnetdiscover'), 'utf8'),
  'net.lfts': readFileSync(join(FIXTURES, 'import', 'fat-tree.lfts'), 'utf8'),
  'opensm.conf': readFileSync(join(FIXTURES, 'import', 'opensm.conf'), 'utf8'),
};
for (const [name, text] of Object.entries(INPUTS)) writeFileSync(join(IN, name), text);
const FILES = [...Object.keys(INPUTS).map((n) => join(IN, n)), '/dev/zero', IN, join(IN, 'missing.json'), '../../../etc/passwd'];

const HOSTILE = ['', ' ', '-1', '0', '-0', '1e9', '1e308', '-1e308', '1e-300', '5e-324', 'inf', '-inf', 'NaN', 'abc', '0x10', '1_000', '1:1100000', '1,,2', '2:1', '1:2:0', '\u0000', 'a\nb', '\u001b[2J', 'x'.repeat(3000), '9'.repeat(400), '__proto__', 'constructor', '../../x', '%s%n'];
const SMALL = ['1', '2', '3', '0.5', '1.5', '2:4', '1,2', 'on', 'off', 'pipd'];
const value = fc.oneof(fc.constantFrom(...HOSTILE), fc.constantFrom(...SMALL), fc.constantFrom(...FILES));
/** Options whose legal values would run long or reach outside this test: their values come from the tails below. */
const TAILED = new Set(['--jobs', '--until', '--until-us', '--warmup', '--warmup-us', '--replications', '--workers', '--scenario', '--out', '--backend', '--wait']);

/** Each command path (`topology import`) with its options, from the command tree. */
let COMMANDS: { path: string[]; options: { flag: string; takesValue: boolean }[]; argument: boolean }[] = [];
beforeAll(async () => {
  const program = await buildProgram({ out: { write: () => true }, err: { write: () => true } });
  const walk = (cmd: Command, path: string[]): void => {
    if (cmd.commands.length > 0) for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
    else COMMANDS.push({ path, options: cmd.options.map((o) => ({ flag: o.long!, takesValue: o.required || o.optional })), argument: cmd.registeredArguments.length > 0 });
  };
  for (const c of program.commands) walk(c, [c.name()]);
});

const savedCwd = process.cwd();
beforeAll(() => process.chdir(CWD));
afterAll(() => process.chdir(savedCwd));

let runs = 0;
/** What bounds a command's run; the out paths each run names are fresh. */
function tailFor(command: string): fc.Arbitrary<string[]> {
  const out = () => join(OUT, `r${runs++}`);
  const short: fc.Arbitrary<string[]> = fc.constantFrom<string[]>(
    ['--scenario', 'gege1n', '--jobs', '200', '--replications', '2'],
    ['--scenario', 'credit-tandem', '--jobs', '200', '--replications', '2'],
    ['--scenario', 'congestion-spreading', '--until-us', '50', '--replications', '2'],
    ['--scenario', 'ibcc-fat-tree', '--until-us', '20', '--replications', '2'],
    ['--scenario', join(IN, 's.json'), '--replications', '2'],
    ['--scenario', join(IN, 'fabric.json'), '--until-us', '50', '--replications', '2'],
  );
  const hostileRun = fc.tuple(fc.constantFrom('--jobs', '--until', '--until-us', '--warmup', '--warmup-us', '--replications', '--workers', '--scenario'), fc.constantFrom('1e12', '-5', 'x', '', '1e15', '\u0000', '1:2', join(IN, 'deep.json'), join(IN, 'bin.dat'), '/dev/zero')).map(([o, v]) => ['--scenario', 'gege1n', '--jobs', '200', '--replications', '2', o, v]);
  switch (command) {
    case 'sim':
      return fc.oneof(short, hostileRun);
    case 'sweep':
      return fc.tuple(fc.oneof(short, hostileRun), fc.constantFrom('local', 'pbs', '', '\n')).map(([t, backend]) => [...t, '--workers', '1', '--backend', backend, '--out', out()]);
    case 'report':
      return fc.constantFrom(['--replications', '1e9'], ['--workers', '0'], ['--seed', '-1'], ['--out', ''], ['--replications', '1:2'], ['--only', 'nope']).map((t) => ['--out', out(), ...t]);
    case 'validate':
      return fc.constant(['--force', '--plot', join(out(), 'v.svg')]);
    case 'import':
      return fc.constant(['--out', join(out(), 'c.json')]);
    default:
      return fc.constant([]);
  }
}

function argvFor(entry: (typeof COMMANDS)[number]): fc.Arbitrary<string[]> {
  const options = entry.options.filter((o) => !TAILED.has(o.flag) && o.flag !== '--help');
  // A command with no options of its own (topology show) gets its argument and unknown options.
  const flags = options.length > 0 ? options : [{ flag: '--no-such-option', takesValue: true }];
  const pair = fc.constantFrom(...flags).chain((o) => (o.takesValue ? value.map((v): string[] => [o.flag, v]) : fc.constant<string[]>([o.flag])));
  const argument = entry.argument ? fc.constantFrom(...FILES).map((f) => [f]) : fc.constant<string[]>([]);
  return fc.tuple(argument, fc.array(pair, { minLength: options.length > 0 ? 1 : 0, maxLength: 5 }), tailFor(entry.path[entry.path.length - 1]!)).map(([a, pairs, tail]) => [...entry.path, ...a, ...pairs.flat(), ...tail]);
}

/** Every file under dir. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('every option of every command under generated hostile values', () => {
  it('the command tree is read: every command and its options, hidden ones included', () => {
    const names = COMMANDS.map((c) => c.path.join(' '));
    expect(names).toEqual(['credit', 'me', 'rate', 'validate', 'report', 'admit', 'sim', 'model', 'topology import', 'topology show', 'sweep']);
    expect(COMMANDS.find((c) => c.path[0] === 'sweep')!.options.map((o) => o.flag)).toContain('--array-plan');
  });

  it('never exit 3, never past 20 s a run, never a file outside --out/--plot', async () => {
    const started = performance.now();
    for (const entry of COMMANDS) {
      await fc.assert(
        fc.asyncProperty(argvFor(entry), async (argv) => {
          const t0 = performance.now();
          if (process.env.IBQOS_PROPERTY_LOG) appendFileSync(process.env.IBQOS_PROPERTY_LOG, `${JSON.stringify(argv.map((a) => (a.length > 60 ? `${a.slice(0, 60)}…` : a)))}\n`);
          const r = await runCli(argv);
          if (process.env.IBQOS_PROPERTY_LOG) appendFileSync(process.env.IBQOS_PROPERTY_LOG, `  → ${r.code} in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
          const seconds = (performance.now() - t0) / 1000;
          const shown = argv.map((a) => JSON.stringify(a.length > 60 ? `${a.slice(0, 60)}…` : a)).join(' ');
          expect(r.code, `${shown}\n${r.err.slice(0, 500)}`).not.toBe(3);
          expect([0, 1, 2], shown).toContain(r.code);
          expect(seconds, shown).toBeLessThan(20);
          const named = argv.flatMap((a, i) => (argv[i - 1] === '--out' || argv[i - 1] === '--plot' ? [resolve(CWD, a)] : []));
          for (const f of [...files(ROOT)].filter((p) => !p.startsWith(OUT) && !p.startsWith(IN))) {
            expect(named.some((n) => f === n || f.startsWith(`${n}/`)), `${shown} wrote ${relative(ROOT, f)}`).toBe(true);
          }
          for (const [name, text] of Object.entries(INPUTS)) expect(readFileSync(join(IN, name)).equals(Buffer.from(text)), name).toBe(true);
        }),
        { numRuns: 60, seed: 33 },
      );
    }
    // Recorded so a slow run shows in the test output: the suite's bound is a minute.
    expect((performance.now() - started) / 1000).toBeLessThan(60);
  }, 120_000);
});
