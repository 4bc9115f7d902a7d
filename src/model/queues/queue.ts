/**
 * One finite single-server queue in O(1): the maximum-entropy GE/GE/1/N of docs/models.md §3 in
 * closed form (geometric sums instead of the state-by-state recursion of src/me), and its two-moment
 * extension to the smooth streams of a network (Ca² or Cs² below 1), docs/models.md §13.3.
 * Kernels: no validation, no throwing, no allocation beyond the result record.
 */
import { dConstant, gCoefficient, xCoefficient, yCoefficient } from '../../me/coefficients.js';

/** What {@link finiteQueue} returns (rates per second, times in seconds, counts in packets). */
export interface QueueMoments {
  /** U = 1 − P(0). */
  readonly utilization: number;
  /** L, mean number present, the one in service included. */
  readonly meanQueueLength: number;
  /** P(N), the time-average probability that the queue is full (0 for N = ∞). */
  readonly fullProbability: number;
  /** π_N, the probability that an arrival finds no room. */
  readonly blockingProbability: number;
  /** X = λ(1 − π_N). */
  readonly throughput: number;
  /** W = L/X (Infinity when unstable). */
  readonly responseTime: number;
}

/** Largest ρ used to derive the geometric ratio of a smooth (non-GE) queue: beyond it the ratio is that of ρ = RHO_MAX. */
const RHO_MAX = 1 - 1e-9;

/** Σ_{k=1}^{M} r^k and Σ_{k=1}^{M} k·r^k for 0 ≤ r ≤ 1 (a loop for short sums: exact to rounding; closed forms beyond). */
function sums(r: number, m: number): [number, number] {
  if (m <= 0) return [0, 0];
  if (m <= 512 || r === 1) {
    if (r === 1) return [m, (m * (m + 1)) / 2];
    let p = 1;
    let s = 0;
    let sk = 0;
    for (let k = 1; k <= m; k++) {
      p *= r;
      if (p === 0) break;
      s += p;
      sk += k * p;
    }
    return [s, sk];
  }
  const rm = Math.pow(r, m);
  const s = (r * (1 - rm)) / (1 - r);
  const sk = (r * (1 - (m + 1) * rm + m * rm * r)) / ((1 - r) * (1 - r));
  return [s, sk];
}

/**
 * P(n) ∝ 1 (n = 0), g·xⁿ (1 ≤ n ≤ N−1), g·x^N·y (n = N), and the blocking π_N = Σ δ_n (1−τ)^(N−n) P(n)
 * with δ_0 = δ0, δ_n = 1. Works on the reversed ratio 1/x when x > 1, so nothing overflows.
 */
function productForm(lambda: number, g: number, x: number, y: number, q: number, delta0: number, n: number): QueueMoments {
  let z: number;
  let l: number;
  let full: number;
  let pi: number;
  if (x <= 1) {
    const [s, sk] = sums(x, n - 1);
    const xn = Math.pow(x, n);
    z = 1 + g * s + g * xn * y;
    l = (g * sk + n * g * xn * y) / z;
    full = (g * xn * y) / z;
    // Σ_{k=1}^{N−1} x^k q^(N−k) = Σ_{m=1}^{N−1} q^m x^(N−m): loop-free when q = 0 (Poisson arrivals).
    let cross = 0;
    if (q > 0) cross = q > x ? Math.pow(q, n) * sums(x / q, n - 1)[0] : xn * sums(q / x, n - 1)[0];
    pi = (delta0 * Math.pow(q, n) + g * cross + g * xn * y) / z;
  } else {
    // Divide every weight by x^N: u = 1/x < 1.
    const u = 1 / x;
    const [s, sk] = sums(u, n - 1);
    const un = Math.pow(u, n);
    z = un + g * s + g * y;
    l = (g * (n * s - sk) + n * g * y) / z;
    full = (g * y) / z;
    const [sq] = sums(q * u, n - 1);
    pi = (delta0 * Math.pow(q * u, n) + g * sq + g * y) / z;
  }
  const throughput = lambda * (1 - pi);
  return { utilization: 1 - (x <= 1 ? 1 / z : Math.pow(1 / x, n) / z), meanQueueLength: l, fullProbability: full, blockingProbability: pi, throughput, responseTime: l / throughput };
}

/**
 * L of the infinite queue, the two-moment form of docs/models.md §13.3: GE/GE/1's
 * (ρ/2)(1 + (Ca² + ρCs²)/(1 − ρ)) for Ca² ≥ 1 (exact for M/G/1 at Ca² = 1, any Cs²), and for
 * Ca² < 1 the QNA form ρ + ρ²(Ca² + Cs²)/(2(1 − ρ)) with the Kraemer–Langenbach-Belz factor
 * exp(−2(1 − ρ)(1 − Ca²)²/(3ρ(Ca² + Cs²))) (Whitt, BSTJ 62(9) 1983, eq. 45); the two agree at Ca² = 1.
 * `smooth`: a stream whose variability is not in batches (a merge or departure inside the network):
 * the QNA form ρ + ρ²(Ca² + Cs²)/(2(1 − ρ)) for Ca² ≥ 1 too (the GE form's extra ρ(Ca² − 1)/(2(1 − ρ))
 * is the wait of a GE batch's own members, which such a stream does not have).
 */
export function twoMomentMeanQueue(rho: number, ca2: number, cs2: number, smooth = false): number {
  if (ca2 >= 1 && !smooth) return (rho / 2) * (1 + (ca2 + rho * cs2) / (1 - rho));
  if (ca2 >= 1) return rho + (rho * rho * (ca2 + cs2)) / (2 * (1 - rho));
  const c = ca2 + cs2;
  const klb = c > 0 ? Math.exp((-2 * (1 - rho) * (1 - ca2) * (1 - ca2)) / (3 * rho * c)) : 0;
  return rho + (rho * rho * c * klb) / (2 * (1 - rho));
}

/**
 * A single-server queue with capacity N (packets, the one in service included; Infinity allowed),
 * arrival rate λ with SCV Ca², service rate μ with SCV Cs².
 *
 * - Ca² ≥ 1 and Cs² ≥ 1: the maximum-entropy GE/GE/1/N of docs/models.md §3 exactly (x, g, y from
 *   src/me's coefficient kernels, blocking with δ_0 = σ/D); N = ∞: GE/GE/1 (ρ ≥ 1 → infinite L).
 * - otherwise (`smooth` streams inside the network, Ca² or Cs² below 1: deterministic links): the maximum-entropy form with x and g of the
 *   infinite queue whose L is {@link twoMomentMeanQueue}, y from flow balance λ(1 − P(N)) = μ(1 − P(0))
 *   (Kouvatsos' older route, docs/models.md §3), blocking π_N = P(N).
 */
export function finiteQueue(lambda: number, mu: number, ca2: number, cs2: number, capacity: number, smooth = false): QueueMoments {
  const rho = lambda / mu;
  if (!(lambda > 0)) return { utilization: 0, meanQueueLength: 0, fullProbability: 0, blockingProbability: 0, throughput: 0, responseTime: 1 / mu };
  if (capacity === Infinity) {
    if (!(rho < 1)) return { utilization: 1, meanQueueLength: Infinity, fullProbability: 0, blockingProbability: 0, throughput: mu, responseTime: Infinity };
    const l = twoMomentMeanQueue(rho, ca2, cs2, smooth);
    return { utilization: rho, meanQueueLength: l, fullProbability: 0, blockingProbability: 0, throughput: lambda, responseTime: l / lambda };
  }
  if (ca2 >= 1 && cs2 >= 1 && !smooth) {
    const tau = 2 / (1 + ca2);
    const sigma = 2 / (1 + cs2);
    const x = xCoefficient(lambda, mu, tau, sigma);
    const g = gCoefficient(lambda, mu, tau, sigma);
    const y = yCoefficient(lambda, mu, tau, sigma);
    return productForm(lambda, g, x, y, 1 - tau, sigma / dConstant(tau, sigma), capacity);
  }
  const r = Math.min(rho, RHO_MAX);
  const l = twoMomentMeanQueue(r, ca2, cs2, smooth);
  const x = 1 - r / l;
  const g = (r * (1 - x)) / (x * (1 - r));
  if (!(x > 0) || !(g > 0)) {
    // No queueing at all (L = ρ: D/D/1-like): the queue holds at most the packet in service.
    const u = Math.min(rho, 1);
    return { utilization: u, meanQueueLength: u, fullProbability: capacity === 1 ? u : 0, blockingProbability: capacity === 1 ? u : 0, throughput: lambda * (capacity === 1 ? 1 - u : 1), responseTime: 1 / mu };
  }
  const [s] = sums(x, capacity - 1);
  const xn = Math.pow(x, capacity);
  // Flow balance with π = P(N): λ(Z − g xᴺ y) = μ(g S + g xᴺ y).
  const y = Math.max(0, (lambda * (1 + g * s) - mu * g * s) / (mu * g * xn));
  return productForm(lambda, g, x, y, 0, 1, capacity);
}

/**
 * W of the infinite queue, seconds: `finiteQueue(λ, μ, Ca², Cs², Infinity, smooth).responseTime` without
 * its record (the fixed point's port step reads only this, twice per switch port and pass): 1/μ without
 * arrivals, Infinity for ρ ≥ 1, else L/λ with L of {@link twoMomentMeanQueue}.
 */
export function unboundedResponseTime(lambda: number, mu: number, ca2: number, cs2: number, smooth = false): number {
  const rho = lambda / mu;
  if (!(lambda > 0)) return 1 / mu;
  if (!(rho < 1)) return Infinity;
  return twoMomentMeanQueue(rho, ca2, cs2, smooth) / lambda;
}

/**
 * The wait in a FIFO buffer behind a link whose packets come in that link's trains (H31k, change 61;
 * docs/models.md §13.5), seconds. Lindley's recursion with the transmission x taken from both sides
 * (inter-arrivals A − x, service S' = S − x) sees the packets of one busy period of the link arrive
 * together: an M^X/G/1 queue whose batches X are the link's busy periods, arriving at the ends of its
 * idle periods (Poisson at rate λ when the link's own arrivals are). With Poisson arrivals at the link
 * (load ρ = λx, transmission SCV c²) X is the number served in an M/G/1 busy period, E[X] = 1/(1 − ρ),
 * Var[X] = (ρ(1 − ρ) + ρ²(1 + c²))/(1 − ρ)³ (Takács 1962; Kleinrock, Queueing Systems I, 1975, §5.9),
 * and the M^X/G/1 wait (Gross & Harris, Fundamentals of Queueing Theory, the M^X/G/1 queue) is
 * W = λ'E[S'²]/(2(1 − ρ')) + E[S']·b/(1 − ρ'), λ' = λ/(1 − ρ), ρ' = λ'E[S'], b = E[X(X − 1)]/(2E[X]).
 * For c² = 0 this is the tandem identity's M/G/1 wait of service S less the M/D/1 wait of service x with
 * Poisson arrivals at the link. `s1`, `s2`: E[S], E[S²] of the buffer's head time (seconds, s²).
 * Infinity when ρ' ≥ 1 or ρ ≥ 1; 0 without traffic.
 */
export function trainFifoWait(lambda: number, x: number, cx2: number, s1: number, s2: number): number {
  const rho = lambda * x;
  if (!(lambda > 0)) return 0;
  if (!(rho < 1)) return Infinity;
  const lt = lambda / (1 - rho);
  const sp = Math.max(0, s1 - x);
  const sp2 = Math.max(0, s2 - 2 * s1 * x + x * x);
  const rhoP = lt * sp;
  if (!(rhoP < 1)) return Infinity;
  const ex = 1 / (1 - rho);
  const varX = (rho * (1 - rho) + rho * rho * (1 + cx2)) / ((1 - rho) * (1 - rho) * (1 - rho));
  const b = (varX + ex * ex - ex) / (2 * ex);
  return (lt * sp2) / (2 * (1 - rhoP)) + (sp * b) / (1 - rhoP);
}
