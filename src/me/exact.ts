/**
 * The exact Markov chain behind the GE-type queues (docs/models.md §5), built and solved numerically:
 * the library's own proof of the closed forms, and the answer where no closed form holds (a
 * per-regime Cs², whole-batch rejection).
 *
 * States n = 0..K (jobs present). With batch rate b = τλ and q = 1 − τ:
 *
 * Arrivals, partial batch acceptance (docs/models.md §1.3 rules 1–3): a batch's members are offered one
 * at a time; each is admitted while n < K, and one reaching an idle server leaves at once with
 * probability 1 − σ(1). From 0, with s = σ(1) and D₁ = s + τ(1 − s):
 *     q(0→m) = b·sτq^(m−1)/D₁ (1 ≤ m ≤ K−1),  q(0→K) = b·s·q^(K−1)/D₁
 * and from 1 ≤ n ≤ K−1:  q(n→m) = b·τq^(m−n−1) (m ≤ K−1),  q(n→K) = b·q^(K−n−1).
 *
 * Arrivals, whole-batch rejection (option): a batch of size B is admitted only if n + B ≤ K, else all
 * of it is lost. From n ≥ 1: q(n→n+k) = b·τq^(k−1), 1 ≤ k ≤ K−n. From 0 a batch of size k ≤ K
 * is admitted and its leading members may leave at once: q(0→m) = b·Σ_{k=m}^{K} τq^(k−1)(1−s)^(k−m)s.
 *
 * Service: in state n the server completes at rate σ(n)μ(n); after a completion the next job starts
 * and has zero work with probability 1 − σ(j), j the number then present, so it leaves at once:
 *     q(n→j) = σ(n)μ(n)·Π_{i=j+1}^{n−1}(1 − σ(i))·σ(j) (1 ≤ j ≤ n−1),
 *     q(n→0) = σ(n)μ(n)·Π_{i=1}^{n−1}(1 − σ(i)).
 * With one Cs² (σ(n) = σ) this is docs/models.md §5. With `regimeCs2`, σ(n) is that of n's regime; the
 * chain then assumes the non-zero part of the service in progress completes at rate σ(n)μ(n) in
 * state n (its rate switches with the regime, as μ(n) does).
 *
 * Solved by the GTH algorithm (src/markov), which only adds non-negative numbers, so even tiny
 * probabilities keep full relative accuracy. Dense: O(K³) time, O(K²) memory.
 */
import { InvalidParameterError } from '../core/errors.js';
import { knownKeys, oneOf, plainObject, scvAtLeastOne } from '../core/guards.js';
import { gthKernel } from '../linalg/gth.js';
import { generatorFromTransitions, type SparseGenerator, type Transition } from '../markov/index.js';
import { geParameter, parseQueueParams, type GeThresholdParams, type QueueSpec } from './params.js';
import { regimeCoefficients, regimeMass } from './productForm.js';
import type { GeQueueResult } from './types.js';
import { geQueueDisplay } from './display.js';

/** Largest capacity the dense exact solver accepts (K + 1 ≤ 4001 states: 2 × 128 MB, about a minute). */
export const MAX_EXACT_CAPACITY = 4000;

/** Parameters of the exact chain: those of gege1nThreshold plus the chain-only options. */
export interface GeExactParams extends Omit<GeThresholdParams, 'cs2' | 'variant'> {
  /** Cs² ≥ 1 (may be omitted when `regimeCs2` is given). */
  readonly cs2?: number;
  /** Only 'exact' (the default) is accepted: the chain has no thesis variant. */
  readonly variant?: 'exact';
  /**
   * A Cs² ≥ 1 per regime (one per `mu` entry; needs `thresholds` or a single `mu`). The closed
   * forms are not exact in this case (docs/models.md §4.1); the chain is, under the assumption above.
   */
  readonly regimeCs2?: readonly number[];
  /** 'partial' (default, docs/models.md §1.3 rule 2) or 'whole' (a batch that does not fit is lost whole). */
  readonly batchAcceptance?: 'partial' | 'whole';
}

interface ChainSpec {
  readonly spec: QueueSpec;
  /** μ(n) and σ(n) for n = 0..K (index 0 unused). */
  readonly mu: Float64Array;
  readonly sigma: Float64Array;
  /** σ of each regime. */
  readonly regimeSigma: number[];
  readonly regimeCs2: number[] | undefined;
  readonly whole: boolean;
}

function parseExact(params: GeExactParams): ChainSpec {
  const p = plainObject('params', params);
  knownKeys('params', p, ['lambda', 'ca2', 'cs2', 'capacity', 'thresholds', 'mu', 'variant', 'regimeCs2', 'batchAcceptance']);
  if (p.variant !== undefined && p.variant !== 'exact') {
    throw new InvalidParameterError('variant', "'exact' (the exact chain has no thesis variant)", p.variant);
  }
  if (p.regimeCs2 !== undefined && p.cs2 !== undefined) {
    throw new InvalidParameterError('cs2', 'absent when regimeCs2 is given', p.cs2);
  }
  const spec = parseQueueParams(p, ['regimeCs2', 'batchAcceptance']);
  const whole = p.batchAcceptance === undefined ? false : oneOf('batchAcceptance', p.batchAcceptance, ['partial', 'whole'] as const) === 'whole';
  const { capacity, starts, mus } = spec;
  if (capacity > MAX_EXACT_CAPACITY) {
    throw new InvalidParameterError('capacity', `an integer in 1..${MAX_EXACT_CAPACITY} for the dense exact chain`, capacity);
  }
  let regimeSigma = mus.map(() => spec.sigma);
  let regimeCs2: number[] | undefined;
  if (p.regimeCs2 !== undefined) {
    if (spec.perState) throw new InvalidParameterError('regimeCs2', 'given only with thresholds or a single mu', p.regimeCs2);
    if (!Array.isArray(p.regimeCs2) || p.regimeCs2.length !== mus.length) {
      throw new InvalidParameterError('regimeCs2', `an array of ${mus.length} SCVs (one per mu entry)`, p.regimeCs2);
    }
    regimeCs2 = (p.regimeCs2 as unknown[]).map((c, i) => scvAtLeastOne(`regimeCs2[${i}]`, c));
    regimeSigma = regimeCs2.map(geParameter);
  }
  const mu = new Float64Array(capacity + 1);
  const sigma = new Float64Array(capacity + 1);
  let r = 0;
  for (let n = 1; n <= capacity; n++) {
    while (r + 1 < starts.length && starts[r + 1]! <= n) r++;
    mu[n] = mus[r]!;
    sigma[n] = regimeSigma[r]!;
  }
  return { spec, mu, sigma, regimeSigma, regimeCs2, whole };
}

/** Calls `emit(from, to, rate)` for every off-diagonal rate of the chain (rates may be 0). */
function forEachRate(c: ChainSpec, emit: (from: number, to: number, rate: number) => void): void {
  const { lambda, tau, capacity: k } = c.spec;
  const { mu, sigma, whole } = c;
  const b = tau * lambda;
  const q = 1 - tau;
  const s = sigma[1]!;
  const d1 = s + tau * (1 - s);
  if (!whole) {
    // From 0: the first member that stays (probability s each) is followed by j further members
    // with probability τq^j; leaving members loop back with (1 − s)q, whence the 1/D₁.
    let qp = 1; // q^(m−1)
    for (let m = 1; m <= k; m++) {
      emit(0, m, m < k ? (b * s * tau * qp) / d1 : (b * s * qp) / d1);
      qp *= q;
    }
    for (let n = 1; n < k; n++) {
      let qm = 1; // q^(m−n−1)
      for (let m = n + 1; m <= k; m++) {
        emit(n, m, m < k ? b * tau * qm : b * qm);
        qm *= q;
      }
    }
  } else {
    // From 0: Σ_{k'=m}^{K} τq^(k'−1)(1−s)^(k'−m)s = sτq^(m−1)·S_m with S_m = Σ_{j=0}^{K−m} (q(1−s))^j,
    // built from S_K = 1 by S_m = 1 + q(1−s)S_{m+1}.
    const cq = q * (1 - s);
    const sm = new Float64Array(k + 2);
    sm[k] = 1;
    for (let m = k - 1; m >= 1; m--) sm[m] = 1 + cq * sm[m + 1]!;
    let qp = 1;
    for (let m = 1; m <= k; m++) {
      emit(0, m, b * s * tau * qp * sm[m]!);
      qp *= q;
    }
    for (let n = 1; n < k; n++) {
      let qk = 1; // q^(kk−1)
      for (let m = n + 1; m <= k; m++) {
        emit(n, m, b * tau * qk);
        qk *= q;
      }
    }
  }
  for (let n = 1; n <= k; n++) {
    const event = sigma[n]! * mu[n]!;
    let carry = 1; // Π_{i=j+1}^{n−1} (1 − σ(i))
    for (let j = n - 1; j >= 1; j--) {
      emit(n, j, event * carry * sigma[j]!);
      carry *= 1 - sigma[j]!;
    }
    emit(n, 0, event * carry);
  }
}

/**
 * The generator of the exact chain as a CSR {@link SparseGenerator} (states 0..K), for inspection
 * or for another solver. Same parameters and errors as {@link solveGeQueueExact}.
 */
export function geQueueGenerator(params: GeExactParams): SparseGenerator {
  const c = parseExact(params);
  const transitions: Transition[] = [];
  forEachRate(c, (from, to, rate) => transitions.push({ from, to, rate }));
  return generatorFromTransitions(c.spec.capacity + 1, transitions);
}

/**
 * Solves the exact chain (docs/models.md §5) and returns the same record as the closed forms, with
 * `method: 'exact-chain'` and `diagnostics` (the GTH residual ‖πQ‖∞). Metrics come from the chain
 * itself, not from the closed-form identities:
 * - blockingProbability = jobs lost / jobs offered = τ·Σ_n P(n)·E[members lost | batch at n];
 * - throughput = jobs departing per unit time (bulk departures and zero-work jobs counted), which
 *   must equal λ(1 − blocking) by conservation — a check on the solve;
 * - responseTime = L/throughput.
 *
 * @throws InvalidParameterError as {@link gege1nThreshold}, and for a capacity above
 *   {@link MAX_EXACT_CAPACITY}, `variant: 'thesis'`, both `cs2` and `regimeCs2`, a `regimeCs2` of
 *   the wrong length or with an SCV < 1, or an unknown `batchAcceptance`.
 * @example solveGeQueueExact({ lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 }).blockingProbability
 */
export function solveGeQueueExact(params: GeExactParams): GeQueueResult {
  return geQueueDisplay(solveExact(params));
}

/** {@link solveGeQueueExact} without the notebook display. */
function solveExact(params: GeExactParams): GeQueueResult {
  const c = parseExact(params);
  const { spec, whole } = c;
  const { lambda, tau, capacity: k } = spec;
  const size = k + 1;
  const rates = new Float64Array(size * size);
  forEachRate(c, (from, to, rate) => {
    rates[from * size + to]! += rate;
  });
  const work = rates.slice();
  // GTH cannot fail here: every state reaches 0 by service and 0 reaches every state by arrivals.
  const pi = gthKernel(work, size)!;
  const probabilities = Array.from(pi);

  // Residual ‖πQ‖∞ of the equations solved, from the untouched rates.
  const flow = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    let out = 0;
    for (let j = 0; j < size; j++) {
      const v = rates[i * size + j]!;
      out += v;
      flow[j]! += pi[i]! * v;
    }
    flow[i]! -= pi[i]! * out;
  }
  let residual = 0;
  for (let j = 0; j < size; j++) residual = Math.max(residual, Math.abs(flow[j]!));

  const q = 1 - tau;
  const s = c.sigma[1]!;
  const d1 = s + tau * (1 - s);
  let utilization = 0;
  let meanQueueLength = 0;
  let lost = 0; // Σ P(n)·E[members lost | a batch arrives at n]
  for (let n = 0; n <= k; n++) {
    const p = pi[n]!;
    if (n > 0) utilization += p;
    meanQueueLength += n * p;
    const room = k - n;
    const qr = Math.pow(q, room);
    if (whole) {
      // Σ_{j>room} j·τq^(j−1) = q^room·(room + 1/τ): the whole batch is lost when B > room.
      lost += p * qr * (room + 1 / tau);
    } else if (n > 0) {
      // Σ_{j>room} (j − room)·τq^(j−1) = q^room/τ.
      lost += (p * qr) / tau;
    } else {
      // From 0: after the first member that stays, the j further members (probability sτq^j/D₁)
      // overflow by (1 + j − K)^+; summing gives s·q^K/(D₁τ).
      lost += (p * s * qr) / (d1 * tau);
    }
  }
  const blockingProbability = tau * lost;

  // Departures: bulk departures from n ≥ 1, plus zero-work jobs leaving at once on arrival at 0.
  let departures = 0;
  for (let n = 1; n <= k; n++) {
    let d = 0;
    for (let j = 0; j < n; j++) d += rates[n * size + j]! * (n - j);
    departures += pi[n]! * d;
  }
  const b = tau * lambda;
  let instant: number;
  if (!whole) {
    // Σ_{i≥1} q^(i−1)(1−s)^i = (1−s)/D₁ members leave at once per batch arriving at 0.
    instant = (1 - s) / d1;
  } else {
    // A batch of size j ≤ K is admitted; its first i members leave at once with probability (1−s)^i.
    instant = 0;
    let qj = 1;
    let geo = 0; // Σ_{i=1}^{j} (1−s)^i
    let pw = 1;
    for (let j = 1; j <= k; j++) {
      pw *= 1 - s;
      geo += pw;
      instant += tau * qj * geo;
      qj *= q;
    }
  }
  departures += pi[0]! * b * instant;

  const notes: string[] = [];
  if (c.regimeCs2) {
    notes.push(
      'per-regime Cs2: the product form is not exact here (docs/models.md §4.1); this is the exact chain, ' +
        'assuming the service in progress completes at rate sigma(n)mu(n) in state n',
    );
  }
  if (whole) notes.push('whole-batch rejection: a batch that does not fit is lost whole; the closed forms do not apply');

  return {
    model: spec.model,
    method: 'exact-chain',
    variant: 'exact',
    lambda,
    ca2: spec.ca2,
    cs2: c.regimeCs2 ?? spec.cs2,
    tau,
    capacity: k,
    thresholds: spec.starts.slice(1),
    mu: [...spec.mus],
    stable: true,
    probabilities,
    tailProbability: 0,
    emptyProbability: pi[0]!,
    fullProbability: pi[k]!,
    blockingProbability,
    meanQueueLength,
    utilization,
    throughput: departures,
    responseTime: meanQueueLength / departures,
    coefficients: regimeCoefficients(spec, c.regimeSigma, false),
    regimeProbabilities: regimeMass(spec, probabilities),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
    diagnostics: { solver: 'gth', states: size, residual, batchAcceptance: whole ? 'whole' : 'partial' },
  };
}
