/**
 * `ibqos sweep`: a scenario over a grid of parameters × replications, on worker threads (the
 * default) or as a Slurm job array, into a resumable results directory.
 *
 *     ibqos sweep --scenario gege1n --lambda 2:7 --mu 8 --capacity 16 --replications 10 --out sw
 *     ibqos sweep --scenario congestion-spreading --rate-control pipd,fimd … --backend slurm --out sw --wait
 *     ibqos sweep --status --out sw        ibqos sweep --gather --out sw
 *
 * Rerunning the same command resumes: the tasks already done are skipped.
 */
import { Option, type Command } from 'commander';
import { InvalidParameterError } from '../../core/errors.js';
import { formatNumber } from '../../present/number.js';
import { formatTable } from '../../present/table.js';
import {
  runArrayShare,
  runSweep,
  submittedJobs,
  sweepStatus,
  waitForJob,
  writeGathered,
  type SweepPointResult,
  type SweepRun,
} from '../../sweep/index.js';
import { gatheredColumns } from '../../sweep/gather.js';
import { jobStates as runJobStates } from '../../sweep/slurm.js';
import { commandOutput } from '../output.js';
import { announceWork, sweepProgress } from '../work/progress.js';
import { declareScenarioOptions, physicalTime, runOptions, scenarioArgs, scenarioError, type RunOptionText } from '../scenarioArgs.js';
import { metricHeader, paramHeader } from '../vocabulary.js';
import { parseSingle } from './sweep.js';

interface SweepCliOptions extends RunOptionText {
  readonly scenario?: string;
  readonly out?: string;
  readonly backend: string;
  readonly workers?: string;
  readonly retries?: string;
  readonly arrayTasks?: string;
  readonly throttle?: string;
  readonly time?: string;
  readonly mem?: string;
  readonly partition?: string;
  readonly status?: boolean;
  readonly gather?: boolean;
  readonly wait?: boolean;
  readonly json?: boolean;
  readonly arrayTask?: boolean;
  readonly arrayPlan?: string;
  readonly [key: string]: unknown;
}

/** From this many tasks a sweep says up front how many it runs. */
const LARGE_SWEEP_TASKS = 1000;

const integer = (name: string, text: string | undefined): number | undefined => (text === undefined ? undefined : parseSingle(name, text, { integer: true }));

/**
 * The gathered points as a table: swept parameters, then each scalar metric as mean ± half-width;
 * a metric some replications did not report says over how many it is (`(2 of 3)`), and one no
 * replication of a point reported shows '—'.
 */
export function formatGathered(points: readonly SweepPointResult[]): string {
  if (points.length === 0) return '';
  const axes = Object.keys(points[0]!.point);
  const { names, cells } = gatheredColumns(points);
  const rows = points.map((p, i) => ({ p, cells: cells[i]! }));
  const first = points[0]!.run;
  const shown = (r: (typeof rows)[number], n: string): string => {
    const c = r.cells.get(n);
    if (c === undefined) return '—';
    const text = `${formatNumber(c.mean)} ± ${formatNumber(c.halfWidth, 2)}`;
    return c.replications < r.p.run.replications ? `${text} (${c.replications} of ${r.p.run.replications})` : text;
  };
  return (
    `scenario ${points[0]!.scenario}: ${points.length} points × ${first.replications} replications (seeds derived from seed ${first.sweepSeed}); ` +
    `mean ± half-width at ${formatNumber(100 * first.confidence)} % (Student-t)\n` +
    formatTable(rows, [
      ...axes.map((a) => ({ header: paramHeader(a), value: (r: (typeof rows)[number]) => (typeof r.p.point[a] === 'number' ? (r.p.point[a] as number) : String(r.p.point[a])) })),
      ...names.map((n) => ({ header: metricHeader(n, physicalTime(points[0]!.scenario)), value: (r: (typeof rows)[number]) => shown(r, n) })),
    ])
  );
}

function statusText(out: string): string {
  const s = sweepStatus(out, '--out');
  const lines = [
    `sweep in ${out}: scenario '${s.manifest.scenario}', ${s.manifest.points.length} points × ${s.manifest.replications} replications = ${s.total} tasks`,
    `done ${s.done}, failed ${s.failed.length}, not run ${s.pending.length}` + (s.damaged.length > 0 ? `, damaged ${s.damaged.length} (run again on resume)` : ''),
    ...s.failed.slice(0, 20).map((f) => `  task ${f.task} failed after ${f.attempts} attempts: ${f.error}`),
    ...s.damaged.slice(0, 20).map((d) => `  task ${d.task}: ${d.file} is damaged: ${d.reason}`),
  ];
  for (const job of submittedJobs(out)) {
    const states = jobStatesSafe(job);
    const counts = new Map<string, number>();
    for (const st of states.values()) counts.set(st, (counts.get(st) ?? 0) + 1);
    lines.push(`slurm job ${job}: ${states.size === 0 ? 'no array task in the queue' : [...counts].map(([k, v]) => `${v} ${k.toLowerCase()}`).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

function jobStatesSafe(job: string): Map<string, string> {
  try {
    return new Map(runJobStates(job));
  } catch {
    return new Map();
  }
}

function requireOut(o: SweepCliOptions): string {
  if (o.out === undefined || o.out === '') throw new InvalidParameterError('--out', 'a results directory', o.out ?? '');
  return o.out;
}

async function sweepAction(o: SweepCliOptions, cmd: Command): Promise<void> {
  const { write, warn } = commandOutput(cmd);
  const modes = ['status', 'gather', 'arrayTask'].filter((m) => o[m] === true);
  if (modes.length > 1) throw new InvalidParameterError(`--${modes[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, `absent with --${modes[0]}`, true);
  const out = requireOut(o);
  if (o.arrayTask === true) {
    if (o.arrayPlan === undefined) throw new InvalidParameterError('--array-plan', 'the plan file written by the Slurm backend', '');
    const index = Number(process.env.SLURM_ARRAY_TASK_ID);
    let r: { ran: number; failed: number };
    try {
      r = runArrayShare(out, o.arrayPlan, index);
    } catch (e) {
      if (e instanceof InvalidParameterError && e.parameter === 'array-plan') throw new InvalidParameterError('--array-plan', e.rule, e.value);
      if (e instanceof InvalidParameterError && e.parameter === 'out') throw new InvalidParameterError('--out', e.rule, e.value);
      throw e;
    }
    warn(`array task ${index}: ${r.ran} tasks, ${r.failed} failed\n`);
    return;
  }
  const follow = async (): Promise<void> => {
    const jobs = submittedJobs(out);
    const last = jobs[jobs.length - 1];
    if (last === undefined) throw new InvalidParameterError('--wait', 'a sweep submitted to Slurm (no job id in this results directory)', out);
    await waitForJob(last);
  };
  if (o.status === true || o.gather === true || (o.scenario === undefined && o.wait === true)) {
    if (o.wait === true) await follow();
    if (o.gather === true) {
      const g = writeGathered(out, '--out');
      write(o.json ? `${JSON.stringify(g.points)}\n` : `${formatGathered(g.points)}\nwritten: ${g.json}, ${g.csv}\n`);
    } else write(statusText(out));
    return;
  }
  if (o.scenario === undefined) throw new InvalidParameterError('--scenario', 'a registered scenario or a scenario file (or give --status, --gather or --wait)', '');
  const args = scenarioArgs({ ...o, scenario: o.scenario }, cmd);
  const run = runOptions(o, args.fileRun, args.scenario, warn);
  const { seed, replications, ...length } = run;
  // An up-front word on a large sweep (cheap: the grid's size), before minutes of work begin.
  const tasks = args.axes.reduce((n, [, values]) => n * values.length, 1) * ((replications as number | undefined) ?? 10);
  announceWork('sweep', { amount: tasks, unit: 'tasks', detail: 'points × replications' }, LARGE_SWEEP_TASKS, warn, 'progress on stderr when it is a terminal, --status from another shell meanwhile');
  let result: SweepRun;
  let bar: ReturnType<typeof sweepProgress> | undefined;
  try {
    result = await runSweep(
      {
        scenario: args.scenario,
        params: args.params,
        axes: args.axes,
        ...(seed === undefined ? {} : { seed: seed as number }),
        ...(replications === undefined ? {} : { replications: replications as number }),
        run: length,
      },
      {
        out,
        backend: o.backend as 'local' | 'slurm',
        ...(o.workers === undefined ? {} : { workers: integer('--workers', o.workers)! }),
        ...(o.retries === undefined ? {} : { retries: integer('--retries', o.retries)! }),
        slurm: {
          ...(o.arrayTasks === undefined ? {} : { arrayTasks: integer('--array-tasks', o.arrayTasks)! }),
          ...(o.throttle === undefined ? {} : { throttle: integer('--throttle', o.throttle)! }),
          ...(o.retries === undefined ? {} : { retries: integer('--retries', o.retries)! }),
          ...(o.time === undefined ? {} : { time: o.time }),
          ...(o.mem === undefined ? {} : { mem: o.mem }),
          ...(o.partition === undefined ? {} : { partition: o.partition }),
        },
        ...(o.workers === undefined ? {} : { onNote: (note: string) => warn(`--workers: ${note}\n`) }),
        onTask: (_ended, total) => {
          bar ??= sweepProgress(total, process.stderr, 'tasks');
          bar.tick();
        },
      },
    );
  } catch (e) {
    const named = scenarioError(e, args);
    if (named instanceof InvalidParameterError && /^(out|backend|workers|retries|array-tasks|throttle|time|mem|partition|wait)$/.test(named.parameter)) {
      throw new InvalidParameterError(`--${named.parameter}`, named.rule, named.value);
    }
    throw named;
  } finally {
    bar?.stop();
  }
  if (result.resumed) warn(`resuming the sweep in ${out}: ${result.skipped} of ${result.total} tasks were done\n`);
  for (const d of result.damaged.slice(0, 20)) warn(`task ${d.task} run again: ${d.file} was damaged (${d.reason})\n`);
  if (result.damaged.length > 20) warn(`… ${result.damaged.length} damaged task files in all, each run again\n`);
  if (result.submission !== undefined) {
    const s = result.submission;
    warn(`submitted ${s.tasks} tasks as Slurm job ${s.jobId} (${s.arrayTasks} array tasks; script ${s.script})\n`);
    if (o.wait !== true) {
      write(`job ${s.jobId}\n`);
      return;
    }
    await waitForJob(s.jobId);
    const st = sweepStatus(out, '--out');
    if (st.failed.length > 0 || st.pending.length > 0) {
      write(statusText(out));
      throw new InvalidParameterError('--out', 'a sweep whose tasks all ended well (see the status above; rerun the same command to resume)', out);
    }
    const g = writeGathered(out, '--out');
    write(o.json ? `${JSON.stringify(g.points)}\n` : `${formatGathered(g.points)}\nwritten: ${g.json}, ${g.csv}\n`);
    return;
  }
  if (result.failed.length > 0) {
    write(statusText(out));
    throw new InvalidParameterError('--out', `a sweep whose tasks all ended well: ${result.failed.length} failed (listed above; rerun the same command to retry them)`, out);
  }
  write(o.json ? `${JSON.stringify(result.points)}\n` : `${formatGathered(result.points!)}\nwritten: ${result.files!.json}, ${result.files!.csv}\n`);
}

/** Registers `ibqos sweep`. */
export function registerSweep(program: Command, argv: readonly string[] = []): void {
  const command = program
    .command('sweep')
    .description('run a scenario over a grid of parameters × replications on worker threads or a Slurm job array; resumable')
    .option('--scenario <name|file.json>', 'a registered scenario or a JSON scenario file; its options below take lists a,b,c and ranges a:b[:step]')
    .option('--out <dir>', 'the results directory: new or empty, or holding this same sweep (then it resumes)')
    .option('--replications <n>', 'independent replications per point, >= 2 (default 10)')
    .option('--seed <n>', 'base seed; each point runs with a seed derived from it and its parameters (default 1)')
    .option('--jobs <n>', 'arrivals measured per replication (model scenarios)')
    .option('--until <t>', 'simulated time measured per replication, in the scenario\'s time unit; deprecated for the fabric scenarios (seconds there: use --until-us)')
    .option('--until-us <µs>', 'simulated time measured per replication of a fabric scenario, in µs')
    .option('--warmup <w>', 'warm-up deleted before measuring (default 10 % of the run); deprecated for the fabric scenarios (use --warmup-us)')
    .option('--warmup-us <µs>', 'warm-up of a fabric scenario, in µs')
    .option('--confidence <c>', 'confidence level of the intervals (default 0.95)')
    .addOption(new Option('--backend <name>', "'local' (worker threads) or 'slurm' (an sbatch job array)").choices(['local', 'slurm']).default('local'))
    .option('--workers <n>', 'worker threads for --backend local (default: the machine\'s cores)')
    .option('--retries <n>', 'further attempts of a task that fails (default 2)')
    .option('--array-tasks <n>', 'Slurm array tasks, each running its share of the tasks (default one per task, at most 1000)')
    .option('--throttle <n>', 'at most this many array tasks at once (the %-throttle; default 64)')
    .option('--time <limit>', 'Slurm time limit per array task (sbatch --time)')
    .option('--mem <size>', 'Slurm memory per array task (sbatch --mem), e.g. 4G')
    .option('--partition <name>', 'Slurm partition')
    .option('--status', 'print how far the sweep in --out is (tasks done, failed, not run; Slurm job states)')
    .option('--gather', 'summarise the finished sweep in --out: results.json and results.csv with Student-t intervals')
    .option('--wait', 'follow the Slurm job array to its end (then gather it, when submitting)')
    .option('--json', 'print the gathered points as JSON')
    .addOption(new Option('--array-task', 'internal: run this Slurm array task\'s share').hideHelp())
    .addOption(new Option('--array-plan <file>', 'internal: the array plan file').hideHelp());
  declareScenarioOptions(command, argv);
  command.action(sweepAction);
}
