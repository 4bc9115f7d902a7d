/**
 * Helpers every subcommand shares: where its output goes and how it reads an input file.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';

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

/**
 * A file's text (UTF-8).
 *
 * @throws InvalidParameterError naming `option`, with the path and the error code, when it cannot be read.
 * @example readInputFile('--params', 'p.json');
 */
export function readInputFile(option: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    throw new InvalidParameterError(option, 'a readable file', `${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
}
