/**
 * `ibqos report`: the thesis's experiments on their built-in parameters, analytic against
 * simulated where a simulator is plugged in, written as report.html (self-contained), report.json
 * and one CSV per figure. Progress goes to stderr.
 *
 *     ibqos report --out report --quick
 */
import { accessSync, constants, lstatSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { alfaroExperiments, alfaroSimulators, alfaroSizeNote } from '../report/alfaroStudy.js';
import { drbExperiments, drbSimulators } from '../report/drb.js';
import { fabricModelExperiments } from '../report/fabricModel.js';
import { runExperiments } from '../report/experiment.js';
import type { AnyExperiment } from '../report/types.js';
import { granExperiments, granSimulators, granSizeNote } from '../report/gran.js';
import { thesisExperiments, thesisSimulators } from '../report/thesis.js';
import { makeDirectory, reportFileNames, writeReport } from '../report/write.js';
import { checkReplications, checkSeed, simulate, type ScenarioRunner } from '../sim/index.js';
import { WorkerPool, simulateOnPool } from '../sweep/index.js';
import { commandOutput, fileOptionError } from './output.js';
import { sweepProgress } from './work/progress.js';
import { parseSingle } from './sweep/sweep.js';

/** A directory entry of that name exists (a symbolic link counts, dangling or not: it is never followed). */
function isPresent(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

interface ReportOptions {
  readonly out: string;
  readonly quick?: boolean;
  readonly seed: string;
  readonly replications?: string;
  readonly workers?: string;
  readonly force?: boolean;
  readonly only?: string;
}

/** The most worker threads --workers may ask for. */
const MAX_WORKERS = 256;

/** An integer option >= min, read by the one number parser (`1e1` is 10, as everywhere). */
function integer(option: string, text: string, min: number): number {
  const v = parseSingle(option, text, { integer: true });
  if (!(v >= min) || !Number.isSafeInteger(v)) throw new InvalidParameterError(option, `an integer >= ${min}`, text);
  return v;
}

/** The report's sections: a name for each seed's experiments (ids start with it, the thesis's excepted). */
const SECTIONS = ['thesis', 'gran', 'drb', 'alfaro', 'fabric-model'] as const;
const THESIS_IDS = ['credit-chain', 'entry-threshold', 'arrival-job-threshold', 'congestion-spreading'];

/**
 * The experiments `--only` names (all of them without it): each item a section or an experiment id.
 * @throws InvalidParameterError naming --only for an item that is neither.
 */
export function selectExperiments(all: readonly AnyExperiment[], only: string | undefined): AnyExperiment[] {
  if (only === undefined) return [...all];
  const items = only.split(',').map((s) => s.trim());
  const ids = all.map((e) => e.id);
  const chosen = new Set<string>();
  for (const item of items) {
    const matched = item === 'thesis' ? THESIS_IDS : (SECTIONS as readonly string[]).includes(item) ? ids.filter((id) => id.startsWith(`${item}-`)) : ids.filter((id) => id === item);
    if (matched.length === 0) throw new InvalidParameterError('--only', `a list of sections (${SECTIONS.join(', ')}) or experiment ids (${ids.join(', ')})`, only);
    for (const id of matched) chosen.add(id);
  }
  return all.filter((e) => chosen.has(e.id));
}

/** Registers `ibqos report`. */
export function registerReport(program: Command): void {
  program
    .command('report')
    .description("run the thesis's experiments (ch. 4 credit chain, ch. 5 ET/AJT, ch. 3 PIPD/FIMD) Gran et al.'s IB CC study (Table II, Figs. 5, 8, 9), the DRB seed's Figs. 8–10, Alfaro et al.'s Table 2 and Fig. 3 and the analytic fabric model against stored simulator runs, and write report.html, report.json and CSVs")
    .option('--out <dir>', 'output directory (created if missing)', 'ibqos-report')
    .option('--quick', 'fewer points and short simulations: seconds')
    .option('--seed <n>', 'base seed of the simulations', '1')
    .option('--replications <n>', 'independent replications per simulated point (default 10, 3 with --quick)')
    .option('--workers <n>', "worker threads for the simulations (default: the machine's cores; 1 runs them in this thread); the numbers do not depend on it")
    .option('--force', 'replace the report files of an earlier run in --out')
    .option('--only <sections>', `run only these experiments or sections, a list: ${SECTIONS.join(', ')} or an experiment id (e.g. gran-table-2)`)
    .action(async (opts: ReportOptions, cmd: Command) => {
      // The number rules of `ibqos sim` (one parser, one rule).
      const seed = checkSeed('--seed', parseSingle('--seed', opts.seed, { integer: true }));
      const replications = opts.replications === undefined ? undefined : checkReplications('--replications', parseSingle('--replications', opts.replications, { integer: true }));
      const workers = opts.workers === undefined ? availableParallelism() : integer('--workers', opts.workers, 1);
      // A thread per worker: 1e9 of them would never start (a bound, not a tuning).
      if (workers > MAX_WORKERS) throw new InvalidParameterError('--workers', `an integer in 1..${MAX_WORKERS}`, opts.workers);
      if (opts.out.trim() === '') throw new InvalidParameterError('--out', 'a directory name (not empty)', opts.out);
      const outDir = resolve(opts.out);
      const quick = opts.quick === true;
      const experiments = selectExperiments([...thesisExperiments(), ...granExperiments(), ...drbExperiments({ quick }), ...alfaroExperiments(), ...fabricModelExperiments({ quick })], opts.only);
      // An earlier report is replaced only with --force (checked before the directory is made).
      const earlier = reportFileNames(experiments).filter((name) => isPresent(join(outDir, name)));
      if (earlier.length > 0 && opts.force !== true) {
        throw new InvalidParameterError('--out', 'a directory without an earlier report (or give --force to replace it)', `${opts.out} (holds ${earlier[0]})`);
      }
      // Checked before the experiments run, so a mistyped --out costs no minutes of simulation.
      try {
        makeDirectory(outDir);
        accessSync(outDir, constants.W_OK);
      } catch (e) {
        throw fileOptionError('--out', 'a writable directory', opts.out, e);
      }
      const { write, warn: log } = commandOutput(cmd);
      const total = experiments.reduce((t, e) => t + e.points({ quick }).length, 0);
      const progress = sweepProgress(total);
      let current = '';
      // With several workers, each point's replications run on a pool of threads (the same numbers).
      const pool = workers > 1 ? new WorkerPool(workers) : undefined;
      const runner: ScenarioRunner = pool === undefined ? simulate : (spec, o) => simulateOnPool(pool, spec, o);
      try {
        const report = await runExperiments(experiments, {
          quick,
          seed,
          ...(replications === undefined ? {} : { replications }),
          simulators: { ...thesisSimulators(runner), ...granSimulators(runner), ...drbSimulators(runner), ...alfaroSimulators(runner) },
          concurrency: workers,
          onProgress: (id, _done, count) => {
            if (id !== current) {
              current = id;
              log(`report: ${id} (${count} point${count === 1 ? '' : 's'}${id.startsWith('gran') ? `; ${granSizeNote(quick)}` : id.startsWith('alfaro') ? `; ${alfaroSizeNote(quick)}` : ''})\n`);
            }
            progress.tick();
          },
        });
        progress.stop();
        let files: string[];
        try {
          files = writeReport(report, outDir);
        } catch (e) {
          throw fileOptionError('--out', 'a writable directory', opts.out, e);
        }
        const simulated = report.experiments.filter((e) => e.simulated).length;
        log(`report: ${report.experiments.length} experiments, ${report.experiments.reduce((t, e) => t + e.figures.length, 0)} figures, ${simulated} with simulation\n`);
        write(`${files.join('\n')}\n`);
      } finally {
        progress.stop();
        await pool?.close();
      }
    });
}
