/**
 * Where a subcommand's output goes (shared by every subcommand).
 */
import type { Command } from 'commander';

/** The sinks a subcommand writes to. */
export interface CommandOutput {
  /** Standard output (the `out` sink of `run`). */
  readonly write: (s: string) => void;
  /** Standard error (the `err` sink of `run`): notes and progress. */
  readonly warn: (s: string) => void;
}

/**
 * The output sinks configured on the root program (`run(argv, out, err)` sets them), falling back
 * to process.stdout / process.stderr.
 *
 * @example const { write, warn } = commandOutput(cmd); write('done\n');
 */
export function commandOutput(cmd: Command): CommandOutput {
  let root: Command = cmd;
  while (root.parent) root = root.parent;
  const output = root.configureOutput();
  return {
    write: output.writeOut ?? ((s: string) => process.stdout.write(s)),
    warn: output.writeErr ?? ((s: string) => process.stderr.write(s)),
  };
}

