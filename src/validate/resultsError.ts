/**
 * The error of the importers: a results file that cannot be read as the format it claims to be.
 * It names the line (1-based) and, where one applies, the column or keyword, so a user can open the
 * file at the place that is wrong.
 */
import { IbqosError, printable } from '../core/errors.js';

/** A line of a results file (CSV, JSON or OMNeT++ `.sca`) is malformed. */
export class ResultsFormatError extends IbqosError {
  /** 'csv', 'json' or 'sca'. */
  readonly format: string;
  /** 1-based line number in the text (0 when the problem is not on one line, e.g. an empty file). */
  readonly line: number;
  /** What is wrong, without the location. */
  readonly reason: string;
  /** The file name, when the caller gave one. */
  readonly file: string | undefined;

  constructor(format: string, line: number, reason: string, file?: string) {
    // The reason quotes the file's text: shown printable and cut to an excerpt.
    super(`${file ?? format}${line > 0 ? `, line ${line}` : ''}: ${printable(reason, 400)}`);
    this.format = format;
    this.line = line;
    this.reason = reason;
    this.file = file;
  }
}
