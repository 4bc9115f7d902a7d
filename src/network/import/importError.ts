/**
 * The error of the cluster importers: a line of an `ibnetdiscover` output, an LFT dump or an OpenSM
 * options file that breaks a rule of its format. It names the file, the line (1-based) and the rule,
 * so a user can open the file at the place that is wrong.
 */
import { IbqosError } from '../../core/errors.js';
import { recordParameter } from '../../core/shapes.js';

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

/**
 * Something an importer forgave: a line it skipped or read leniently (a captured shell prompt, a
 * loopback cable, two ends that disagree on the link's rate…). Kept with the imported cluster, so
 * `ibqos topology import` prints it and `ibqos topology show` repeats it.
 */
export interface ImportWarning {
  readonly file: string;
  /** 1-based line (0: the file as a whole). */
  readonly line: number;
  /** What was found and what the importer did about it. */
  readonly message: string;
}

/** "file, line N: message", the same layout as a {@link ClusterFormatError}'s message. */
export function formatImportWarning(w: ImportWarning): string {
  recordParameter('warning', w, { file: 'string', line: 'number', message: 'string' });
  return `${w.file}${w.line > 0 ? `, line ${w.line}` : ''}: ${w.message}`;
}

/** Largest input the importers read, in characters (a 50 000-node fabric's output is ~20 MB). */
export const MAX_IMPORT_CHARS = 256 * 1024 * 1024;

/**
 * The lines of a text (CRLF or LF), after checking its size and that it is complete: every format
 * the importers read is line-oriented and its writers end the last line with a newline, so a text
 * whose last line has none was cut (a copy interrupted, a disk filled) and is refused, naming that
 * line. A UTF-8 byte-order mark is dropped and CRLF endings read as LF, each with a warning.
 *
 * @param warnings where the warnings go (optional).
 * @throws ClusterFormatError for a non-string, a text above {@link MAX_IMPORT_CHARS}, or a cut last line.
 */
export function importLines(format: ClusterFormat, file: string, text: string, warnings?: ImportWarning[]): string[] {
  if (typeof text !== 'string') throw new ClusterFormatError(format, file, 0, `the file must be text, got ${typeof text}`);
  if (text.length > MAX_IMPORT_CHARS) throw new ClusterFormatError(format, file, 0, `the file must hold at most ${MAX_IMPORT_CHARS} characters, got ${text.length}`);
  let body = text;
  if (body.charCodeAt(0) === 0xfeff) {
    body = body.slice(1);
    warnings?.push({ file, line: 1, message: 'a UTF-8 byte-order mark opens the file (an editor added it); ignored' });
  }
  const lines = body.split('\n');
  const last = lines.pop()!;
  if (last.trim() !== '') {
    throw new ClusterFormatError(format, file, lines.length + 1, `a complete file ends with a newline: the last line has none, so it was cut (a truncated file; if the file is complete, end it with a newline): ${JSON.stringify(last.slice(0, 80))}`);
  }
  let crlf = 0;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    if (line.endsWith('\r')) {
      lines[k] = line.slice(0, -1);
      crlf++;
    }
  }
  if (crlf > 0) warnings?.push({ file, line: 1, message: `${crlf} of ${lines.length} lines end with CRLF (a file passed through Windows); read as LF` });
  return lines;
}
