/**
 * Simulation results as CSV: a header line, then one row per experiment point, the last row ended
 * by a line break (how a complete file ends: a file cut inside its last value has none). Parsed by
 * csv-parse (quoted fields, embedded separators and newlines, CRLF); lines starting with '#' are
 * comments. The separator is ',' unless the header has more ';' or tabs.
 */
import { parse } from 'csv-parse/sync';
import { textParameter } from '../core/guards.js';
import { ResultsFormatError } from './resultsError.js';
import { rowsToResults, type ImportedResults, type TableRow } from './results.js';
import type { ResultsMapping } from './mapping.js';

/** Options of {@link parseResultsCsv}. */
export interface CsvImportOptions {
  /** Field separator; default: ',' unless the header line has more ';' or tab characters. */
  readonly delimiter?: string;
  /** File name for error messages. */
  readonly file?: string;
}

function guessDelimiter(text: string): string {
  const header = text.split(/\r?\n/).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#')) ?? '';
  // Count outside quoted fields: a quoted column name may hold the other separators.
  const unquoted = header.replace(/"(?:[^"]|"")*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  const candidates = [',', ';', '\t'].map((c) => [c, count(c)] as const);
  return candidates.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/**
 * The line on which the quoted field that is never closed opens (csv-parse reports the end of the
 * file instead): every '"' outside a comment line toggles the quoted state, so an escaped '""'
 * toggles twice.
 */
function unclosedQuoteLine(text: string): number | undefined {
  let line = 1;
  let quoted = false;
  let openedAt = 0;
  let lineStart = true;
  for (let k = 0; k < text.length; k++) {
    const c = text[k];
    if (lineStart && !quoted && c === '#') {
      const end = text.indexOf('\n', k);
      if (end < 0) break;
      k = end;
      line++;
      continue;
    }
    lineStart = false;
    if (c === '"') {
      quoted = !quoted;
      if (quoted) openedAt = line;
    } else if (c === '\n') {
      line++;
      lineStart = true;
    }
  }
  return quoted ? openedAt : undefined;
}

/**
 * Reads CSV results and maps their columns onto a model's metrics and parameters.
 *
 * @param mapping from {@link defaultMapping} or {@link withMapping}.
 * @throws ResultsFormatError with the line number for an unbalanced quote, a row with the wrong
 *   number of fields, a cell that is not a number, a header with no metric column, or a last row
 *   without the line break that ends a complete file.
 * @example
 * parseResultsCsv('m,L1,L1_hw\n2,0.71,0.02\n', defaultMapping('credit')).points[0].metrics['meanQueueLength.upstream']
 *   // { mean: 0.71, halfWidth: 0.02, confidence: 0.95 }
 */
export function parseResultsCsv(text: string, mapping: ResultsMapping, options: CsvImportOptions = {}): ImportedResults {
  textParameter('text', text);
  const file = options.file;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: options.delimiter ?? guessDelimiter(text),
      comment: '#',
      comment_no_infix: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    // csv-parse's CsvError (matched by its code: the class differs between its entry points).
    const err = e as { code?: unknown; lines?: unknown; message?: unknown };
    // csv-parse's codes start with CSV_, except INVALID_OPENING_QUOTE.
    if (typeof err.code === 'string' && (err.code.startsWith('CSV_') || err.code === 'INVALID_OPENING_QUOTE')) {
      if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
        const opened = unclosedQuoteLine(text);
        if (opened !== undefined) throw new ResultsFormatError('csv', opened, 'a quoted field opens on this line and its quote is not closed', file);
      }
      const line = typeof err.lines === 'number' ? err.lines : 0;
      const reason = String(err.message).replace(/^Invalid Record Length: /, 'wrong number of fields: ').replace(/,? ?(on|at) line \d+/, '');
      throw new ResultsFormatError('csv', line, reason, file);
    }
    throw e;
  }
  if (records.length === 0) throw new ResultsFormatError('csv', 0, 'the file has no header line', file);
  const [head, ...body] = records;
  const header = head!.record;
  const seen = new Set<string>();
  for (const h of header) {
    if (h === '') throw new ResultsFormatError('csv', head!.info.lines, 'the header has an empty column name', file);
    if (seen.has(h)) throw new ResultsFormatError('csv', head!.info.lines, `the header names column ${JSON.stringify(h)} twice`, file);
    seen.add(h);
  }
  if (body.length === 0) throw new ResultsFormatError('csv', head!.info.lines, 'the file has a header but no rows', file);
  // A complete CSV file ends with a line break after its last row (RFC 4180 allows its absence, but
  // every writer of results puts one): a writer that crashed mid-row leaves a last line without it,
  // whose last value may be cut ('0.7' of '0.71') and still parse as a number.
  const last = body[body.length - 1]!;
  if (!/[\r\n][ \t]*$/.test(text)) {
    throw new ResultsFormatError('csv', last.info.lines, 'the last row has no line break after it: the file looks cut off (a complete CSV file ends with a newline)', file);
  }
  const rows: TableRow[] = body.map(({ record, info }) => ({
    line: info.lines,
    cells: Object.fromEntries(header.map((h, k) => [h, record[k]])),
  }));
  return rowsToResults('csv', rows, header, head!.info.lines, mapping, file);
}
