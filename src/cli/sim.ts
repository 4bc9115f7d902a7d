/**
 * `ibqos sim`: runs a registered simulation scenario (or a scenario file) over independent
 * replications and prints every metric with its confidence interval.
 *
 *     ibqos sim --scenario gege1n --lambda 5 --mu 8,16 --thresholds 8 --capacity 16 --ca2 5 --cs2 7
 *     ibqos sim --scenario credit-tandem --lambda 5 --mu1 6 --mu2 8 --n 12 --m 4 --jobs 200000
 *     ibqos sim --scenario my-run.json --replications 20
 *
 * The model options are those of the scenario, with the names `ibqos me` and `ibqos credit` use,
 * so the same options describe the same model. A single-valued numeric option (--lambda, --capacity,
 * --n, …) may be swept as in those commands (a list a,b,c or a range a:b[:step]): one simulation per
 * point, each with its own seed derived from --seed and the point's parameters (`deriveSeed`), so
 * the points are independent experiments and each interval misses the truth independently of the
 * others; `--common-random-numbers` runs every point with --seed itself instead (for comparing
 * neighbouring points, not for judging each against analysis). Every registered scenario's options are declared; giving one that the chosen
 * scenario does not use is an error. Options on the command line override those of a scenario file.
 */
import type { Command } from 'commander';
import { saturationThroughput } from '../credit/index.js';
import { resultsToJson } from '../present/json.js';
import { formatNumber } from '../present/number.js';
import { formatTable } from '../present/table.js';
import {
  canonicalKey,
  deriveSeed,
  findScenario,
  scenarioNames,
  simulate,
  type IntervalTree,
  type SimulateOptions,
  type SimulationResult,
} from '../sim/index.js';
import '../studies/index.js'; // registers the seed studies' scenarios (they stand above the simulator)
import { commandOutput } from './output.js';
import { announceWork, sweepProgress } from './work/progress.js';
import { declareScenarioOptions, physicalTime, runOptions, scenarioArgs, scenarioError, SECONDS_PER_US, type RunOptionText } from './scenarioArgs.js';
import { cartesian } from './sweep/sweep.js';
import { metricHeader, metricUnit, paramHeader } from './vocabulary.js';
import { LARGE_ARRIVALS, LARGE_PACKETS, simWork } from './work/simWork.js';

interface SimCliOptions extends RunOptionText {
  readonly scenario: string;
  readonly json?: boolean;
  readonly commonRandomNumbers?: boolean;
  readonly [key: string]: unknown;
}

/** Flattens an interval tree to rows 'a.b[2]' → interval. */
function flatten(tree: IntervalTree, prefix: string, out: { metric: string; mean: number; halfWidth: number }[]): void {
  if (Array.isArray(tree)) {
    tree.forEach((child, i) => flatten(child as IntervalTree, `${prefix}[${i}]`, out));
    return;
  }
  const node = tree as Record<string, unknown>;
  if (typeof node.mean === 'number' && typeof node.halfWidth === 'number' && typeof node.confidence === 'number') {
    out.push({ metric: prefix, mean: node.mean, halfWidth: node.halfWidth });
    return;
  }
  for (const [k, v] of Object.entries(node)) flatten(v as IntervalTree, prefix === '' ? k : `${prefix}.${k}`, out);
}

/** The results of a run: one per point, and the base seed a sweep derived the points' seeds from. */
interface SimRun {
  readonly results: SimulationResult[];
  /** Set for a sweep with derived (independent) seeds. */
  readonly sweepSeed?: number;
}

function runSim(o: SimCliOptions, cmd: Command, warn: (s: string) => void): SimRun {
  const args = scenarioArgs(o, cmd);
  const { scenario, params, axes, fileRun } = args;
  const run = runOptions(o, fileRun, scenario, warn);
  // Points: the cartesian product of the swept options, the last one varying fastest.
  const points = cartesian(axes);
  const replications = typeof run.replications === 'number' ? run.replications : 10;
  // An up-front word on a long run (issue 33): its arrivals or packets, before minutes of silence.
  const given = run as { jobs?: number; until?: number; warmup?: number };
  const length = given.jobs === undefined && given.until === undefined ? findScenario(scenario)?.defaultLength : given;
  const work = simWork({ points: points.map((point) => ({ ...params, ...point })), ...length, ...(given.warmup === undefined ? {} : { warmup: given.warmup }), replications });
  if (work !== undefined) announceWork('sim', work, work.unit.startsWith('packets') ? LARGE_PACKETS : LARGE_ARRIVALS, warn);
  const progress = sweepProgress(replications * points.length, process.stderr, 'replications');
  // A sweep's points get independent seeds derived from the base seed and each point's params
  // (a bad base seed is left for simulate() to report as --seed).
  const base = run.seed === undefined ? 1 : run.seed;
  const derive = points.length > 1 && o.commonRandomNumbers !== true && typeof base === 'number' && Number.isSafeInteger(base) && base >= 0;
  try {
    const results = points.map((point) => {
      const full = { ...params, ...point };
      const seed = derive ? deriveSeed(base as number, canonicalKey({ scenario, params: full })) : run.seed;
      return simulate({ scenario, params: full }, { ...(run as SimulateOptions), ...(seed === undefined ? {} : { seed: seed as number }), onReplication: () => progress.tick(), onProgress: (f) => progress.partial(f) });
    });
    return derive ? { results, sweepSeed: base as number } : { results };
  } catch (e) {
    throw scenarioError(e, args);
  } finally {
    progress.stop();
  }
}

/**
 * How the reports print the scenario's times: a fabric scenario's (library seconds) in µs, a
 * model's in its own time unit ('time units', t in the column headers).
 */
function timesOf(scenario: string): { show: (t: number) => string } {
  if (physicalTime(scenario)) return { show: (t) => `${formatNumber(t / SECONDS_PER_US)} µs` };
  // A scenario registered with another time unit of its own shows its times in it.
  const unit = findScenario(scenario)?.timeUnit ?? 'time units';
  return { show: (t) => `${formatNumber(t)} ${unit}` };
}

/**
 * The scenario's own `units:` line, for a scenario registered with `metricUnits` whose metrics the
 * glossary does not all know (the built-in ones are all in it, so their tables carry the units).
 */
function unitsLine(scenario: string, metrics: readonly string[]): string[] {
  const stated = findScenario(scenario)?.metricUnits;
  const physical = physicalTime(scenario);
  if (stated === undefined || metrics.every((m) => metricUnit(m, physical) !== undefined)) return [];
  return [`units: ${stated}`];
}

/** The text report: run facts, then one row per metric. */
function formatReport(r: SimulationResult): string {
  const rows: { metric: string; mean: number; halfWidth: number }[] = [];
  flatten(r.metrics, '', rows);
  const { run } = r;
  const { show } = timesOf(r.scenario);
  const length = run.length.until !== undefined ? show(run.length.until) : `${run.length.jobs} jobs`;
  const warmup = run.length.until !== undefined ? show(run.warmup) : `${run.warmup} jobs`;
  const head = [
    `scenario ${r.scenario}: seed ${run.seed}, ${run.replications} replications of ${length} after a warm-up of ${warmup}`,
    `simulated time ${show(run.simulatedTime)} (measured, all replications), events ${run.events}; ` +
      `intervals: mean ± half-width at ${formatNumber(100 * run.confidence)} % (Student-t)`,
    ...unitsLine(r.scenario, rows.map((x) => x.metric)),
    '',
  ];
  const physical = physicalTime(r.scenario);
  return (
    head.join('\n') +
    formatTable(rows, [
      { header: 'metric', value: (x) => x.metric },
      { header: 'unit', value: (x) => metricUnit(x.metric, physical) ?? '' },
      { header: 'mean', value: (x) => x.mean },
      { header: '± half-width', value: (x) => x.halfWidth, digits: 3 },
    ])
  );
}

/** The text report of a sweep: one row per point, the swept params and the scalar metrics as mean ± half-width. */
function formatSweep(results: readonly SimulationResult[], swept: readonly string[], sweepSeed: number | undefined): string {
  const first = results[0]!;
  const { run } = first;
  const length = run.length.until !== undefined ? timesOf(first.scenario).show(run.length.until) : `${run.length.jobs} jobs`;
  const rows = results.map((r) => {
    const cells: { metric: string; mean: number; halfWidth: number }[] = [];
    flatten(r.metrics, '', cells);
    return { params: r.params as Record<string, unknown>, seed: r.run.seed, cells: cells.filter((c) => !c.metric.includes('[')) };
  });
  const metricNames = rows[0]!.cells.map((c) => c.metric);
  const seeds = sweepSeed === undefined ? `seed ${run.seed} at every point` : `independent points (seeds derived from seed ${sweepSeed})`;
  const head = `scenario ${first.scenario}: ${seeds}, ${run.replications} replications of ${length} each; ` +
    `mean ± half-width at ${formatNumber(100 * run.confidence)} % (Student-t)\n` +
    unitsLine(first.scenario, metricNames).map((l) => `${l}\n`).join('');
  return (
    head +
    formatTable(rows, [
      ...swept.map((k) => ({ header: paramHeader(k), value: (r: (typeof rows)[number]) => r.params[k] as number })),
      // Each point's own seed, to rerun it alone with --seed.
      ...(sweepSeed === undefined ? [] : [{ header: 'seed', value: (r: (typeof rows)[number]) => String(r.seed) }]),
      ...metricNames.map((m, i) => ({
        header: metricHeader(m, physicalTime(first.scenario)),
        value: (r: (typeof rows)[number]) => `${formatNumber(r.cells[i]!.mean)} ± ${formatNumber(r.cells[i]!.halfWidth, 2)}`,
      })),
    ])
  );
}

/**
 * A note for a GE-type queue with an infinite buffer whose last regime has ρ = λ/μ ≥ 1: it has no
 * steady state (`gege1` says `stable: false`), so its means grow with the run length and the
 * intervals mean nothing (docs/sim.md). Undefined otherwise.
 */
function unstableNote(r: SimulationResult): string | undefined {
  if (r.scenario === 'credit-tandem') return unstableTandemNote(r);
  if (r.scenario !== 'gege1n') return undefined;
  const p = r.params as { lambda?: unknown; capacity?: unknown; mu?: unknown };
  const mu = Array.isArray(p.mu) ? p.mu[p.mu.length - 1] : p.mu;
  if (p.capacity !== Infinity || typeof p.lambda !== 'number' || typeof mu !== 'number' || p.lambda < mu) return undefined;
  return (
    `note: λ = ${formatNumber(p.lambda)} ≥ μ = ${formatNumber(mu)} on an infinite buffer: the queue has no steady state, ` +
    'its means grow with the run length and their intervals mean nothing (docs/sim.md)'
  );
}

/**
 * The same note for the credit tandem with an unbounded Node 1 (`--n inf`): stable only when
 * λ < μ1·P(j < m), the saturation throughput of docs/credit.md ("The geometric method"). The CLI
 * may ask the analytic side; the simulator itself never does.
 */
function unstableTandemNote(r: SimulationResult): string | undefined {
  const p = r.params as { lambda?: unknown; mu1?: unknown; mu2?: unknown; upstreamCapacity?: unknown; downstreamCapacity?: unknown };
  if (p.upstreamCapacity !== Infinity || typeof p.lambda !== 'number' || typeof p.mu1 !== 'number' || typeof p.mu2 !== 'number' || typeof p.downstreamCapacity !== 'number') {
    return undefined;
  }
  const saturation = saturationThroughput(p.mu1, p.mu2, p.downstreamCapacity);
  if (p.lambda < saturation) return undefined;
  return (
    `note: λ = ${formatNumber(p.lambda)} ≥ μ1·P(j < m) = ${formatNumber(saturation)} with an unbounded Node 1: the chain has no steady state, ` +
    'its means grow with the run length and their intervals mean nothing (docs/sim.md)'
  );
}

/** Registers `ibqos sim`. */
export function registerSim(program: Command, argv: readonly string[] = []): void {
  const command = program
    .command('sim')
    .description('simulate a scenario over independent replications: every metric with its confidence interval')
    .requiredOption('--scenario <name|file.json>', `a registered scenario (${scenarioNames().join(', ')}) or a JSON scenario file`)
    .option('--seed <n>', 'the run seed, an integer >= 0 (default 1)')
    .option('--replications <n>', 'independent replications, >= 2 (default 10)')
    .option('--jobs <n>', 'arrivals (jobs offered) measured per replication (gege1n, credit-tandem; default 1000000)')
    .option('--until <t>', "simulated time measured per replication, instead of --jobs, in the model's time unit (the reciprocal of its rates; gege1n, credit-tandem). Deprecated for the fabric scenarios, where it is the old spelling of --until-us in seconds")
    .option('--until-us <µs>', 'simulated time measured per replication of a fabric scenario, in µs (default 50000 for congestion-spreading, 10000 for fabric, 5000 for drb, 100000 for ibcc-fat-tree: the paper\'s 0.1 s timeslot)')
    .option('--warmup <w>', 'warm-up deleted before measuring, in jobs with --jobs or in the unit of --until (default 10 % of the run). Deprecated for the fabric scenarios: the old spelling of --warmup-us in seconds')
    .option('--warmup-us <µs>', 'warm-up of a fabric scenario, in µs (default 10 % of the run; 0 for ibcc-fat-tree: the paper measures from t = 0)')
    .option('--confidence <c>', 'confidence level of the intervals (default 0.95)')
    .option('--json', 'print the metrics as { mean, halfWidth, confidence } under the analytic field names, with the run facts')
    .option('--common-random-numbers', 'in a sweep, run every point with --seed itself (default: a seed per point derived from --seed and its parameters)');
  declareScenarioOptions(command, argv);
  command.action((opts: SimCliOptions, cmd: Command) => {
    const { write, warn } = commandOutput(cmd);
    const { results, sweepSeed } = runSim(opts, cmd, warn);
    for (const note of new Set(results.map(unstableNote))) if (note !== undefined) warn(`${note}\n`);
    const record = ({ scenario, params, metrics, run }: SimulationResult) => ({
      scenario,
      params,
      ...(metrics as Record<string, unknown>),
      run: sweepSeed === undefined ? run : { ...run, sweepSeed },
    });
    if (results.length === 1) {
      write(`${opts.json ? resultsToJson(record(results[0]!)) : formatReport(results[0]!)}\n`);
      return;
    }
    // A sweep: the params that differ between points are the swept ones.
    const first = results[0]!.params as Record<string, unknown>;
    const same = (a: unknown, b: unknown): boolean => resultsToJson(a) === resultsToJson(b);
    const swept = Object.keys(first).filter((k) => results.some((r) => !same((r.params as Record<string, unknown>)[k], first[k])));
    write(`${opts.json ? resultsToJson(results.map(record)) : formatSweep(results, swept, sweepSeed)}\n`);
  });
}
