/**
 * `ibqos validate --model fabric`: a network simulator's per-flow results against ibqos on the same
 * fabric scenario (src/validate/fabric.ts): `--against model` (the analytic fabric model, default) or
 * `--against sim` (ibqos's simulator, `--replications`, `--until-us`), per-flow errors and a verdict.
 *
 *     ibqos validate --model fabric --params scenario.json --results flows.csv --against sim
 */
import { CommanderError } from 'commander';
import { InvalidParameterError } from '../../core/errors.js';
import { formatTable } from '../../present/table.js';
import { resultsToJson } from '../../present/json.js';
import { parseFlowResults, validateFabric } from '../../validate/index.js';
import { readFabricParams } from '../model.js';
import { readInputFile } from '../output.js';

/** The options the fabric branch reads. */
export interface FabricValidateCli {
  readonly params: string;
  readonly results: string;
  readonly format?: string;
  readonly tolerance: string;
  readonly against?: string;
  readonly replications?: string;
  readonly untilUs?: string;
  readonly json?: boolean;
}

/** Runs the fabric comparison; throws CommanderError(1) when a flow fails. */
export function validateFabricCommand(o: FabricValidateCli, maxBytes: number, write: (s: string) => void, failed: string): void {
  const tolerance = Number(o.tolerance);
  if (!(tolerance >= 0)) throw new InvalidParameterError('--tolerance', 'a number >= 0', o.tolerance);
  const against = o.against ?? 'model';
  if (against !== 'model' && against !== 'sim') throw new InvalidParameterError('--against', "'model' or 'sim'", o.against);
  const format = o.format ?? (o.results.endsWith('.json') ? 'json' : o.results.endsWith('.csv') ? 'csv' : undefined);
  if (format !== 'csv' && format !== 'json') throw new InvalidParameterError('--format', "csv or json for --model fabric (per-flow results; .sca is not read for fabrics)", format ?? o.results);
  const params = readFabricParams(o.params, maxBytes);
  const user = parseFlowResults(readInputFile('--results', o.results, maxBytes), o.results, format);
  const replications = o.replications === undefined ? undefined : Number(o.replications);
  if (replications !== undefined && !(Number.isInteger(replications) && replications >= 2)) throw new InvalidParameterError('--replications', 'an integer >= 2', o.replications);
  const untilUs = o.untilUs === undefined ? undefined : Number(o.untilUs);
  if (untilUs !== undefined && !(untilUs > 0 && Number.isFinite(untilUs))) throw new InvalidParameterError('--until-us', 'a finite number > 0 (µs)', o.untilUs);
  const v = validateFabric(params, user, { against, tolerance, ...(replications === undefined ? {} : { replications }), ...(untilUs === undefined ? {} : { until: untilUs * 1e-6 }) });
  if (o.json) write(`${resultsToJson({ model: 'fabric', results: o.results, ...v })}\n`);
  else {
    write(`model fabric against ${against === 'model' ? 'the analytic model' : "ibqos's simulator"}: ${v.passed} of ${v.flows.length} flow values within ${tolerance}${against === 'sim' ? ' or inside the 95 % interval' : ''}\n`);
    for (const [metric, s] of Object.entries(v.summary)) write(`  ${metric}: median error ${(100 * s.median).toFixed(2)} %, largest ${(100 * s.max).toFixed(2)} %\n`);
    write(`\n${formatTable(v.flows, [
      { header: 'flow', value: (f) => f.flow },
      { header: 'metric', value: (f) => f.metric },
      { header: 'yours', value: (f) => f.user },
      { header: 'ibqos', value: (f) => f.ibqos },
      { header: '±', value: (f) => f.halfWidth },
      { header: 'EM', value: (f) => f.error },
      { header: 'pass', value: (f) => (f.pass ? 'yes' : 'NO') },
    ])}\n`);
  }
  if (!v.pass) throw new CommanderError(1, failed, 'validation failed');
}
