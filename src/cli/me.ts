/**
 * `ibqos me`: the maximum-entropy GE-type queues (GE/GE/1, GE/GE/1/N, ET and AJT) from the command
 * line, swept over λ, K, Ca² and Cs², printed as a table or as the library's JSON records.
 *
 *     ibqos me --lambda 2:16:2 --mu 8,16 --thresholds 8 --capacity 16 --ca2 5 --cs2 7
 *
 * `--lambda`, `--capacity`, `--ca2`, `--cs2` take a value, a list a,b,c or a range a:b[:step] (as in
 * `ibqos credit`); `--mu` and `--thresholds` are comma lists that describe one queue (the rate of
 * each regime, the thresholds between them), not sweeps.
 */
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { gege1, gege1nThreshold, solveGeQueueExact, type GeQueueResult } from '../me/index.js';
import { asOptionError, commandOutput } from './output.js';
import { mapWithProgress } from './work/progress.js';
import { resultsToJson } from '../present/json.js';
import { formatNumber } from '../present/number.js';
import { formatTable, type Column } from '../present/table.js';
import { cartesian, parseList, parseSweep } from './sweep/sweep.js';
import { header } from './vocabulary.js';

interface MeOptions {
  readonly lambda: string;
  readonly mu: string;
  readonly thresholds?: string;
  readonly capacity: string;
  readonly ca2: string;
  readonly cs2: string;
  readonly variant: string;
  readonly exact?: boolean;
  readonly batchAcceptance?: string;
  readonly regimeCs2?: string;
  readonly json?: boolean;
}

/** The table: the glossary's symbols and units (docs/glossary.md; t = the time unit of the rates). */
const COLUMNS: Column<GeQueueResult>[] = [
  { header: header('lambda', '1/t'), value: (r) => r.lambda },
  { header: header('ca2', '1'), value: (r) => r.ca2 },
  { header: header('cs2', '1'), value: (r) => (typeof r.cs2 === 'number' ? r.cs2 : r.cs2.join(',')) },
  { header: header('K', 'jobs'), value: (r) => r.capacity },
  { header: header('P(0)', 'prob'), value: (r) => r.emptyProbability },
  { header: header('P(K)', 'prob'), value: (r) => r.fullProbability },
  { header: header('π', 'prob'), value: (r) => r.blockingProbability },
  { header: header('L', 'jobs'), value: (r) => r.meanQueueLength },
  { header: header('U', 'prob'), value: (r) => r.utilization },
  { header: header('X', 'jobs/t'), value: (r) => r.throughput },
  { header: header('W', 't'), value: (r) => r.responseTime },
];

/** The most P(n) values the --json records of one run may list (8 bytes each in memory, ~20 in JSON). */
const MAX_LISTED_PROBABILITIES = 10_000_000;

/** The library's parameter names, for errors phrased in the command line's option names. */
const OPTION_OF: Record<string, string> = {
  lambda: '--lambda',
  mu: '--mu',
  thresholds: '--thresholds',
  capacity: '--capacity',
  ca2: '--ca2',
  cs2: '--cs2',
  regimeCs2: '--regime-cs2',
  batchAcceptance: '--batch-acceptance',
  variant: '--variant',
};

/**
 * @param cs2Given whether --cs2 was typed (it has a default): with --regime-cs2 it would be ignored,
 *   and a swept --cs2 would print identical rows under different labels, so that is an error.
 */
function solveAll(o: MeOptions, cs2Given = false): GeQueueResult[] {
  const lambdas = parseSweep('--lambda', o.lambda);
  const capacities = parseSweep('--capacity', o.capacity, { integer: true, allowInfinity: true });
  const ca2s = parseSweep('--ca2', o.ca2);
  const cs2s = parseSweep('--cs2', o.cs2);
  const mu = parseList('--mu', o.mu);
  const thresholds = o.thresholds === undefined ? [] : parseList('--thresholds', o.thresholds, { integer: true });
  const variant = o.variant;
  if (variant !== 'exact' && variant !== 'thesis') throw new InvalidParameterError('--variant', "one of 'exact', 'thesis'", variant);
  if (!o.exact && (o.batchAcceptance !== undefined || o.regimeCs2 !== undefined)) {
    throw new InvalidParameterError(
      o.batchAcceptance !== undefined ? '--batch-acceptance' : '--regime-cs2',
      'used with --exact (the closed forms assume partial acceptance and one Cs2)',
      o.batchAcceptance ?? o.regimeCs2,
    );
  }
  if (o.regimeCs2 !== undefined && cs2Given) {
    throw new InvalidParameterError('--cs2', 'absent when --regime-cs2 is given (it replaces --cs2)', o.cs2);
  }
  const regimeCs2 = o.regimeCs2 === undefined ? undefined : parseList('--regime-cs2', o.regimeCs2);
  const points = cartesian([
    ['capacity', capacities],
    ['ca2', ca2s],
    ['cs2', cs2s],
    ['lambda', lambdas],
  ] as const);
  if (o.json) {
    // Each record lists P(0..K): a sweep of large K would fill memory with them before printing.
    const listed = points.reduce((t, p) => t + (Number.isFinite(p.capacity) ? p.capacity + 1 : 0), 0);
    if (listed > MAX_LISTED_PROBABILITIES) {
      throw new InvalidParameterError(
        '--capacity',
        `small enough with --json that the records list at most ${MAX_LISTED_PROBABILITIES} probabilities P(n) in all (the table lists none)`,
        `${o.capacity} (${listed} over ${points.length} points)`,
      );
    }
  }
  return mapWithProgress(points, (p) => {
    try {
      const r = solvePoint(p);
      // The table prints no P(n): keep the record without its distribution.
      return o.json ? r : { ...r, probabilities: [] };
    } catch (e) {
      throw asOptionError(e, OPTION_OF);
    }
  });

  function solvePoint(p: { capacity: number; ca2: number; cs2: number; lambda: number }): GeQueueResult {
    if (p.capacity === Infinity) {
      if (thresholds.length > 0 || mu.length !== 1 || o.exact || variant === 'thesis') {
        throw new InvalidParameterError(
          '--capacity',
          'finite with --thresholds, several --mu rates, --exact or --variant thesis (only GE/GE/1 has an infinite buffer)',
          'inf',
        );
      }
      return gege1({ lambda: p.lambda, mu: mu[0]!, ca2: p.ca2, cs2: p.cs2 });
    }
    const params = { lambda: p.lambda, ca2: p.ca2, cs2: p.cs2, capacity: p.capacity, thresholds, mu };
    if (!o.exact) return gege1nThreshold({ ...params, variant: variant as 'exact' | 'thesis' });
    if (variant === 'thesis') throw new InvalidParameterError('--variant', "'exact' with --exact (the chain has no thesis variant)", variant);
    const { cs2, ...rest } = params;
    return solveGeQueueExact({
      ...rest,
      ...(regimeCs2 === undefined ? { cs2 } : { regimeCs2 }),
      ...(o.batchAcceptance === undefined ? {} : { batchAcceptance: o.batchAcceptance as 'partial' | 'whole' }),
    });
  }
}

/** Registers `ibqos me`. */
export function registerMe(program: Command): void {
  program
    .command('me')
    .description('maximum-entropy GE-type queues: GE/GE/1, GE/GE/1/N and the ET/AJT threshold queues (docs/me.md)')
    .requiredOption('--lambda <values>', 'offered arrival rate λ per unit time: a value, a list a,b,c or a range a:b[:step]')
    .requiredOption('--mu <rates>', 'service rate, or one rate per regime μ1,μ2,… (one more than the thresholds; not a sweep)')
    .option('--thresholds <list>', 'thresholds T1,T2,… (integers in 1..K+1, increasing): T_r is the first state served at μ_(r+1)')
    .option('--capacity <values>', 'capacity K (the job in service included), swept like --lambda; inf for GE/GE/1', 'inf')
    .option('--ca2 <values>', 'SCV of the inter-arrival times, >= 1, swept like --lambda', '1')
    .option('--cs2 <values>', 'SCV of the service times, >= 1, swept like --lambda', '1')
    .option('--variant <name>', "'exact' or 'thesis' (the thesis's y = ρ/g; docs/me.md)", 'exact')
    .option('--exact', 'solve the exact Markov chain (docs/me.md) instead of the closed form')
    .option('--batch-acceptance <mode>', "with --exact: 'partial' (default) or 'whole' (a batch that does not fit is lost whole)")
    .option('--regime-cs2 <list>', 'with --exact: one Cs2 per regime (replaces --cs2; the closed forms are not exact then)')
    .option('--json', 'print the result records (library field names) as a JSON array')
    .addHelpText(
      'after',
      '\nColumns (docs/glossary.md; t = the time unit of the rates): P(0) empty, P(K) full; blocking probability π\n' +
        '(jobs lost / jobs offered); mean queue length L; utilisation U = 1 − P(0); throughput X; response time W = L/X.\n',
    )
    .action((opts: MeOptions, cmd: Command) => {
      const results = solveAll(opts, cmd.getOptionValueSource('cs2') !== 'default');
      const { write, warn } = commandOutput(cmd);
      write(`${opts.json ? resultsToJson(results) : formatTable(results, COLUMNS)}\n`);
      // Notes (thesis variant, chain-only options) go to stderr so the table stays machine-readable;
      // with --json they are in each record's `note` field.
      const notes = [...new Set(results.map((r) => r.note).filter((n): n is string => n !== undefined))];
      // The table prints inf for an unstable queue; say why, as `ibqos sim` does.
      for (const r of results) {
        if (!r.stable && !opts.json) {
          warn(`note: λ = ${formatNumber(r.lambda)} ≥ μ = ${formatNumber(r.mu[r.mu.length - 1]!)} on an infinite buffer: unstable (no steady state); its L and W are inf (docs/me.md)\n`);
        }
      }
      if (!opts.json) for (const n of notes) warn(`note: ${n}\n`);
    });
}
