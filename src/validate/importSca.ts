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
import { InvalidParameterError } from '../core/errors.js';
import { textParameter } from '../core/guards.js';
import { confidenceInterval } from '../sim/stats/intervals.js';
import { ResultsFormatError } from './resultsError.js';
import type { Estimate } from './metrics.js';
import type { ResultsMapping } from './mapping.js';
import { numberToken, type ImportedResults, type ResultPoint } from './results.js';
import { checkKind, optionsParameter, recordParameter } from '../core/shapes.js';

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

/** Options of {@link scaToResults}. */
export interface ScaResultsOptions {
  /** Level of the intervals over repetitions; default 0.95. */
  readonly confidence?: number;
  /** File name for error messages. */
  readonly file?: string;
}

/** The scalars a run offers for matching: its scalars, and each statistic field as `name:field`. */
function runValues(run: ScaRun): { module: string; name: string; value: number; line: number }[] {
  return [
    ...run.scalars,
    ...run.statistics.flatMap((s) => Object.entries(s.fields).map(([f, value]) => ({ module: s.module, name: `${s.name}:${f}`, value, line: s.line }))),
  ];
}

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*/g, '\u0000').replace(/\*/g, '[^.]*').replace(/\u0000/g, '.*').replace(/\?/g, '.')}$`);
}

/**
 * Whether a mapping name selects a scalar: `name`, `module.name`, or a glob over `module.name`
 * (`*` within a module name, `**` across), the glob compiled once.
 */
function selector(pattern: string): (module: string, name: string) => boolean {
  const glob = pattern.includes('*') ? globToRegExp(pattern) : undefined;
  return (module, name) => pattern === name || pattern === `${module}.${name}` || (glob !== undefined && glob.test(`${module}.${name}`));
}

/**
 * Scalar-file runs → result points. Runs of one configuration with the same iteration variables
 * (`itervar` lines, or the run's `iterationvars` attribute; `repetition` is not one) and the same
 * values of the mapped parameters are repetitions of one point:
 * a metric's estimate is their mean, and with r ≥ 2 repetitions its half-width is
 * t_{(1+c)/2, r−1}·s/√r (Student t over independent replications; s the sample standard
 * deviation). A parameter is read from the iteration variable named by the mapping (an `itervar`
 * line, or the run's `iterationvars` attribute as OMNeT++ 4 wrote it), else from a `config`/`param`
 * line whose key ends with `.name`, else from a `par` line of that name; a prefixed OMNeT++ unit
 * is converted to its base unit (`2kHz` → 2000, `0.5ms` → 0.0005) and a base unit dropped.
 *
 * @throws ResultsFormatError when a mapping name selects several scalars of one run (ambiguous:
 *   give `module.name`), when no metric is found in any run, or when a parameter is not a number;
 *   InvalidParameterError for a confidence level outside (0, 1).
 */
export function scaToResults(sca: ScaFile, mapping: ResultsMapping, options: ScaResultsOptions = {}): ImportedResults {
  recordParameter('sca', sca, { runs: 'array' });
  recordParameter('mapping', mapping, { metrics: 'object', params: 'object' });
  optionsParameter('options', options);
  const confidence = options.confidence === undefined ? 0.95 : confidenceLevel('options.confidence', options.confidence);
  const file = options.file;
  const paramsOf = (run: ScaRun): Record<string, number> => {
    const params: Record<string, number> = {};
    const itervars = runIterationVariables(run);
    for (const [name, candidates] of Object.entries(mapping.params)) {
      const found = findParam(run, itervars, candidates);
      if (found === undefined) continue;
      const v = scaParameterNumber(found.text);
      if (v === undefined) throw new ResultsFormatError('sca', found.line, `parameter ${name} (${JSON.stringify(found.key)}) is ${JSON.stringify(found.text)}, not a number`, file);
      params[name] = v;
    }
    return params;
  };
  // Runs are repetitions of one point when their configuration, iteration variables and mapped
  // parameter values all agree (runs set up by command-line overrides have no iteration variables,
  // so the parameter values must tell them apart).
  const groups = new Map<string, { params: Record<string, number>; runs: ScaRun[] }>();
  for (const run of sca.runs) {
    const params = paramsOf(run);
    const key = Object.keys(run.itervars).length > 0 ? JSON.stringify(Object.entries(run.itervars).filter(([k]) => k !== 'repetition').sort()) : (run.attributes.iterationvars ?? '');
    const key2 = `${run.attributes.configname ?? ''}|${key}|${JSON.stringify(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
    const group = groups.get(key2);
    if (group) group.runs.push(run);
    else groups.set(key2, { params, runs: [run] });
  }
  const columns: Record<string, string> = {};
  const points: ResultPoint[] = [];
  // Each metric's candidates with their selectors, compiled once for all the runs.
  const metricSelectors = Object.entries(mapping.metrics).map(([path, candidates]) => [path, candidates.map((c) => [c, selector(c)] as const)] as const);
  for (const { params, runs } of groups.values()) {
    const first = runs[0]!;
    const metrics: Record<string, Estimate> = {};
    // Each run's values, listed once for all the metrics.
    const runsValues = runs.map(runValues);
    for (const [path, candidates] of metricSelectors) {
      const samples: number[] = [];
      for (const [r, run] of runs.entries()) {
        const values = runsValues[r]!;
        for (const [c, select] of candidates) {
          const hits = values.filter((v) => select(v.module, v.name));
          if (hits.length > 1) {
            throw new ResultsFormatError('sca', hits[1]!.line, `${JSON.stringify(c)} selects several scalars in run ${run.runId} (${hits.map((h) => `${h.module}.${h.name}`).slice(0, 3).join(', ')}); map ${path} to module.name`, file);
          }
          if (hits.length === 1) {
            samples.push(hits[0]!.value);
            columns[path] ??= c;
            break;
          }
        }
      }
      if (samples.length === 0) continue;
      metrics[path] = estimateOf(samples, confidence);
    }
    points.push({ params, metrics, source: { line: first.line, runs: runs.map((r) => r.runId) } });
  }
  if (Object.keys(columns).length === 0) {
    const known = Object.values(mapping.metrics).flat();
    throw new ResultsFormatError('sca', 0, `no scalar matches a metric of the model (expected one of: ${known.join(', ')}; see --map)`, file);
  }
  return { format: 'sca', points, columns, unusedColumns: [] };
}

/**
 * Multipliers to the base unit of the prefixed units in OMNeT++'s unit table (s, bps, B, b, Hz, m,
 * W); a parameter written `2kHz` is 2000 (per second), as OMNeT++ itself reads it.
 */
const UNIT_FACTORS: Readonly<Record<string, number>> = {
  d: 86400, h: 3600, min: 60, ms: 1e-3, us: 1e-6, ns: 1e-9, ps: 1e-12,
  kbps: 1e3, Mbps: 1e6, Gbps: 1e9, Tbps: 1e12,
  KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4, kB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12,
  Kib: 1024, Mib: 1024 ** 2, Gib: 1024 ** 3, Tib: 1024 ** 4, kb: 1e3, Mb: 1e6, Gb: 1e9, Tb: 1e12,
  kHz: 1e3, MHz: 1e6, GHz: 1e9, THz: 1e12,
  mm: 1e-3, cm: 1e-2, km: 1e3, mW: 1e-3, kW: 1e3,
};

/**
 * A parameter's text as a number: unquoted, with a prefixed OMNeT++ unit converted to its base
 * unit (`0.5ms` → 0.0005, `2kHz` → 2000) and any other unit (`s`, `Hz`, `pk`…) dropped.
 */
function scaParameterNumber(text: string): number | undefined {
  const t = text.replace(/^"(.*)"$/, '$1');
  const m = /^(.*?[\d.])\s*([a-zA-Z]+)$/.exec(t);
  if (m === null || /^[+-]?(inf|nan)$/i.test(t)) return numberToken(t);
  const v = numberToken(m[1]!);
  return v === undefined ? undefined : v * (UNIT_FACTORS[m[2]!] ?? 1);
}

/** Iteration variables of a run: its `itervar` lines, else those listed in its `iterationvars` attribute ("$m=2, $lambda=5"), as OMNeT++ 4 wrote them. */
export function runIterationVariables(run: ScaRun): Record<string, string> {
  recordParameter('run', run, { itervars: 'object', attributes: 'object' });
  if (Object.keys(run.itervars).length > 0) return { ...run.itervars };
  const out: Record<string, string> = {};
  for (const m of (run.attributes.iterationvars ?? '').matchAll(/\$(\w+)=([^,]*)/g)) out[m[1]!] = m[2]!.trim();
  return out;
}

/** A parameter's text: an iteration variable (`itervars`, from {@link runIterationVariables}), else the last matching `config`/`param` line, else a `par` line. */
function findParam(run: ScaRun, itervars: Readonly<Record<string, string>>, candidates: readonly string[]): { key: string; text: string; line: number } | undefined {
  for (const c of candidates) {
    if (c in itervars) return { key: c, text: itervars[c]!, line: run.line };
    for (let k = run.config.length - 1; k >= 0; k--) {
      const [key, text] = run.config[k]!;
      if (key === c || key.endsWith(`.${c}`)) return { key, text, line: run.line };
    }
    const par = run.parameters.find((p) => p.name === c || `${p.module}.${p.name}` === c);
    if (par) return { key: c, text: par.value, line: run.line };
  }
  return undefined;
}

function confidenceLevel(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0 && value < 1)) throw new InvalidParameterError(name, 'a number in (0, 1)', value);
  return value;
}

/**
 * Mean and, for r ≥ 2 samples, the Student-t half-width at level `confidence`.
 *
 * @throws InvalidParameterError for a confidence level outside (0, 1).
 */
export function estimateOf(samples: readonly number[], confidence = 0.95): Estimate {
  checkKind('samples', samples, 'array');
  confidenceLevel('confidence', confidence);
  if (samples.length < 2) return { mean: samples[0] ?? 0 };
  // Welford mean and t_{(1+c)/2, r−1}·s/√r: the simulator's own replication interval.
  return confidenceInterval(samples, confidence);
}

/**
 * Reads an OMNeT++ scalar file straight into result points ({@link parseSca}, then
 * {@link scaToResults}).
 *
 * @throws ResultsFormatError as those two do.
 */
export function parseResultsSca(text: string, mapping: ResultsMapping, options: ScaResultsOptions = {}): ImportedResults {
  textParameter('text', text);
  return scaToResults(parseSca(text, options.file), mapping, options);
}
