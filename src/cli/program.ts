/**
 * The `ibqos` command line. Each subcommand lives in its own file and registers itself here;
 * nothing in the library imports this folder. `bin.ts` is the executable entry.
 */
import { Command, CommanderError } from 'commander';
import { IbqosError, printable } from '../core/errors.js';
import { registerCredit } from './credit.js';
import { registerMe } from './me.js';
import { registerRate } from './rate.js';
import { registerReport } from './report.js';
import { registerValidate, VALIDATION_FAILED } from './validate.js';
import { registerAdmit } from './admit.js';
import { registerSim } from './sim.js';
import { registerModel } from './model.js';
import { registerTopology } from './topology.js';
import { registerSweep } from './sweepCommand.js';

/** Writable sinks for a run: process.stdout/stderr, or anything with a `write(string)`. */
export interface OutputStreams {
  readonly out: { write(s: string): unknown };
  readonly err: { write(s: string): unknown };
}

/**
 * Builds the command tree. The output streams are configured before the subcommands are added,
 * because commander copies a parent's output settings into each subcommand when it is created.
 */
export function buildProgram(streams: OutputStreams = { out: process.stdout, err: process.stderr }): Command {
  const program = new Command('ibqos')
    .description('Performance analysis of InfiniBand quality-of-service mechanisms')
    .version('0.1.0')
    .configureOutput({
      writeOut: (s) => void streams.out.write(s),
      writeErr: (s) => void streams.err.write(s),
    })
    .showHelpAfterError()
    .exitOverride();
  registerCredit(program);
  registerMe(program);
  registerRate(program);
  registerValidate(program);
  registerReport(program);
  registerAdmit(program);
  registerSim(program);
  registerModel(program);
  registerTopology(program);
  registerSweep(program);
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
  const program = buildProgram({ out, err });
  // commander's `help <name>` prints the main help for a name that is no command; say so instead.
  if (argv[0] === 'help' && argv[1] !== undefined && !argv[1].startsWith('-') && !program.commands.some((c) => c.name() === argv[1] || c.aliases().includes(argv[1]!))) {
    err.write(`error: unknown command '${printable(argv[1], 40)}' (commands: ${program.commands.map((c) => c.name()).join(', ')})\n`);
    return 2;
  }
  try {
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

