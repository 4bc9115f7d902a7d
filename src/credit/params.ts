/**
 * Parameters of the credit-based tandem chain (docs/models.md §6.1) and the checking front door.
 *
 * Node 1 (upstream, capacity n, the packet in service included) forwards to Node 2 (downstream,
 * capacity m) only while Node 2 has a free buffer (a credit); Poisson arrivals at rate λ,
 * exponential forwarding at rate μ1, exponential service at Node 2 at rate μ2. Rates are per unit
 * time (any unit, used consistently: times come out in its reciprocal); capacities count packets.
 */
import { InvalidParameterError } from '../core/errors.js';
import { capacityOrInfinity, integerAtLeast, knownKeys, oneOf, plainObject, positiveRate } from '../core/guards.js';
import { defaultGemmThreads } from '../linalg/gemmThreads.js';

/** The chain's parameters, as a plain JSON-friendly object. */
export interface CreditChainParams {
  /** λ: arrival rate at Node 1 (lost arrivals included), finite > 0. */
  readonly lambda: number;
  /** μ1: forwarding rate of Node 1 when it holds a credit, finite > 0. */
  readonly mu1: number;
  /** μ2: service rate of Node 2, finite > 0. */
  readonly mu2: number;
  /** n: capacity of Node 1 (integer ≥ 1) or `Infinity` for an unbounded source queue. */
  readonly upstreamCapacity: number;
  /** m: capacity of Node 2 = the number of credits (integer ≥ 1). */
  readonly downstreamCapacity: number;
}

/** The methods of {@link solveCreditChain}. */
export const CREDIT_METHODS = ['auto', 'dense', 'exact', 'structured', 'multilevel', 'geometric', 'geometric-split'] as const;
export type CreditMethod = (typeof CREDIT_METHODS)[number];
/** A method that actually solves (everything but `auto`). */
export type CreditSolverMethod = Exclude<CreditMethod, 'auto'>;

/** Options of {@link solveCreditChain}. */
export interface CreditSolveOptions {
  /**
   * Default `'auto'`: when n = ∞, `geometric-split` for m ≥ 192 with λ ≤ 0.95 × the saturation
   * throughput, `geometric` otherwise (near the stability boundary and for smaller m); `structured` when ⌈log2(max(n,m)+1)⌉·(min(n,m)+1)³ ≤ 2e9
   * (a direct method, full relative accuracy, about 2 s at most); `multilevel` otherwise.
   */
  readonly method?: CreditMethod;
  /**
   * Tolerance handed to the kernels (`multilevel` stops at ‖πQ‖∞ ≤ tolerance, `geometric` at
   * ‖e − Ge‖∞ ≤ tolerance, `structured` is direct and ignores it); default 1e-12. The
   * front door rejects a kernel answer whose residual ‖πQ‖∞ exceeds 100·tolerance·(λ+μ1+μ2).
   * The direct methods (`dense`, `exact`) ignore it.
   */
  readonly tolerance?: number;
  /**
   * Threads for the dense products of `geometric` and `structured` (an integer in 1..1024; default
   * the machine's available parallelism, `os.availableParallelism()`). The answer is the same bit
   * for bit whatever the count: each product is split by columns, every entry computed as on one
   * thread. Used only for chains with at least {@link THREADED_MIN_PHASES} phases (smaller ones
   * run on one thread: starting a worker costs more than it saves), and at most 16 threads take
   * part in a product. The other methods ignore it.
   */
  readonly threads?: number;
}

/**
 * Chains whose dense blocks are smaller than this (b = m + 1 phases for n = ∞, min(n, m) + 1 for a
 * finite chain) run on one thread whatever `threads` says, so that small chains never pay for
 * starting a worker. The figures behind it (benchmarks/README.md): a worker's constructor took
 * 7–52 ms of the calling thread here (load average 12) and the worker was ready 70–150 ms later,
 * while a one-core solve takes ≈ 5 ms at m = 64, ≈ 15–20 ms at m = 128 and ≈ 30 ms at m = 160
 * (the measured 0.12–0.16 s at m = 256 scaled by m³): below ≈ 160 phases the first solve of a
 * process cannot gain from a second thread. (A quiet-machine sweep of the crossover could not be
 * made: the load average stayed at 12–14 through issue 35's session.)
 */
export const THREADED_MIN_PHASES = 160;

/** Largest value of {@link CreditSolveOptions.threads}. */
export const MAX_CREDIT_THREADS = 1024;

/** Default of {@link CreditSolveOptions.tolerance}. */
export const DEFAULT_CREDIT_TOLERANCE = 1e-12;

/** Checked parameters with the short names of the model: n may be Infinity. */
export interface CheckedCreditParams {
  readonly lambda: number;
  readonly mu1: number;
  readonly mu2: number;
  readonly n: number;
  readonly m: number;
}

/** Largest number of states (n+1)(m+1) of a finite chain any method will build. */
export const MAX_FINITE_STATES = 50_000_000;
/** Largest number of phases m+1 the geometric method accepts (its rate matrix R is dense). */
export const MAX_GEOMETRIC_PHASES = 2049;

const PARAM_KEYS = ['lambda', 'mu1', 'mu2', 'upstreamCapacity', 'downstreamCapacity'] as const;

/**
 * Checks the parameters and returns them with the model's short names.
 *
 * Rules: `lambda`, `mu1`, `mu2` finite numbers > 0; `upstreamCapacity` an integer ≥ 1 or Infinity;
 * `downstreamCapacity` an integer ≥ 1 (with m = 0 Node 1 could never forward: no credit exists);
 * a finite chain has at most {@link MAX_FINITE_STATES} states; unknown keys are rejected.
 *
 * @throws InvalidParameterError naming the parameter, the rule and the value.
 */
export function checkCreditParams(params: unknown): CheckedCreditParams {
  const p = plainObject('params', params);
  knownKeys('params', p, PARAM_KEYS);
  const lambda = positiveRate('lambda', p.lambda);
  const mu1 = positiveRate('mu1', p.mu1);
  const mu2 = positiveRate('mu2', p.mu2);
  const n = capacityOrInfinity('upstreamCapacity', p.upstreamCapacity, 1);
  const m = integerAtLeast('downstreamCapacity', p.downstreamCapacity, 1);
  if (Number.isFinite(n) && (n + 1) * (m + 1) > MAX_FINITE_STATES) {
    throw new InvalidParameterError(
      'upstreamCapacity',
      `such that the chain has at most ${MAX_FINITE_STATES} states ((n+1)(m+1) = ${(n + 1) * (m + 1)} with m = ${m})`,
      n,
    );
  }
  return { lambda, mu1, mu2, n, m };
}

/** Checked options: the requested method and the tolerance. */
export interface CheckedCreditOptions {
  readonly method: CreditMethod;
  readonly tolerance: number;
  readonly threads: number;
}

/**
 * Checks the options object (`undefined` means all defaults).
 *
 * @throws InvalidParameterError for an unknown key, an unknown method, a tolerance that is not
 *   a finite number in (0, 1e-3], or a thread count that is not an integer in 1..1024.
 */
export function checkCreditOptions(options: unknown): CheckedCreditOptions {
  if (options === undefined) return { method: 'auto', tolerance: DEFAULT_CREDIT_TOLERANCE, threads: defaultGemmThreads() };
  const o = plainObject('options', options);
  knownKeys('options', o, ['method', 'tolerance', 'threads']);
  const method = o.method === undefined ? 'auto' : oneOf('options.method', o.method, CREDIT_METHODS);
  let tolerance = DEFAULT_CREDIT_TOLERANCE;
  if (o.tolerance !== undefined) {
    const t = o.tolerance;
    if (typeof t !== 'number' || !Number.isFinite(t) || !(t > 0) || t > 1e-3) {
      throw new InvalidParameterError('options.tolerance', 'a finite number in (0, 1e-3]', t);
    }
    tolerance = t;
  }
  let threads = defaultGemmThreads();
  if (o.threads !== undefined) {
    const t = o.threads;
    if (typeof t !== 'number' || !Number.isSafeInteger(t) || t < 1 || t > MAX_CREDIT_THREADS) {
      throw new InvalidParameterError('options.threads', `an integer in 1..${MAX_CREDIT_THREADS}`, t);
    }
    threads = t;
  }
  return { method, tolerance, threads };
}

/** Number of states (n+1)(m+1) of a finite chain. */
export function creditStateCount(n: number, m: number): number {
  return (n + 1) * (m + 1);
}
