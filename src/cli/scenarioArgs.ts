/**
 * The scenario options shared by `ibqos sim` and `ibqos sweep`: every registered scenario's
 * options are declared on the command; a scenario takes only its own, and a single-valued numeric
 * option may be a list or a range (a sweep axis). A scenario may also come from a JSON scenario
 * file, whose params and run options the command line overrides.
 */
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { nonNegativeNumber, positiveRate } from '../core/guards.js';
import { formatNumber } from '../present/number.js';
import { DEFAULT_MAX_LENGTH, findScenario, getScenario, parseScenarioFile, scenarioNames, type ScenarioCliOption } from '../sim/index.js';
import '../studies/index.js'; // registers the seed studies' scenarios (they stand above the simulator)
import { maxInputBytes, maxInputOption, readInputFile } from './output.js';
import { parseList, parseSingle, parseSweep } from './sweep/sweep.js';

/** The long option name of a flag: '--rate-control <x>' → '--rate-control'. */
export function optionName(flag: string): string {
  return flag.split(/[ ,]+/).find((p) => p.startsWith('--'))!;
}

/** commander's attribute name of a flag: '--rate-control <x>' → 'rateControl'. */
export function attributeOf(flag: string): string {
  return optionName(flag).slice(2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The values of a scenario option, read as its kind says: a list of candidate values for the
 * scalar numeric kinds (several = a sweep), else a one-element list holding the value.
 */
function readOption(option: ScenarioCliOption, text: unknown): unknown[] {
  const name = optionName(option.flag);
  if (option.kind === 'flag') return [true];
  const raw = String(text);
  if (option.kind === 'string') return [raw];
  const kind = {
    integer: option.kind === 'integer' || option.kind === 'integers' || option.kind === 'capacity',
    allowInfinity: option.kind === 'capacity',
  };
  if (option.kind === 'numbers' || option.kind === 'integers') return [parseList(name, raw, kind)];
  return parseSweep(name, raw, kind);
}

/** Reads and checks a scenario file; errors name the file and the field. */
function readScenarioFile(path: string, maxBytes: number): { scenario: string; params: Record<string, unknown>; run: Record<string, unknown> } {
  let text: string;
  try {
    text = readInputFile('--scenario', path, maxBytes);
  } catch (e) {
    if (e instanceof InvalidParameterError && e.rule === 'a readable file') {
      throw new InvalidParameterError('--scenario', `a registered scenario (${scenarioNames().join(', ')}) or a readable JSON file`, path);
    }
    throw e;
  }
  const { spec, options } = parseScenarioFile(text, path);
  return { scenario: spec.scenario, params: { ...spec.params }, run: { ...options } };
}

/** Every scenario option attribute, across the registered scenarios. */
function allScenarioAttributes(): string[] {
  return [...new Set(scenarioNames().flatMap((n) => (findScenario(n)!.cliOptions ?? []).map((c) => attributeOf(c.flag))))];
}

function flagOf(attribute: string): string {
  for (const n of scenarioNames()) {
    for (const c of findScenario(n)!.cliOptions ?? []) if (attributeOf(c.flag) === attribute) return c.flag;
  }
  return `--${attribute}`;
}

/**
 * The registered scenario a `--help` command line asks about (`--scenario NAME --help`), or
 * undefined: then every scenario's options are declared.
 */
export function helpScenario(argv: readonly string[]): string | undefined {
  if (!argv.includes('--help') && !argv.includes('-h')) return undefined;
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i] === '--scenario' ? argv[i + 1] : argv[i]!.startsWith('--scenario=') ? argv[i]!.slice('--scenario='.length) : undefined;
    if (name !== undefined && findScenario(name) !== undefined) return name;
  }
  return undefined;
}

/**
 * Declares every registered scenario's options on `command` (each once) and lists the scenarios in
 * its help — or, for `--scenario NAME --help` (see {@link helpScenario}), that scenario's options
 * only, so its help is a page, not a wall of every scenario's options.
 */
export function declareScenarioOptions(command: Command, argv: readonly string[] = []): void {
  maxInputOption(command);
  const only = helpScenario(argv);
  const declared = new Set<string>();
  for (const name of only === undefined ? scenarioNames() : [only]) {
    for (const option of findScenario(name)!.cliOptions ?? []) {
      const attribute = attributeOf(option.flag);
      if (declared.has(attribute)) continue;
      declared.add(attribute);
      command.option(option.flag, option.description);
    }
  }
  if (only !== undefined) {
    command.addHelpText('after', `\nThe scenario options above are those of '${only}' (${findScenario(only)!.description}); \`ibqos ${command.name()} --help\` lists every scenario's.\n`);
    return;
  }
  command.addHelpText(
    'after',
    `\nScenarios (each takes only its own options; an option of another scenario is an error; \`--scenario NAME --help\` shows one scenario's options):\n${scenarioNames()
      .map((n) => `  ${n}: ${findScenario(n)!.description}`)
      .join('\n')}\n`,
  );
}

/** A scenario as the command line gave it. */
export interface ScenarioArgs {
  readonly scenario: string;
  /** Params fixed at every point (the file's, overridden by single-valued options). */
  readonly params: Record<string, unknown>;
  /** Swept params: key → values, in the order the options were declared. */
  readonly axes: [string, unknown[]][];
  /** The run options of a scenario file (seed, replications, until, …). */
  readonly fileRun: Record<string, unknown>;
  /** The scenario file's path, when the scenario came from one. */
  readonly file?: string;
  /** params key → the option that set it on this command line (for error messages). */
  readonly setBy: ReadonlyMap<string, string>;
}

/**
 * Reads `--scenario NAME|FILE` and the scenario's options from a parsed command.
 *
 * @throws InvalidParameterError naming `--scenario` for an unknown scenario or unreadable file, and
 *   the option for an option of another scenario or a malformed value.
 */
export function scenarioArgs(o: { readonly scenario: string; readonly [key: string]: unknown }, cmd: Command): ScenarioArgs {
  let scenario: string;
  let params: Record<string, unknown> = {};
  let fileRun: Record<string, unknown> = {};
  let file: string | undefined;
  if (findScenario(o.scenario) !== undefined) scenario = o.scenario;
  else if (o.scenario.endsWith('.json')) {
    file = o.scenario;
    const spec = readScenarioFile(o.scenario, maxInputBytes(o.maxInputMb as string | undefined));
    scenario = spec.scenario;
    params = { ...spec.params };
    fileRun = spec.run;
  } else {
    throw new InvalidParameterError('--scenario', `one of ${scenarioNames().map((n) => `'${n}'`).join(', ')}, or a .json scenario file`, o.scenario);
  }
  const definition = getScenario(scenario);
  const own = new Map((definition.cliOptions ?? []).map((c) => [attributeOf(c.flag), c]));
  const setBy = new Map<string, string>();
  const axes: [string, unknown[]][] = [];
  for (const attribute of allScenarioAttributes()) {
    if (cmd.getOptionValueSource(attribute) !== 'cli') continue;
    const option = own.get(attribute);
    if (option === undefined) {
      throw new InvalidParameterError(
        optionName(flagOf(attribute)),
        `absent: not an option of scenario '${scenario}' (its options: ${[...own.values()].map((c) => optionName(c.flag)).join(', ') || 'none'})`,
        o[attribute],
      );
    }
    const values = readOption(option, o[attribute]);
    if (values.length === 1) params[option.param] = values[0];
    else axes.push([option.param, values]);
    setBy.set(option.param, optionName(option.flag));
  }
  // `ibqos credit` sweeps --m 2:11 when it is not given; a silent single m here would be a different
  // experiment under the same option, so the number of credits is asked for.
  if (scenario === 'credit-tandem' && !Object.hasOwn(params, 'downstreamCapacity') && !setBy.has('downstreamCapacity')) {
    throw new InvalidParameterError('--m', 'given with --scenario credit-tandem (one value or a sweep such as 2:11, the default of `ibqos credit`)', undefined);
  }
  return { scenario, params, axes, fileRun, ...(file === undefined ? {} : { file }), setBy };
}

/**
 * A library error in the command line's words: run options `options.x` / `sweep.run.x` become
 * `--x`; a parameter typed on the command line is named by its option (`--ca2 (params.ca2)`); one
 * from a scenario file is named with the file (`run.json.params.capcity`). Others pass unchanged.
 */
export function scenarioError(e: unknown, args: Pick<ScenarioArgs, 'setBy' | 'file'>): unknown {
  if (!(e instanceof InvalidParameterError)) return e;
  const run = /^(?:options|sweep\.run|sweep)\.([A-Za-z]+)$/.exec(e.parameter);
  if (run !== null) return new InvalidParameterError(`--${run[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, e.rule, e.value);
  const m = /^params\.([A-Za-z0-9]+)(.*)$/.exec(e.parameter);
  if (m !== null && args.setBy.has(m[1]!)) return new InvalidParameterError(`${args.setBy.get(m[1]!)} (${e.parameter})`, e.rule, e.value);
  if (m !== null && args.file !== undefined) return new InvalidParameterError(`${args.file}.${e.parameter}`, e.rule, e.value);
  return e;
}

/** The run options as typed (`--seed`, `--replications`, …): the command line's text. */
export interface RunOptionText {
  readonly seed?: string;
  readonly replications?: string;
  readonly jobs?: string;
  readonly until?: string;
  readonly warmup?: string;
  readonly untilUs?: string;
  readonly warmupUs?: string;
  readonly confidence?: string;
}

/**
 * Whether a scenario counts time in seconds (the fabric scenarios: seconds in the library, µs on
 * the command line, the glossary's physical units for its metrics).
 */
export function physicalTime(scenario: string): boolean {
  return findScenario(scenario)?.timeUnit === 's';
}

/** µs on the command line → the library's seconds. */
export const SECONDS_PER_US = 1e-6;

/**
 * The run length and warm-up in the library's time unit. A fabric scenario takes them in µs
 * (`--until-us`, `--warmup-us`, like every other fabric time); `--until` / `--warmup` in seconds
 * are the old spelling, still read, with a deprecation note through `warn`. Any other scenario
 * takes `--until` / `--warmup` in its own time unit and has no µs.
 */
function runTimes(o: RunOptionText, scenario: string, warn: (s: string) => void): { until?: number; warmup?: number } {
  const physical = physicalTime(scenario);
  const read = (name: 'until' | 'warmup'): number | undefined => {
    const text = o[name];
    const usText = name === 'until' ? o.untilUs : o.warmupUs;
    const seconds = text === undefined ? undefined : parseSingle(`--${name}`, text, { integer: false });
    const us = usText === undefined ? undefined : parseSingle(`--${name}-us`, usText, { integer: false });
    if (!physical) {
      if (us !== undefined) {
        throw new InvalidParameterError(`--${name}-us`, `absent: scenario '${scenario}' counts time in a unit of its own, not µs (use --${name}, in that unit)`, usText);
      }
      return seconds;
    }
    if (us !== undefined && seconds !== undefined) {
      throw new InvalidParameterError(`--${name}`, `absent when --${name}-us is given (--${name} is its deprecated spelling in seconds)`, text);
    }
    if (seconds !== undefined) {
      warn(`note: --${name} in seconds is deprecated for the fabric scenarios; use --${name}-us ${formatNumber(seconds / SECONDS_PER_US)} (every fabric time is in µs)\n`);
      return seconds;
    }
    if (us === undefined) return undefined;
    // Checked here, in the unit typed: simulate() would name --until and show the value in seconds.
    if (name === 'until') positiveRate('--until-us', us);
    else nonNegativeNumber('--warmup-us', us);
    const maxSeconds = getScenario(scenario).maxLength?.until ?? DEFAULT_MAX_LENGTH.until;
    if (us * SECONDS_PER_US > maxSeconds) {
      throw new InvalidParameterError(`--${name}-us`, `at most ${formatNumber(maxSeconds / SECONDS_PER_US)} µs (${formatNumber(maxSeconds)} s of simulated time) per replication for scenario '${scenario}'`, usText);
    }
    return us * SECONDS_PER_US;
  };
  const until = read('until');
  const warmup = read('warmup');
  return { ...(until === undefined ? {} : { until }), ...(warmup === undefined ? {} : { warmup }) };
}

/**
 * The run options of the command line over those of a scenario file: seed, replications, warmup,
 * confidence, and one run length (`--jobs` or `--until`, which replaces the file's other one).
 * For a fabric scenario the times come in µs (`--until-us`, `--warmup-us`; see runTimes).
 *
 * @throws InvalidParameterError naming the option for a malformed number, or both --jobs and --until.
 */
export function runOptions(o: RunOptionText, fileRun: Record<string, unknown>, scenario: string, warn: (s: string) => void): Record<string, unknown> {
  const run: Record<string, unknown> = { ...fileRun };
  const number = (name: string, text: string | undefined, integer: boolean): number | undefined =>
    text === undefined ? undefined : parseSingle(name, text, { integer });
  const given = (n: string, v: number | undefined): void => {
    if (v !== undefined) run[n] = v;
  };
  given('seed', number('--seed', o.seed, true));
  given('replications', number('--replications', o.replications, true));
  given('confidence', number('--confidence', o.confidence, false));
  const { until, warmup } = runTimes(o, scenario, warn);
  given('warmup', warmup);
  const jobs = number('--jobs', o.jobs, true);
  if (jobs !== undefined && until !== undefined) throw new InvalidParameterError('--jobs', 'absent when --until is given', o.jobs);
  if (jobs !== undefined) {
    delete run.until;
    run.jobs = jobs;
  }
  if (until !== undefined) {
    delete run.jobs;
    run.until = until;
  }
  return run;
}
