/**
 * Exact stationary distribution of a banded CTMC with integer rates, by GTH state reduction in
 * modular arithmetic and Chinese remaindering: exact integers, no rounding anywhere.
 *
 * Why not rational elimination: with fraction.js every operation reduces by a BigInt gcd whose
 * operands grow with the chain; a 22×22-state credit chain took minutes. Here the work per prime is
 * that of the floating-point GTH (numbers below 2^26, products exact in a double), and only the
 * final reconstruction uses BigInt.
 *
 * The mathematics:
 * - Markov chain tree theorem (e.g. Aldous & Fill, ch. 9; Leighton & Rivest 1986): with L = −Q,
 *   π(k) ∝ τ(k) = det L with row and column k removed = Σ over spanning trees directed towards k of
 *   the product of their rates. With integer rates every τ(k) is a positive integer, and since a
 *   tree takes one outgoing transition from every state but k, τ(k) ≤ Π_{l≠k} q(l), q(l) the total
 *   outflow of l. That bound says how many primes make the reconstruction certain.
 * - GTH (Grassmann, Taksar & Heyman 1985) eliminates states S−1, …, 1: the pivots are the outflows
 *   s(k) to the states still present, so τ(0) = Π_{k≥1} s(k), and back substitution gives
 *   π(k)/π(0) = τ(k)/τ(0). Reduction mod p is a ring homomorphism as long as no s(k) vanishes mod
 *   p (a prime where one does is skipped), so τ(k) mod p = (π(k)/π(0))·Π s mod p.
 * - Band: when q(i, j) = 0 outside −lower ≤ j − i ≤ upper, eliminating k touches only i in
 *   [k−upper, k) and j in [k−lower, k), and the fill-in stays in the band: O(S·lower·upper) per prime.
 */

/** Integer off-diagonal rates in row band storage: q(i, j) at i·(lower+upper+1) + (j − i + lower). */
export interface IntegerBand {
  readonly size: number;
  readonly lower: number;
  readonly upper: number;
  /** Non-negative integer rates (diagonal slots ignored, kept 0n). */
  readonly entries: bigint[];
}

/** An all-zero band of the given shape. */
export function emptyIntegerBand(size: number, lower: number, upper: number): IntegerBand {
  return { size, lower, upper, entries: new Array<bigint>(size * (lower + upper + 1)).fill(0n) };
}

/** Adds a non-negative integer rate to q(i, j), i ≠ j, within the band. */
export function addIntegerRate(band: IntegerBand, i: number, j: number, rate: bigint): void {
  band.entries[i * (band.lower + band.upper + 1) + (j - i + band.lower)]! += rate;
}

/** The exact answer: π(k) = weights[k] / total, with weights the spanning-tree sums τ(k). */
export interface ExactStationary {
  readonly weights: bigint[];
  readonly total: bigint;
  /** Primes used in the reconstruction. */
  readonly primes: number;
}

/**
 * Solves πQ = 0, Σπ = 1 exactly for an irreducible chain with integer rates in band form.
 * Returns null if the chain is reducible.
 */
export function exactBandedStationary(band: IntegerBand): ExactStationary | null {
  const { size, lower, upper, entries } = band;
  const width = lower + upper + 1;
  // Bound on every τ(k): Π_l q(l) (≥ Π_{l≠k} q(l) since each q(l) ≥ 1 for an irreducible chain).
  let bound = 1n;
  for (let l = 0; l < size; l++) {
    let q = 0n;
    for (let c = 0; c < width; c++) if (c !== lower) q += entries[l * width + c]!;
    if (q === 0n) return size === 1 ? { weights: [1n], total: 1n, primes: 0 } : null;
    bound *= q;
  }
  const weights = new Array<bigint>(size).fill(0n);
  let modulus = 1n;
  let used = 0;
  const a = new Float64Array(size * width);
  const s = new Float64Array(size);
  const pi = new Float64Array(size);
  let p = 1 << 26;
  let reducibleVotes = 0;
  while (modulus <= bound) {
    p = previousPrime(p);
    const P = BigInt(p);
    for (let k = 0; k < entries.length; k++) a[k] = Number(entries[k]! % P);
    const ok = gthModP(a, s, pi, size, lower, upper, p);
    if (!ok) {
      // A vanishing pivot mod p. For an irreducible chain this happens for few primes; a chain
      // with a true zero pivot (reducible) shows it for every prime.
      if (++reducibleVotes > 50 && used === 0) return null;
      continue;
    }
    // Garner step: weights ≡ residues (mod p), keeping 0 ≤ weights < modulus·p.
    const invModulus = modInverse(Number(modulus % P), p);
    for (let k = 0; k < size; k++) {
      const x = weights[k]!;
      const diff = mod(pi[k]! - Number(x % P), p);
      const t = mulMod(diff, invModulus, p);
      if (t !== 0) weights[k] = x + modulus * BigInt(t);
    }
    modulus *= P;
    used++;
  }
  let total = 0n;
  for (const w of weights) total += w;
  return { weights, total, primes: used };
}

/**
 * Banded GTH mod p on a (overwritten). On success pi[k] = τ(k) mod p. Returns false when a pivot
 * vanishes mod p.
 */
function gthModP(
  a: Float64Array,
  s: Float64Array,
  pi: Float64Array,
  size: number,
  lower: number,
  upper: number,
  p: number,
): boolean {
  const width = lower + upper + 1;
  for (let k = size - 1; k > 0; k--) {
    const jLo = Math.max(0, k - lower);
    let sk = 0;
    for (let j = jLo; j < k; j++) sk = (sk + a[k * width + (j - k + lower)]!) % p;
    if (sk === 0) return false;
    s[k] = sk;
    const inv = modInverse(sk, p);
    for (let i = Math.max(0, k - upper); i < k; i++) {
      const aik = a[i * width + (k - i + lower)]!;
      if (aik === 0) continue;
      const f = mulMod(aik, inv, p);
      for (let j = jLo; j < k; j++) {
        if (j === i) continue;
        const akj = a[k * width + (j - k + lower)]!;
        if (akj === 0) continue;
        const at = i * width + (j - i + lower);
        a[at] = (a[at]! + mulMod(f, akj, p)) % p;
      }
    }
  }
  // Back substitution for π(k)/π(0), then scale by τ(0) = Π s(k).
  let det = 1;
  for (let k = 1; k < size; k++) det = mulMod(det, s[k]!, p);
  pi[0] = 1;
  for (let k = 1; k < size; k++) {
    let acc = 0;
    for (let i = Math.max(0, k - upper); i < k; i++) {
      const aik = a[i * width + (k - i + lower)]!;
      if (aik !== 0) acc = (acc + mulMod(pi[i]!, aik, p)) % p;
    }
    pi[k] = mulMod(acc, modInverse(s[k]!, p), p);
  }
  for (let k = 0; k < size; k++) pi[k] = mulMod(pi[k]!, det, p);
  return true;
}

/** a·b mod p for 0 ≤ a, b < p < 2^26: the product is below 2^52, exact in a double. */
function mulMod(a: number, b: number, p: number): number {
  return (a * b) % p;
}

function mod(a: number, p: number): number {
  const r = a % p;
  return r < 0 ? r + p : r;
}

/** a^−1 mod p by the extended Euclidean algorithm (a ≠ 0 mod p, p prime). */
function modInverse(a: number, p: number): number {
  let [oldR, r] = [mod(a, p), p];
  let [oldS, s] = [1, 0];
  while (r !== 0) {
    const q = Math.floor(oldR / r);
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return mod(oldS, p);
}

/** The largest prime below n (n ≤ 2^26), by trial division. */
function previousPrime(n: number): number {
  for (let c = n - 1; c > 2; c--) {
    if (c % 2 === 0) continue;
    let prime = true;
    for (let d = 3; d * d <= c; d += 2) {
      if (c % d === 0) {
        prime = false;
        break;
      }
    }
    if (prime) return c;
  }
  return 2;
}
