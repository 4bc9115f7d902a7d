/**
 * OMNeT++ scalar result files (`.sca`), result-file versions 2 (OMNeT++ 4.x–5.x) and 3 (6.x), as
 * described in the OMNeT++ Simulation Manual, appendix "Result File Formats":
 *
 *     version 3
 *     run General-0-20240101-10:00:00-1234
 *     attr configname General
 *     itervar lambda 5
 *     config **.lambda 5                  (v3; v2 writes `param <pattern> <value>`)
 *     par Net.queue capacity 16           (v3: a module parameter)
 *     scalar Net.queue "mean queue length" 2.34
 *     attr unit pk                        (attributes of the item above)
 *     statistic Net.queue queueingTime:histogram
 *     field count 1000
 *     field mean 0.32
 *     bin -inf 0
 *     bin 0 12
 *
 * Tokens are separated by spaces or tabs; a token with spaces or special characters is written in
 * double quotes with backslash escapes (\" \\ \n \t \r \xHH). Values may be `nan`, `inf`, `-inf`.
 * A file may hold several runs, and several files joined with `cat` (each with its `version`
 * line) are one file. A complete file ends with a line break (OMNeT++ ends every line with one): a
 * last line without it is a file cut off, and is refused. Lines of other record types (`vector`, data lines) are rejected,
 * since they belong in `.vec` files.
 */
import { textParameter } from '../core/guards.js';
import { ResultsFormatError } from './resultsError.js';
import { numberToken } from './results.js';

/** A `scalar` line with the `attr` lines after it. */
export interface ScaScalar {
  readonly module: string;
  readonly name: string;
  readonly value: number;
  readonly attributes: Readonly<Record<string, string>>;
  readonly line: number;
}

/** A `statistic` block: its `field` values, histogram `bin`s (lower bound, count) and attributes. */
export interface ScaStatistic {
  readonly module: string;
  readonly name: string;
  readonly fields: Readonly<Record<string, number>>;
  readonly bins: readonly { readonly lower: number; readonly count: number }[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly line: number;
}

/** One `run` of a scalar file. */
export interface ScaRun {
  readonly runId: string;
  /** `attr` lines of the run (configname, repetition, iterationvars, …). */
  readonly attributes: Readonly<Record<string, string>>;
  /** `itervar` lines (v3, and v2 as written by OMNeT++ 5), as text. */
  readonly itervars: Readonly<Record<string, string>>;
  /** `config` (v3) or `param` (v2) lines, in order: [key or pattern, value]. */
  readonly config: readonly (readonly [string, string])[];
  /** `par` lines (v3): module parameter values. */
  readonly parameters: readonly { readonly module: string; readonly name: string; readonly value: string }[];
  readonly scalars: readonly ScaScalar[];
  readonly statistics: readonly ScaStatistic[];
  /** Line of the `run` line. */
  readonly line: number;
}

/** A parsed scalar file. */
export interface ScaFile {
  /** 2 or 3 (2 when the file has no `version` line, as very old files do not). */
  readonly version: number;
  readonly runs: readonly ScaRun[];
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\', "'": "'" };

/** Splits a line into tokens, unquoting quoted ones; returns a reason string on a malformed token. */
function tokenize(text: string): string[] | string {
  const tokens: string[] = [];
  let k = 0;
  while (k < text.length) {
    const c = text[k]!;
    if (c === ' ' || c === '\t') {
      k++;
      continue;
    }
    if (c === '"') {
      let value = '';
      k++;
      for (;;) {
        if (k >= text.length) return 'a quoted string is not closed';
        const d = text[k]!;
        if (d === '"') {
          k++;
          break;
        }
        if (d === '\\') {
          const e = text[k + 1];
          if (e === undefined) return 'a quoted string ends with a lone backslash';
          if (e === 'x') {
            const hex = text.slice(k + 2, k + 4);
            if (!/^[0-9a-fA-F]{2}$/.test(hex)) return `bad escape \\x${hex}`;
            value += String.fromCharCode(parseInt(hex, 16));
            k += 4;
            continue;
          }
          const mapped = ESCAPES[e];
          if (mapped === undefined) return `unknown escape \\${e} in a quoted string`;
          value += mapped;
          k += 2;
          continue;
        }
        value += d;
        k++;
      }
      if (k < text.length && text[k] !== ' ' && text[k] !== '\t') return 'a quoted string runs into the next token';
      tokens.push(value);
      continue;
    }
    let end = k;
    while (end < text.length && text[end] !== ' ' && text[end] !== '\t') end++;
    tokens.push(text.slice(k, end));
    k = end;
  }
  return tokens;
}

const ARITY: Record<string, number> = { version: 1, run: 1, attr: 2, itervar: 2, config: 2, param: 2, par: 3, scalar: 3, statistic: 2, field: 2, bin: 2 };

interface MutableRun {
  runId: string;
  attributes: Record<string, string>;
  itervars: Record<string, string>;
  config: [string, string][];
  parameters: { module: string; name: string; value: string }[];
  scalars: ScaScalar[];
  statistics: ScaStatistic[];
  line: number;
}

/**
 * Parses an OMNeT++ scalar file.
 *
 * @param file name for error messages.
 * @throws ResultsFormatError naming the line for an unknown keyword, the wrong number of tokens, a
 *   value that is not a number, a `field`/`bin` outside a statistic, a result before any `run`, a
 *   `version` other than 2 or 3, a `version` line that is neither first nor right before a `run`
 *   (files joined with `cat` repeat it) or that changes the version, a malformed quoted string, or
 *   a last line without its line break (a cut file).
 * @example parseSca('version 3\nrun r1\nscalar Net.q "mean length" 2.5\n').runs[0].scalars[0].name // 'mean length'
 */
export function parseSca(text: string, file?: string): ScaFile {
  textParameter('text', text);
  const fail = (line: number, reason: string): never => {
    throw new ResultsFormatError('sca', line, reason, file);
  };
  let version: number | undefined;
  const runs: MutableRun[] = [];
  let run: MutableRun | undefined;
  // The item `attr` lines attach to: the run, the last scalar or the open statistic.
  let attrTarget: Record<string, string> | undefined;
  let statistic: { fields: Record<string, number>; bins: { lower: number; count: number }[] } | undefined;
  let sawContent = false;
  let repeatedVersionLine: number | undefined;
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/); // without a byte-order mark
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '' || raw.trimStart().startsWith('#')) return;
    const tokens = tokenize(raw);
    if (typeof tokens === 'string') return fail(line, tokens);
    const [keyword, ...args] = tokens as [string, ...string[]];
    const arity = ARITY[keyword];
    if (arity === undefined) {
      return fail(line, `unknown keyword ${JSON.stringify(keyword)} (a scalar file has version, run, attr, itervar, config, param, par, scalar, statistic, field, bin)`);
    }
    if (args.length !== arity) return fail(line, `'${keyword}' takes ${arity} value${arity > 1 ? 's' : ''}, found ${args.length}`);
    if (keyword === 'version') {
      const v = Number(args[0]);
      if (v !== 2 && v !== 3) return fail(line, `result-file version ${args[0]} is not supported (2 and 3 are)`);
      // OMNeT++ writes one file per run by default, so files joined with `cat` repeat the
      // version line: accepted where the next line starts a run, and with the same version.
      if (sawContent) {
        if (version !== undefined && v !== version) return fail(line, `result-file version ${v} after version ${version}: join files of one version only`);
        repeatedVersionLine = line;
      }
      version = v;
      sawContent = true;
      return;
    }
    if (repeatedVersionLine !== undefined && keyword !== 'run') return fail(repeatedVersionLine, "'version' must be the first line (or, in files joined together, come right before a 'run' line)");
    repeatedVersionLine = undefined;
    sawContent = true;
    if (keyword === 'run') {
      run = { runId: args[0]!, attributes: {}, itervars: {}, config: [], parameters: [], scalars: [], statistics: [], line };
      runs.push(run);
      attrTarget = run.attributes;
      statistic = undefined;
      return;
    }
    if (run === undefined) return fail(line, `'${keyword}' before any 'run' line`);
    switch (keyword) {
      case 'attr':
        attrTarget![args[0]!] = args[1]!;
        return;
      case 'itervar':
        run.itervars[args[0]!] = args[1]!;
        statistic = undefined;
        attrTarget = run.attributes;
        return;
      case 'config':
      case 'param':
        run.config.push([args[0]!, args[1]!]);
        statistic = undefined;
        attrTarget = run.attributes;
        return;
      case 'par': {
        run.parameters.push({ module: args[0]!, name: args[1]!, value: args[2]! });
        statistic = undefined;
        attrTarget = {};
        return;
      }
      case 'scalar': {
        const value = numberToken(args[2]!);
        if (value === undefined) return fail(line, `scalar ${JSON.stringify(args[1])} has the value ${JSON.stringify(args[2])}, which is not a number`);
        const attributes: Record<string, string> = {};
        run.scalars.push({ module: args[0]!, name: args[1]!, value, attributes, line });
        statistic = undefined;
        attrTarget = attributes;
        return;
      }
      case 'statistic': {
        const s = { module: args[0]!, name: args[1]!, fields: {} as Record<string, number>, bins: [] as { lower: number; count: number }[], attributes: {} as Record<string, string>, line };
        run.statistics.push(s);
        statistic = s;
        attrTarget = s.attributes;
        return;
      }
      case 'field': {
        if (statistic === undefined) return fail(line, "'field' outside a statistic (it must follow a 'statistic' line)");
        const value = numberToken(args[1]!);
        if (value === undefined) return fail(line, `field ${JSON.stringify(args[0])} has the value ${JSON.stringify(args[1])}, which is not a number`);
        statistic.fields[args[0]!] = value;
        return;
      }
      case 'bin': {
        if (statistic === undefined) return fail(line, "'bin' outside a statistic (it must follow a 'statistic' line)");
        const lower = numberToken(args[0]!);
        const count = numberToken(args[1]!);
        if (lower === undefined || count === undefined) return fail(line, `bin ${JSON.stringify(args[0])} ${JSON.stringify(args[1])} is not two numbers`);
        statistic.bins.push({ lower, count });
        return;
      }
    }
  });
  if (repeatedVersionLine !== undefined) fail(repeatedVersionLine, "'version' must be the first line (or, in files joined together, come right before a 'run' line)");
  if (runs.length === 0) fail(0, "the file has no 'run' line");
  // How a complete scalar file ends: OMNeT++ ends every line with a line break, so a last line
  // without one was cut — inside a value, perhaps ('2.3' of '2.34' still parses as a number).
  if (!/\n[ \t]*$/.test(text)) {
    let last = lines.length;
    while (last > 1 && lines[last - 1]!.trim() === '') last--;
    fail(last, 'the last line has no line break after it: the file looks cut off (OMNeT++ ends every line of a scalar file with one)');
  }
  return { version: version ?? 2, runs };
}
