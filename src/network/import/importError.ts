/**
 * The error of the cluster importers: a line of an `ibnetdiscover` output, an LFT dump or an OpenSM
 * options file that breaks a rule of its format. It names the file, the line (1-based) and the rule,
 * so a user can open the file at the place that is wrong.
 */
import { IbqosError } from '../../core/errors.js';

/** Which tool's text a {@link ClusterFormatError} is about. */
export type ClusterFormat = 'ibnetdiscover' | 'lfts' | 'qos';

/** A line of a cluster description file is malformed or contradicts another. */
export class ClusterFormatError extends IbqosError {
  readonly format: ClusterFormat;
  /** 1-based line number (0 when the problem is the file as a whole, e.g. an empty file). */
  readonly line: number;
  /** The rule that was broken, without the location. */
  readonly rule: string;
  readonly file: string;

  constructor(format: ClusterFormat, file: string, line: number, rule: string) {
    super(`${file}${line > 0 ? `, line ${line}` : ''}: ${rule}`);
    this.format = format;
    this.line = line;
    this.rule = rule;
    this.file = file;
  }
}

/** Largest input the importers read, in characters (a 50 000-node fabric's output is ~20 MB). */
export const MAX_IMPORT_CHARS = 256 * 1024 * 1024;

/** The lines of a text (CRLF or LF), after checking its size. */
export function importLines(format: ClusterFormat, file: string, text: string): string[] {
  if (typeof text !== 'string') throw new ClusterFormatError(format, file, 0, `the file must be text, got ${typeof text}`);
  if (text.length > MAX_IMPORT_CHARS) throw new ClusterFormatError(format, file, 0, `the file must hold at most ${MAX_IMPORT_CHARS} characters, got ${text.length}`);
  return text.split(/\r?\n/);
}
