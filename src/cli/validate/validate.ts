/**
 * `ibqos validate`: a user's simulation results (CSV, JSON or OMNeT++ `.sca`) against one of the
 * library's models, point by point, with the thesis's error measure and the simulation's
 * confidence intervals. Exit code 0 when every point passes, 1 when one fails, 2 for invalid input.
 *
 *     ibqos validate --model credit --params p.json --results runs.csv --tolerance 0.05 --plot v.svg
 */
import { extname } from 'node:path';
import { CommanderError, type Command } from 'commander';
import { InvalidParameterError } from '../../core/errors.js';
import { checkJsonDepth } from '../../core/jsonDepth.js';
import { oneOf } from '../../core/guards.js';
import { parseResultJson, resultsToJson } from '../../present/json.js';
import { comparisonSvg, comparisonText } from '../../validate/compare.js';
import { parseResultsCsv } from '../../validate/importCsv.js';
import { parseResultsJson } from '../../validate/importJson.js';
import { parseResultsSca } from '../../validate/importSca.js';
import { defaultMapping, parseMappingPairs, resolveMappingKeys, RESULT_MODELS, withMapping, type ResultModel } from '../../validate/mapping.js';
import type { ImportedResults } from '../../validate/results.js';
import { validateResults } from '../../validate/validateModel.js';
import { checkOutputFile, commandOutput, maxInputBytes, maxInputOption, readInputFile, writeOutputFile } from '../output.js';
import { validateFabricCommand, type FabricValidateCli } from './validateFabric.js';
import { parseSingle } from '../sweep/sweep.js';
import { VALIDATION_FAILED } from '../exitCodes.js';

export { VALIDATION_FAILED };

interface ValidateOptions {
  readonly model: string;
  readonly params: string;
  readonly results: string;
  readonly format?: string;
  readonly map: string[];
  readonly tolerance: string;
  readonly absoluteTolerance: string;
  readonly interval: boolean;
  readonly json?: boolean;
  readonly plot?: string;
  readonly force?: boolean;
  readonly maxInputMb?: string;
}

const FORMATS = ['csv', 'json', 'sca'] as const;

/** A tolerance: a decimal number >= 0, read as the other commands read their numbers. */
function number(option: string, text: string): number {
  const v = parseSingle(option, text);
  if (v < 0) throw new InvalidParameterError(option, 'a finite number >= 0', text);
  return v;
}

/** Reads the results file in its format (from --format or the file's extension). */
export function importResults(path: string, format: string | undefined, model: ResultModel, map: readonly string[], maxBytes?: number): ImportedResults {
  const ext = extname(path).toLowerCase().slice(1);
  const fmt = oneOf('--format', format ?? (ext === 'tsv' ? 'csv' : ext), FORMATS);
  const base = defaultMapping(model);
  const mapping = withMapping(base, resolveMappingKeys(base, parseMappingPairs(map)));
  const text = readInputFile('--results', path, maxBytes);
  if (fmt === 'csv') return parseResultsCsv(text, mapping, { file: path });
  if (fmt === 'json') return parseResultsJson(text, mapping, { file: path });
  return parseResultsSca(text, mapping, { file: path });
}

/**
 * Checks that every `--map name=column` pair was used: with `'found'`, that the column or scalar
 * is in the results file (a point parameter in at least one point, a metric among the imported
 * columns); with the set of compared metrics, that a mapped metric is one the model computes.
 * A pair that matched nothing would otherwise drop its metric silently from the comparison.
 *
 * @throws InvalidParameterError naming `--map` and the pair.
 */
function checkMapped(model: ResultModel, file: string, map: readonly string[], results: ImportedResults, stage: 'found' | ReadonlySet<string>): void {
  const base = defaultMapping(model);
  for (const [name, column] of Object.entries(parseMappingPairs(map))) {
    const key = Object.keys(resolveMappingKeys(base, { [name]: column }))[0]!;
    const pair = `${name}=${column}`;
    if (key in base.params) {
      if (stage === 'found' && !results.points.some((p) => key in p.params)) {
        throw new InvalidParameterError('--map', `a column or scalar name present in ${file} (no point has it)`, pair);
      }
      continue;
    }
    if (stage === 'found') {
      if (!(key in results.columns)) throw new InvalidParameterError('--map', `a column or scalar name present in ${file}`, pair);
    } else if (!stage.has(key)) {
      const known = [...Object.keys(base.metrics), ...Object.keys(base.params)].join(', ');
      throw new InvalidParameterError('--map', `name=column with a metric or parameter of model '${model}' (${known}) or their short names`, pair);
    }
  }
}

/** Registers `ibqos validate`. */
export function registerValidate(program: Command): void {
  maxInputOption(program.command('validate'))
    .description("compare a simulator's results (CSV, JSON or OMNeT++ .sca) with a model; exit 0 pass, 1 fail")
    .requiredOption('--model <name>', `${RESULT_MODELS.join(' | ')} | fabric`)
    .requiredOption('--params <file>', 'JSON file with the model parameters (as in `ibqos credit` / `ibqos me`, or the library\'s names); result columns override them per point')
    .requiredOption('--results <file>', 'the simulation results: .csv/.tsv, .json or .sca (OMNeT++ result-file version 2 or 3)')
    .option('--format <name>', 'csv | json | sca (default: from the file extension)')
    .option('--map <pairs>', 'name=column pairs mapping metrics or parameters to columns / scalar names (repeatable, or comma-separated)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--tolerance <eps>', 'a point passes when its error measure EM = |sim - model|/|sim| <= eps', '0.1')
    .option('--absolute-tolerance <a>', '... or when |sim - model| <= a', '0')
    .option('--no-interval', 'do not accept a point because the model value lies inside the simulation\'s confidence interval')
    .option('--plot <file>', 'write the plots (one panel per metric) as an SVG file')
    .option('--force', 'replace an existing --plot file')
    .option('--json', 'print the comparison as JSON')
    .option('--against <ibqos>', "--model fabric: compare with 'model' (the analytic fabric model, default) or 'sim' (ibqos's simulator)")
    .option('--replications <n>', "--model fabric --against sim: replications (default 5)")
    .option('--until-us <µs>', '--model fabric --against sim: measured time per replication, µs (default 10000)')
    .action((opts: ValidateOptions, cmd: Command) => {
      if (opts.model === 'fabric') {
        validateFabricCommand(opts as unknown as FabricValidateCli, maxInputBytes(opts.maxInputMb), commandOutput(cmd).write, VALIDATION_FAILED);
        return;
      }
      const model = oneOf('--model', opts.model, RESULT_MODELS);
      const tolerance = number('--tolerance', opts.tolerance);
      const absoluteTolerance = number('--absolute-tolerance', opts.absoluteTolerance);
      const maxBytes = maxInputBytes(opts.maxInputMb);
      // Before any work: the plot never replaces an input, nor an existing file without --force.
      if (opts.plot !== undefined) {
        checkOutputFile('--plot', opts.plot, [{ option: '--params', path: opts.params }, { option: '--results', path: opts.results }], opts.force === true);
      }
      let params: unknown;
      try {
        const text = readInputFile('--params', opts.params, maxBytes);
        checkJsonDepth(`--params (${opts.params})`, text);
        params = parseResultJson(text);
      } catch (e) {
        if (e instanceof SyntaxError) throw new InvalidParameterError('--params', 'a JSON object of model parameters', `${opts.params} (${e.message})`);
        throw e;
      }
      if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new InvalidParameterError('--params', 'a JSON object of model parameters', params);
      const results = importResults(opts.results, opts.format, model, opts.map, maxBytes);
      checkMapped(model, opts.results, opts.map, results, 'found');
      let v: ReturnType<typeof validateResults>;
      try {
        v = validateResults(model, params as Record<string, unknown>, results, { tolerance, absoluteTolerance, acceptInsideInterval: opts.interval });
      } catch (e) {
        // An error of the params file's own keys (no results line): name the file.
        if (e instanceof InvalidParameterError && /^params\.[^(]*$/.test(e.parameter)) {
          throw new InvalidParameterError(`--params ${opts.params}: ${e.parameter.slice('params.'.length)}`, e.rule, e.value);
        }
        throw e;
      }
      checkMapped(model, opts.results, opts.map, results, new Set(v.comparison.metrics.map((m) => m.metric)));
      const { write } = commandOutput(cmd);
      if (opts.plot !== undefined) writeOutputFile('--plot', opts.plot, comparisonSvg(v.comparison));
      if (opts.json) {
        write(`${resultsToJson({ model, results: opts.results, format: results.format, columns: results.columns, params: v.params, comparison: v.comparison })}\n`);
      } else {
        const mapped = Object.entries(results.columns).map(([m, c]) => (m === c ? m : `${m} <- ${c}`));
        write(`model ${model}, ${results.points.length} points from ${opts.results} (${results.format}); metrics: ${mapped.join(', ')}\n\n`);
        write(`${comparisonText(v.comparison)}\n`);
      }
      if (!v.comparison.passed) throw new CommanderError(1, VALIDATION_FAILED, 'validation failed');
    });
}
