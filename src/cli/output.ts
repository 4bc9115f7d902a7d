/**
 * Helpers every subcommand shares: where its output goes, how it reads an input file, and how its
 * errors name the option the user typed.
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
 * The error of a file or directory an option names that could not be used: `option` must be
 * `rule`, got the path with the system's error code (`--out must be a writable directory, got
 * "r/x (ENOTDIR)"`).
 */
export function fileOptionError(option: string, rule: string, path: string, e: unknown): InvalidParameterError {
  return new InvalidParameterError(option, rule, `${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
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
    throw fileOptionError(option, 'a readable file', path, e);
  }
}

/**
 * A library error phrased in the command line's option names. An InvalidParameterError whose
 * parameter, or its leading name (`thresholds` of `thresholds[0]`), is a key of `optionOf` is
 * renamed to that option: `ca2` → `--ca2`; where the option's own name differs from the
 * parameter, the library's name follows in brackets (`--n (upstreamCapacity)`,
 * `--thresholds (thresholds[0])`), unless `bare`. Any other error is returned unchanged.
 *
 * @example throw asOptionError(e, { ca2: '--ca2' });
 */
export function asOptionError(e: unknown, optionOf: Readonly<Record<string, string>>, bare = false): unknown {
  if (!(e instanceof InvalidParameterError)) return e;
  const lookup = (key: string | undefined) => (key !== undefined && Object.hasOwn(optionOf, key) ? optionOf[key] : undefined);
  const option = lookup(e.parameter) ?? lookup(/^[A-Za-z0-9]+/.exec(e.parameter)?.[0]);
  if (option === undefined) return e;
  const name = bare || option === `--${e.parameter}` ? option : `${option} (${e.parameter})`;
  return new InvalidParameterError(name, e.rule, e.value);
}
