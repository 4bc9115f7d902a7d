/**
 * `ibqos credit`: the credit-based tandem chain (docs/models.md §6) from the command line, swept over
 * λ, μ1, μ2, n and m, printed as a table (one row per parameter point) or as the library's JSON
 * records.
 *
 *     ibqos credit --lambda 5 --mu1 6 --mu2 8 --n 12 --m 2:11
 *
 * Every numeric option takes a value, a list a,b,c or a range a:b (integers) / a:b:step; `--n inf`
 * means an unbounded upstream queue. Omitted options take the thesis's experiment: λ = 5, μ1 = 6,
 * μ2 = 8, n = 12, m = 2:11. Points are swept with m varying fastest, then n, μ2, μ1, λ.
 */
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { oneOf } from '../core/guards.js';
import { CREDIT_METHODS, saturationThroughput, solveCreditChain, type CreditChainResult, type CreditMethod } from '../credit/index.js';
import { resultsToJson } from '../present/json.js';
import { formatNumber } from '../present/number.js';
import { formatTable, type Column } from '../present/table.js';
import { asOptionError, commandOutput } from './output.js';
import { announceWork, mapWithProgress } from './work/progress.js';
import { creditWork, LARGE_STATES } from './work/workEstimate.js';
import { cartesian, parseSweep } from './sweep/sweep.js';
import { header } from './vocabulary.js';

interface CreditOptions {
  readonly lambda: string;
  readonly mu1: string;
  readonly mu2: string;
  readonly n: string;
  readonly m: string;
  readonly method: string;
  readonly tolerance?: string;
  readonly threads?: string;
  readonly json?: boolean;
}

/**
 * The table: the glossary's symbols and units (docs/glossary.md; t = the time unit of the rates).
 * The thesis's chapter 4 writes T and R for the throughput X and the response time W.
 */
const COLUMNS: Column<CreditChainResult>[] = [
  { header: header('lambda', '1/t'), value: (r) => r.params.lambda },
  { header: header('mu1', '1/t'), value: (r) => r.params.mu1 },
  { header: header('mu2', '1/t'), value: (r) => r.params.mu2 },
  { header: header('n', 'jobs'), value: (r) => r.params.upstreamCapacity },
  { header: header('m', 'jobs'), value: (r) => r.params.downstreamCapacity },
  { header: header('L1', 'jobs'), value: (r) => r.meanQueueLength.upstream },
  { header: header('L2', 'jobs'), value: (r) => r.meanQueueLength.downstream },
  { header: header('L', 'jobs'), value: (r) => r.meanQueueLength.total },
  { header: header('X', 'jobs/t'), value: (r) => r.throughput },
  { header: header('W', 't'), value: (r) => r.responseTime },
  { header: header('π1', 'prob'), value: (r) => r.upstreamLossProbability },
  { header: header('Pcb', 'prob'), value: (r) => r.creditBlockedProbability },
  { header: 'method', value: (r) => r.diagnostics.method },
];

/** The library's parameter names, for errors phrased in the command line's option names. */
const OPTION_OF: Record<string, string> = {
  lambda: '--lambda',
  mu1: '--mu1',
  mu2: '--mu2',
  upstreamCapacity: '--n',
  downstreamCapacity: '--m',
  'options.method': '--method',
  'options.tolerance': '--tolerance',
  'options.threads': '--threads',
};

function parseTolerance(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const t = Number(text);
  if (text.trim() === '' || !Number.isFinite(t)) throw new InvalidParameterError('--tolerance', 'a number', text);
  return t;
}

/** `--threads`: an integer (its range is the library's rule, options.threads). */
function parseThreads(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\s*[+-]?\d+\s*$/.test(text)) throw new InvalidParameterError('--threads', 'an integer', text);
  return Number(text);
}

function solveAll(o: CreditOptions, warn: (text: string) => void): CreditChainResult[] {
  const method = oneOf('--method', o.method, CREDIT_METHODS) as CreditMethod;
  const tolerance = parseTolerance(o.tolerance);
  const threads = parseThreads(o.threads);
  const points = cartesian([
    ['lambda', parseSweep('--lambda', o.lambda)],
    ['mu1', parseSweep('--mu1', o.mu1)],
    ['mu2', parseSweep('--mu2', o.mu2)],
    ['n', parseSweep('--n', o.n, { integer: true, allowInfinity: true })],
    ['m', parseSweep('--m', o.m, { integer: true })],
  ] as const);
  announceWork('credit', creditWork(points), LARGE_STATES, warn, points.length > 1 ? 'progress on stderr when it is a terminal' : 'no progress is shown meanwhile');
  return mapWithProgress(points, (p) => {
    const params = { lambda: p.lambda, mu1: p.mu1, mu2: p.mu2, upstreamCapacity: p.n, downstreamCapacity: p.m };
    try {
      return solveCreditChain(params, {
        method,
        ...(tolerance === undefined ? {} : { tolerance }),
        ...(threads === undefined ? {} : { threads }),
      });
    } catch (e) {
      throw asOptionError(e, OPTION_OF);
    }
  });
}

/** Registers `ibqos credit`. */
export function registerCredit(program: Command): void {
  program
    .command('credit')
    .description("credit-based flow control: the two-node tandem chain of docs/credit.md (defaults: the thesis's experiment)")
    .option('--lambda <values>', 'arrival rate λ at Node 1 per unit time: a value, a list a,b,c or a range a:b[:step]', '5')
    .option('--mu1 <values>', 'forwarding rate μ1 of Node 1 (when it holds a credit), swept like --lambda', '6')
    .option('--mu2 <values>', 'service rate μ2 of Node 2, swept like --lambda', '8')
    .option('--n <values>', 'capacity n of Node 1 (integer >= 1, or inf for an unbounded queue), swept like --lambda', '12')
    .option('--m <values>', 'capacity m of Node 2 = number of credits (integer >= 1), swept like --lambda', '2:11')
    .option('--method <name>', `${CREDIT_METHODS.join(' | ')}`, 'auto')
    .option('--tolerance <t>', 'tolerance of the iterative kernels (default 1e-12)')
    .option('--threads <k>', 'threads for the dense products of geometric and structured, 1..1024 (default: the available cores; same answer whatever k)')
    .option('--json', 'print the result records (library field names) as a JSON array; Infinity as "Infinity"')
    .addHelpText(
      'after',
      '\nColumns (docs/glossary.md; t = the time unit of the rates): mean queue lengths L1, L2, L; throughput X;\n' +
        'response time W = L/X; blocking probability π1 at Node 1 (JSON upstreamLossProbability); credit-blocked\n' +
        'probability Pcb (Node 1 holds a packet but no credit). The thesis writes T and R for X and W.\n',
    )
    .action((opts: CreditOptions, cmd: Command) => {
      const { write, warn } = commandOutput(cmd);
      const results = solveAll(opts, warn);
      write(`${opts.json ? resultsToJson(results) : formatTable(results, COLUMNS)}\n`);
      // The table prints inf for an unstable chain; say why, as `ibqos sim` does (--json has `stable`).
      if (!opts.json) {
        for (const r of results) {
          if (r.stable) continue;
          const { lambda, mu1, mu2, downstreamCapacity: m } = r.params;
          warn(
            `note: λ = ${formatNumber(lambda)} ≥ μ1·P(j < m) = ${formatNumber(saturationThroughput(mu1, mu2, m))} at m = ${m} with an unbounded Node 1: ` +
              'unstable (no steady state); its L1, L and R are inf (docs/credit.md)\n',
          );
        }
      }
    });
}
