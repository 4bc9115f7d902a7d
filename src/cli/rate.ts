/**
 * `ibqos rate`: the source response functions of docs/models.md §10 (PIPD, FIMD, LIPD, AIMD) from the
 * command line — the design conditions, the functions at given rates, or a rate trajectory.
 *
 *     ibqos rate --function pipd --rmin 1000 --rmax 256000 --power 4 --check
 *     ibqos rate --function fimd --rmin 1000 --rmax 256000 --factor 4 --at 5000
 *     ibqos rate --function lipd --rmin 1000 --rmax 256000 --trajectory --marks 0001 --acks 12
 *     ibqos rate --function aimd --rmin 1000 --rmax 256000 --alpha 1000 --beta 0.5 \
 *                --trajectory --mark-probability 0.05 --acks 1000 --seed 1 --every 100
 *
 * Exactly one of --check, --at, --trajectory. Rates in the unit you choose (e.g. packets/s); times
 * in the reciprocal time base (seconds for packets/s).
 */
import { appendAll } from '../core/arrays.js';
import { Option, type Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { seededStream } from '../core/random.js';
import {
  aimd,
  checkConditions,
  fimd,
  lipd,
  pipd,
  rateTrajectory,
  recoveryDetail,
  type ConditionDetail,
  type ResponseFunction,
  type TrajectoryPoint,
} from '../congestion/index.js';
import { resultsToJson } from '../present/json.js';
import { formatNumber } from '../present/number.js';
import { formatTable, type Column } from '../present/table.js';
import { asOptionError, commandOutput } from './output.js';
import { header } from './vocabulary.js';
import { parseSingle, parseSweep } from './sweep/sweep.js';

interface RateOptions {
  readonly function: string;
  readonly rmin: string;
  readonly rmax: string;
  readonly power?: string;
  readonly factor?: string;
  /** Refused: --power and --factor are their names here. */
  readonly m?: string;
  readonly n?: string;
  readonly alpha?: string;
  readonly beta?: string;
  readonly check?: boolean;
  readonly points?: string;
  readonly range?: string;
  readonly at?: string;
  readonly trajectory?: boolean;
  readonly marks?: string;
  readonly markProbability?: string;
  readonly seed?: string;
  readonly acks?: string;
  readonly start?: string;
  readonly every?: string;
  readonly json?: boolean;
}

/** One number from an option (no lists). */
function single(option: string, text: string, integer = false): number {
  return parseSingle(option, text, { integer });
}

/** Which option belongs to which function; an option for another function is an error, not ignored. */
const OWN: Record<string, readonly ('power' | 'factor' | 'alpha' | 'beta')[]> = { pipd: ['power'], fimd: ['factor'], lipd: [], aimd: ['alpha', 'beta'] };

/** The library's parameter names, for errors phrased in the command line's option names. */
const OPTION_OF: Record<string, string> = {
  rMin: '--rmin',
  rMax: '--rmax',
  m: '--power',
  n: '--factor',
  alpha: '--alpha',
  beta: '--beta',
  r: '--at',
  seed: '--seed',
  'options.points': '--points',
  'options.range': '--range',
  'options.marks': '--marks',
  'options.acks': '--acks',
  'options.start': '--start',
  'options.markProbability': '--mark-probability',
};

/**
 * Runs `body`, renaming a library parameter in an error to the option the user typed. The rate `r`
 * is `--at` only when --at was given: otherwise it is a rate the command computed (a grid point of
 * --check), and blaming --at would name an option the user never typed.
 */
function withOptionNames<T>(body: () => T, atGiven = true): T {
  try {
    return body();
  } catch (e) {
    if (atGiven) throw asOptionError(e, OPTION_OF, true);
    const { r: _r, ...others } = OPTION_OF;
    throw asOptionError(e, others, true);
  }
}

function buildFunction(o: RateOptions): ResponseFunction {
  const name = o.function;
  const own = OWN[name];
  if (own === undefined) throw new InvalidParameterError('--function', "one of 'pipd', 'fimd', 'lipd', 'aimd'", name);
  // --m and --n are capacities in `credit` and `sim`; here they were PIPD's power and FIMD's factor.
  if (o.m !== undefined) throw new InvalidParameterError('--m', 'written --power here (the PIPD power m; --m is a capacity in credit and sim)', o.m);
  if (o.n !== undefined) throw new InvalidParameterError('--n', 'written --factor here (the FIMD factor n; --n is a capacity in credit and sim)', o.n);
  for (const key of ['power', 'factor', 'alpha', 'beta'] as const) {
    if (o[key] !== undefined && !own.includes(key)) throw new InvalidParameterError(`--${key}`, `absent with --function ${name}`, o[key]);
  }
  const rMin = single('--rmin', o.rmin);
  const rMax = single('--rmax', o.rmax);
  return withOptionNames(() => {
    switch (name) {
      case 'pipd':
        return pipd({ rMin, rMax, m: o.power === undefined ? 4 : single('--power', o.power) });
      case 'fimd':
        return fimd({ rMin, rMax, n: o.factor === undefined ? 4 : single('--factor', o.factor) });
      case 'lipd':
        return lipd({ rMin, rMax });
      default:
        if (o.alpha === undefined || o.beta === undefined) {
          throw new InvalidParameterError(o.alpha === undefined ? '--alpha' : '--beta', 'given with --function aimd', undefined);
        }
        return aimd({ rMin, rMax, alpha: single('--alpha', o.alpha), beta: single('--beta', o.beta) });
    }
  });
}

function describeFunction(fn: ResponseFunction): string {
  return `${fn.name}  ${Object.entries(fn.params)
    .map(([k, v]) => `${k}=${formatNumber(v)}`)
    .join('  ')}`;
}

/**
 * Why (1) fails when the design range is empty, in words — and for PIPD, which is not scale-free
 * (docs/models.md §10), the rate units s in which it would have a design range: (R_min/s)^m ≤ R_max/s
 * gives s ≥ (R_min^m/R_max)^(1/(m−1)), and s < R_min keeps R_min/s > 1.
 */
function emptyDesignRange(fn: ResponseFunction): string[] {
  const lines = [
    `every decrease lands on R_min or below it (f_dec(R_max) = ${formatNumber(fn.decrease(fn.rMax))}), ` +
      `and the next unmarked ACK from R_min gives f_inc(R_min) = ${formatNumber(fn.increase(fn.rMin))}`,
  ];
  if (fn.name === 'pipd') {
    const m = fn.params.m!;
    const smallest = Math.exp((m * Math.log(fn.rMin) - Math.log(fn.rMax)) / (m - 1));
    lines.push(
      `PIPD is not scale-free: R_min^m > R_max in this rate unit; with rates in a unit ` +
        `${formatNumber(smallest)} to ${formatNumber(fn.rMin)} times larger its design range is not empty (docs/congestion.md)`,
    );
  }
  return lines;
}

interface ConditionRow {
  readonly label: string;
  readonly detail: ConditionDetail;
}

const CHECK_COLUMNS: Column<ConditionRow>[] = [
  { header: 'condition', value: (r) => r.label },
  { header: 'holds', value: (r) => (r.detail.holds ? 'yes' : 'no') },
  { header: header('from', 'pkt/t'), value: (r) => r.detail.from },
  { header: header('to', 'pkt/t'), value: (r) => r.detail.to },
  { header: header('worst at', 'pkt/t'), value: (r) => r.detail.worst?.rate ?? NaN },
  { header: header('lower rate', 'pkt/t'), value: (r) => (r.detail.worst?.lowerRate === undefined ? '' : formatNumber(r.detail.worst.lowerRate)) },
  // value and bound are rates for condition (1), times for (2) and (3): the unit column says which.
  { header: 'unit', value: (r) => (r.label.startsWith('(1)') ? 'pkt/t' : 't') },
  { header: header('value', 'unit'), value: (r) => r.detail.worst?.value ?? NaN },
  { header: header('bound', 'unit'), value: (r) => r.detail.worst?.bound ?? NaN },
  { header: header('violation', '1'), value: (r) => r.detail.worst?.violation ?? NaN, digits: 3 },
];

interface AtRow {
  readonly rate: number;
  readonly increase: number;
  readonly decrease: number;
  readonly recoveryTime: number;
  readonly recoveryAcks: number;
}

const AT_COLUMNS: Column<AtRow>[] = [
  { header: header('rate', 'pkt/t'), value: (r) => r.rate },
  { header: header('increase', 'pkt/t'), value: (r) => r.increase },
  { header: header('decrease', 'pkt/t'), value: (r) => r.decrease },
  { header: header('recoveryTime', 't'), value: (r) => r.recoveryTime },
  { header: header('acks', 'ACKs'), value: (r) => r.recoveryAcks },
];

const TRAJECTORY_COLUMNS: Column<TrajectoryPoint>[] = [
  { header: header('ack', '#'), value: (p) => p.ack },
  { header: header('time', 't'), value: (p) => p.time },
  { header: header('marked', '0/1'), value: (p) => (p.ack === 0 ? '' : p.marked ? '1' : '0') },
  { header: header('rate', 'pkt/t'), value: (p) => p.rate },
];

function runRate(o: RateOptions): string {
  const modes = [o.check, o.at !== undefined, o.trajectory].filter(Boolean).length;
  if (modes !== 1) throw new InvalidParameterError('--check/--at/--trajectory', 'exactly one of them', modes === 0 ? 'none' : 'several');
  if (!o.check && (o.points !== undefined || o.range !== undefined)) {
    throw new InvalidParameterError(o.points !== undefined ? '--points' : '--range', 'used with --check', o.points ?? o.range);
  }
  if (!o.trajectory) {
    for (const [flag, v] of [['--marks', o.marks], ['--mark-probability', o.markProbability], ['--seed', o.seed], ['--acks', o.acks], ['--start', o.start], ['--every', o.every]] as const) {
      if (v !== undefined) throw new InvalidParameterError(flag, 'used with --trajectory', v);
    }
  }
  const fn = buildFunction(o);

  if (o.check) {
    const points = o.points === undefined ? undefined : single('--points', o.points, true);
    const report = checkConditions(fn, {
      ...(points === undefined ? {} : { points }),
      ...(o.range === undefined ? {} : { range: o.range as 'design' | 'full' }),
    });
    if (o.json) return resultsToJson(report);
    const d = report.details;
    const head = [
      describeFunction(fn),
      `design range [f_dec^-1(R_min), R_max] = [${formatNumber(report.designRangeStart)}, ${formatNumber(fn.rMax)}]` +
        (report.note === undefined ? `; (1) and (2) checked on the ${report.range} range` : ': empty; checked on [R_min, R_max]'),
    ];
    if (report.note !== undefined) appendAll(head, emptyDesignRange(fn));
    const rows: ConditionRow[] = [
      { label: '(1) avoids congestion', detail: d.avoidsCongestion },
      { label: '(2) fair', detail: d.fair },
      { label: '(3) efficient', detail: d.efficient },
    ];
    return `${head.join('\n')}\n${formatTable(rows, CHECK_COLUMNS)}`;
  }

  if (o.at !== undefined) {
    const rates = parseSweep('--at', o.at);
    const rows: AtRow[] = rates.map((rate) => {
      const detail = recoveryDetail(fn, rate);
      return { rate, increase: fn.increase(rate), decrease: fn.decrease(rate), recoveryTime: detail.time, recoveryAcks: detail.acks };
    });
    if (o.json) {
      const records = rows.map(({ rate, increase, decrease, recoveryTime }) => ({ rate, increase, decrease, recoveryTime }));
      return resultsToJson(records.length === 1 ? records[0] : records);
    }
    return `${describeFunction(fn)}\n${formatTable(rows, AT_COLUMNS)}`;
  }

  // --trajectory
  if (o.marks === undefined && o.markProbability === undefined) {
    throw new InvalidParameterError('--marks', 'given with --trajectory (or --mark-probability with --acks)', undefined);
  }
  if (o.marks !== undefined && o.markProbability !== undefined) throw new InvalidParameterError('--marks', 'absent with --mark-probability', o.marks);
  if (o.acks === undefined && o.markProbability !== undefined) throw new InvalidParameterError('--acks', 'given with --mark-probability', undefined);
  if (o.seed !== undefined && o.markProbability === undefined) throw new InvalidParameterError('--seed', 'used with --mark-probability', o.seed);
  const acks = o.acks === undefined ? undefined : single('--acks', o.acks, true);
  const every = o.every === undefined ? 1 : single('--every', o.every, true);
  if (!(every >= 1)) throw new InvalidParameterError('--every', 'an integer >= 1', o.every);
  const start = o.start === undefined ? undefined : single('--start', o.start);
  const path = rateTrajectory(fn, {
    ...(start === undefined ? {} : { start }),
    ...(acks === undefined ? {} : { acks }),
    ...(o.markProbability === undefined
      ? { marks: o.marks! }
      : {
          markProbability: single('--mark-probability', o.markProbability),
          random: seededStream(o.seed === undefined ? 1 : single('--seed', o.seed, true)),
        }),
  });
  const shown = path.points.filter((_p, k) => k % every === 0 || k === path.points.length - 1);
  if (o.json) return resultsToJson({ ...path, points: shown });
  return [
    describeFunction(fn),
    formatTable(shown, TRAJECTORY_COLUMNS),
    `marked ACKs ${path.markedAcks} of ${path.points.length - 1}; time-average rate ${formatNumber(path.timeAverageRate)}`,
  ].join('\n');
}

/** Registers `ibqos rate`. */
export function registerRate(program: Command): void {
  program
    .command('rate')
    .description('source response functions PIPD, FIMD, LIPD, AIMD: design conditions, values, trajectories (docs/congestion.md); give exactly one of --check, --at, --trajectory')
    .addHelpText('after', '\nUnits (docs/glossary.md): rates in packets per time unit t, the unit of --rmin and --rmax (the thesis: packets/s); times in t.\n')
    .requiredOption('--function <name>', "'pipd', 'fimd', 'lipd' or 'aimd'")
    .requiredOption('--rmin <rate>', 'R_min, in the rate unit you choose (PIPD: > 1 in that unit)')
    .requiredOption('--rmax <rate>', 'R_max > R_min, in the unit of --rmin (times come out in its reciprocal: seconds for packets/s)')
    .option('--power <m>', 'PIPD power m > 1 (default 4, the thesis)')
    .option('--factor <n>', 'FIMD factor n > 1 (default 4, the thesis)')
    .addOption(new Option('--m <power>').hideHelp())
    .addOption(new Option('--n <factor>').hideHelp())
    .option('--alpha <step>', 'AIMD additive step α > 0 (required with aimd)')
    .option('--beta <factor>', 'AIMD multiplicative factor 0 < β < 1 (required with aimd)')
    .option('--check', 'report whether conditions (1)-(3) hold over a rate grid, with the worst point of each')
    .option('--points <count>', 'with --check: grid points, geometric, ends included (default 256)')
    .option('--range <which>', "with --check: 'design' [f_dec^-1(R_min), R_max] (default) or 'full' [R_min, R_max]")
    .option('--at <rates>', 'print increase, decrease and recovery time at these rates (a value, a list a,b,c or a range a:b[:step])')
    .option('--trajectory', 'print the rate path under a sequence of marked/unmarked ACKs')
    .option('--marks <pattern>', "with --trajectory: ACKs as a string of 0 (unmarked) and 1 (marked), repeated to --acks")
    .option('--mark-probability <p>', 'with --trajectory: mark each ACK independently with probability p (needs --acks)')
    .option('--seed <seed>', 'with --mark-probability: the random stream seed (default 1)')
    .option('--acks <count>', 'with --trajectory: number of ACKs (default: the length of --marks)')
    .option('--start <rate>', 'with --trajectory: the rate at time 0 (default R_max)')
    .option('--every <k>', 'with --trajectory: print every k-th point (and the last)')
    .option('--json', 'print JSON: the conditions report, the {rate, increase, decrease, recoveryTime} record(s), or the trajectory')
    .action((opts: RateOptions, cmd: Command) => {
      const text = withOptionNames(() => runRate(opts), opts.at !== undefined);
      const { write } = commandOutput(cmd);
      write(`${text}\n`);
    });
}
