/**
 * Scenario files: JSON objects holding a scenario, its params and optionally the run options,
 *
 *     { "scenario": "gege1n", "params": { "lambda": 5, "mu": 8, "capacity": 16 }, "seed": 1, "jobs": 100000 }
 *
 * checked in one place, with errors that name the source and the field.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject, textParameter } from '../../core/guards.js';
import { checkJsonDepth } from '../../core/jsonDepth.js';
import { getScenario } from './registry.js';
import type { ScenarioSpec, SimulateOptions } from './simulate.js';

/** The run options a scenario file may hold (those of `simulate` but its callbacks `onReplication` and `onProgress`). */
const RUN_OPTION_KEYS = ['seed', 'replications', 'jobs', 'until', 'warmup', 'confidence'] as const;

/**
 * The keys a scenario file may hold. `imported` is what `ibqos topology import` records about the
 * cluster the file came from (source files, routing engine, the importer's warnings), for `ibqos
 * topology show`; the run ignores it.
 */
export const SCENARIO_FILE_KEYS = ['scenario', 'params', 'imported', ...RUN_OPTION_KEYS] as const;

/**
 * Checks the parsed JSON of a scenario file and splits it into the scenario spec and the run options
 * (the params themselves are checked by the scenario when `simulate` runs, and their errors name
 * `params.<key>`; the run options are checked there too, named `options.<key>`).
 *
 * @param data the parsed JSON.
 * @param source a name for messages (the file name), default 'file'.
 * @throws InvalidParameterError naming `source.key` for an unknown key, `source: scenario` for an
 *   unknown scenario, `source: params` if params is not an object.
 * @example scenarioFromJson({ scenario: 'gege1n', params: { lambda: 1, mu: 2 }, jobs: 1000 }).options; // { jobs: 1000 }
 */
export function scenarioFromJson(data: unknown, source = 'file'): { spec: ScenarioSpec; options: SimulateOptions } {
  const o = plainObject(source, data);
  knownKeys(source, o, SCENARIO_FILE_KEYS);
  getScenario(o.scenario, `${source}: scenario`);
  const params = o.params === undefined ? {} : plainObject(`${source}: params`, o.params);
  const options: Record<string, unknown> = {};
  for (const key of RUN_OPTION_KEYS) {
    if (o[key] !== undefined) options[key] = o[key];
  }
  return { spec: { scenario: o.scenario as string, params: { ...params } }, options: options as SimulateOptions };
}

/**
 * Parses the text of a scenario file ({@link scenarioFromJson} after JSON.parse).
 *
 * @throws InvalidParameterError naming the source if the text is not valid JSON, and as
 *   {@link scenarioFromJson}.
 */
export function parseScenarioFile(text: string, source = 'file'): { spec: ScenarioSpec; options: SimulateOptions } {
  textParameter(source, text);
  checkJsonDepth(source, text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InvalidParameterError(source, `valid JSON (${e instanceof Error ? e.message : String(e)})`, text.slice(0, 60));
  }
  return scenarioFromJson(data, source);
}
