/**
 * Helpers every subcommand shares: where its output goes, how it reads an input file, and how its
 * errors name the option the user typed.
 */
import { closeSync, openSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { parseSingle } from './sweep/sweep.js';

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

/** The size limit of an input file when `--max-input-mb` is not given, in MB (2^20 bytes). */
export const DEFAULT_MAX_INPUT_MB = 64;

/** Declares `--max-input-mb` on a subcommand that reads files (its text is read by {@link maxInputBytes}). */
export function maxInputOption(command: Command): Command {
  return command.option('--max-input-mb <mb>', `the largest input file read, in MB (default ${DEFAULT_MAX_INPUT_MB})`);
}

/**
 * The byte limit of `--max-input-mb` (undefined: the default).
 *
 * @throws InvalidParameterError naming --max-input-mb for anything but a number in (0, 10^6].
 */
export function maxInputBytes(text: string | undefined): number {
  if (text === undefined) return DEFAULT_MAX_INPUT_MB * 2 ** 20;
  const mb = parseSingle('--max-input-mb', text);
  if (!(mb > 0 && mb <= 1e6)) throw new InvalidParameterError('--max-input-mb', 'a number of megabytes in (0, 1e6]', text);
  return Math.floor(mb * 2 ** 20);
}

/**
 * A file's text (UTF-8), read in chunks up to `maxBytes`: a file above the limit (or one that
 * never ends, like /dev/zero) is refused as soon as the limit is passed, without reading it whole.
 *
 * @throws InvalidParameterError naming `option`, with the path and the error code, when it cannot
 *   be read, or with the limit when it is larger.
 * @example readInputFile('--params', 'p.json');
 */
export function readInputFile(option: string, path: string, maxBytes = DEFAULT_MAX_INPUT_MB * 2 ** 20): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
    if (statSync(path).isDirectory()) throw Object.assign(new Error('a directory'), { code: 'EISDIR' });
  } catch (e) {
    throw fileOptionError(option, 'a readable file', path, e);
  }
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1 << 20, maxBytes + 1 - total));
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        throw fileOptionError(option, 'a readable file', path, e);
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) {
        const mb = maxBytes / 2 ** 20;
        throw new InvalidParameterError(option, `a file of at most ${Number(mb.toPrecision(6))} MB (raise it with --max-input-mb)`, `${path} (larger)`);
      }
      chunks.push(chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, total).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** An input file of the command, by the option that named it (outputs must not replace it). */
export interface NamedInput {
  readonly option: string;
  readonly path: string;
}

function sameFile(a: string, b: string): boolean {
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/**
 * Checks, before any work, that an output file may be written: it is never one of the command's
 * inputs (compared as files, so `./r.csv` and a link to it count), and an existing file is
 * replaced only with `--force`.
 *
 * @throws InvalidParameterError naming `option`.
 */
export function checkOutputFile(option: string, path: string, inputs: readonly NamedInput[], force: boolean): void {
  if (path === '') throw new InvalidParameterError(option, 'a file name', path);
  const input = inputs.find((i) => sameFile(i.path, path));
  if (input !== undefined) throw new InvalidParameterError(option, `a file that is not an input of this command (it is ${input.option})`, path);
  let exists = false;
  try {
    exists = statSync(path) !== undefined;
  } catch {
    exists = false;
  }
  if (exists && !force) throw new InvalidParameterError(option, 'a new file (or give --force to replace it)', `${path} (exists)`);
}

/**
 * Writes an output file whole or not at all: into a temporary file beside it, then renamed over
 * the target, so an interrupted write leaves no half-written file.
 *
 * @throws InvalidParameterError naming `option` when it cannot be written.
 */
export function writeOutputFile(option: string, path: string, text: string): void {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, text, { flag: 'wx' });
    renameSync(temporary, path);
  } catch (e) {
    try {
      unlinkSync(temporary);
    } catch {
      // nothing was written
    }
    throw fileOptionError(option, 'a writable file', path, e);
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
