/**
 * The `ibqos` command line. Each subcommand lives in its own file and registers itself here;
 * nothing in the library imports this folder. `main.ts` is the executable entry.
 *
 * A command's module is loaded only when that command runs (a dynamic import per command): `ibqos
 * credit` loads the credit chain's solvers, not the simulator, the report or the validators, so it
 * answers in a fraction of the time the whole library takes to load (benchmarks/cli-startup.ts).
 * The top-level help, `help`, an unknown command and `--version` load every command.
 */
import { Command, CommanderError } from 'commander';
import { IbqosError, printable } from '../core/errors.js';
import { VALIDATION_FAILED } from './exitCodes.js';

/** How a command module adds its command; `argv` is the command line (a command may shape its help by it). */
type Register = (program: Command, argv: readonly string[]) => void;

/** Every command, in the order of the help, with the module that registers it. */
const COMMANDS: ReadonlyArray<readonly [string, () => Promise<Register>]> = [
  ['credit', async () => (await import('./credit.js')).registerCredit],
  ['me', async () => (await import('./me.js')).registerMe],
  ['rate', async () => (await import('./rate.js')).registerRate],
  ['validate', async () => (await import('./validate/validate.js')).registerValidate],
  ['report', async () => (await import('./report.js')).registerReport],
  ['admit', async () => (await import('./admit.js')).registerAdmit],
  ['sim', async () => (await import('./sim.js')).registerSim],
  ['model', async () => (await import('./model.js')).registerModel],
  ['topology', async () => (await import('./topology.js')).registerTopology],
  ['sweep', async () => (await import('./sweep/sweepCommand.js')).registerSweep],
];

/** The names of the commands (no module loaded). */
export const COMMAND_NAMES: readonly string[] = COMMANDS.map(([name]) => name);

/** Writable sinks for a run: process.stdout/stderr, or anything with a `write(string)`. */
export interface OutputStreams {
  readonly out: { write(s: string): unknown };
  readonly err: { write(s: string): unknown };
}

/**
 * Builds the command tree: with `argv` naming a command first, that command alone (its module
 * alone loaded); otherwise every command. The output streams are configured before the subcommands
 * are added, because commander copies a parent's output settings into each subcommand when it is
 * created.
 */
export async function buildProgram(streams: OutputStreams = { out: process.stdout, err: process.stderr }, argv: readonly string[] = []): Promise<Command> {
  const program = new Command('ibqos')
    .description('Performance analysis of InfiniBand quality-of-service mechanisms')
    .version('0.1.0')
    .configureOutput({
      writeOut: (s) => void streams.out.write(s),
      writeErr: (s) => void streams.err.write(s),
    })
    .showHelpAfterError()
    .exitOverride();
  const only = COMMANDS.find(([name]) => name === argv[0]);
  const loaders = only === undefined ? COMMANDS : [only];
  const registers = await Promise.all(loaders.map(([, load]) => load()));
  for (const register of registers) register(program, argv);
  return program;
}

/**
 * Runs the command line; returns the exit code: 0 success, 1 a negative verdict (`ibqos validate`
 * found points outside the tolerance), 2 invalid input (a usage error, a malformed option value or
 * file), 3 an unexpected failure. A usage error is 2, not commander's 1, so a script can tell a
 * failed validation from a mistyped command.
 */
export async function run(
  argv: readonly string[],
  out: OutputStreams['out'] = process.stdout,
  err: OutputStreams['err'] = process.stderr,
): Promise<number> {
  // commander's `help <name>` prints the main help for a name that is no command; say so instead.
  if (argv[0] === 'help' && argv[1] !== undefined && !argv[1].startsWith('-') && !COMMAND_NAMES.includes(argv[1])) {
    err.write(`error: unknown command '${printable(argv[1], 40)}' (commands: ${COMMAND_NAMES.join(', ')})\n`);
    return 2;
  }
  try {
    const program = await buildProgram({ out, err }, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0;
      return e.code === VALIDATION_FAILED ? 1 : 2;
    }
    if (e instanceof IbqosError) {
      err.write(`ibqos: ${e.message}\n`);
      return 2;
    }
    err.write(`ibqos: ${printable(e instanceof Error ? e.message : String(e), 400)}\n`);
    return 3;
  }
}

