/**
 * OMNeT++ scalar files → result points: the runs of a parsed file ({@link parseSca}, scaParse.ts)
 * matched to the model's parameters and metrics by a mapping, repetitions of one configuration
 * joined into an estimate with its confidence interval.
 */
import { InvalidParameterError } from '../core/errors.js';
import { textParameter } from '../core/guards.js';
import { confidenceInterval } from '../sim/stats/intervals.js';
import { ResultsFormatError } from './resultsError.js';
import type { Estimate } from './metrics.js';
import type { ResultsMapping } from './mapping.js';
import { numberToken, type ImportedResults, type ResultPoint } from './results.js';
import { checkKind, optionsParameter, recordParameter } from '../core/shapes.js';
import { parseSca, type ScaFile, type ScaRun } from './scaParse.js';

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
