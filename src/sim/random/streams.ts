/**
 * Named random streams for simulations (STYLE.md habit 13): one seed per run, and from it an
 * independent stream per component, named by the component ("arrivals", "service",
 * "host A1/sizes", …). Adding a component adds a name and leaves every other stream's draws as they
 * were, because a stream's starting point depends only on (seed, name), never on the order in which
 * streams are asked for.
 *
 * Generator: xoroshiro128+ (Blackman & Vigna 2018) from `pure-rand`, read as 53-bit doubles.
 * - A name's 128-bit starting state is splitmix64 (Steele, Lea & Flood 2014) applied to the seed
 *   and to a 64-bit FNV-1a hash of the name, so states of different names are effectively random
 *   points of the 2^128 − 1 period: two streams of 2^40 draws each overlap with probability ~2^−48.
 * - Replication r of a stream starts r jumps (of 2^64 draws each, xoroshiro128+'s `jump()`) after
 *   replication 0, so replications of one component never overlap.
 *
 * Speed (benchmarks/sim.ts, "uniform draws"; each variant in its own process, best of 7 runs of
 * 2e7 draws, 2026-11-21): a double from two calls of pure-rand's xoroshiro128+ `next()` takes about
 * 6.0 ns; the same generator copied into the stream's own fields, 5.7 ns; blocks of 1024 doubles
 * filled in a tight loop and handed out one by one, 8.5 ns (the typed-array store and reload cost
 * more than they save); pure-rand's `uniformFloat64` per call, 6.6 ns; core's Mersenne Twister
 * stream, 11–23 ns (runs on a shared machine). So the stream simply holds pure-rand's generator:
 * no hand-written generator.
 */
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { InvalidParameterError } from '../../core/errors.js';
import type { RandomStream } from '../../core/random.js';
import type { JumpableRandomGenerator } from 'pure-rand/types/JumpableRandomGenerator';
import { checkKind, recordParameter } from '../../core/shapes.js';

const MASK64 = (1n << 64n) - 1n;

/** One step of splitmix64: advances `state` by the golden gamma and returns the mixed output. */
function splitmix64(state: bigint): [next: bigint, output: bigint] {
  const next = (state + 0x9e3779b97f4a7c15n) & MASK64;
  let z = next;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return [next, z ^ (z >> 31n)];
}

/** 64-bit FNV-1a of the UTF-16 code units of a name. */
function fnv1a64(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    h ^= BigInt(text.charCodeAt(i));
    h = (h * 0x100000001b3n) & MASK64;
  }
  return h;
}

/** Signed 32-bit halves (high, low) of a 64-bit word, as pure-rand's state wants them. */
function halves(word: bigint): [number, number] {
  return [Number(BigInt.asIntN(32, word >> 32n)), Number(BigInt.asIntN(32, word & 0xffffffffn))];
}

/**
 * A stream of uniform doubles in [0, 1) with 53 random bits from pure-rand's xoroshiro128+.
 * Implements {@link RandomStream}, so the samplers of `distributions` accept it. Obtain one from
 * {@link RandomStreams.stream}; it is a class because it holds state.
 *
 * @example
 * const service = new RandomStreams(1).stream('service');
 * service.next();          // uniform in [0, 1)
 * service.exponential(8);  // Exp(8), mean 0.125
 */
export class SimRandom implements RandomStream {
  /** The stream's name (for messages and run records). */
  readonly name: string;
  private readonly generator: JumpableRandomGenerator;

  /** @internal use {@link RandomStreams.stream}. */
  constructor(name: string, generator: JumpableRandomGenerator) {
    checkKind('name', name, 'string');
    recordParameter('generator', generator, { next: 'function' });
    this.name = name;
    this.generator = generator;
  }

  /**
   * The next uniform double in [0, 1): a multiple of 2^−53 (0 may occur, 1 never does). pure-rand's
   * `next()` returns the low 32-bit word of xoroshiro128+'s 64-bit sum s0 + s1; a double takes bits
   * 6..31 of one output and bits 5..31 of the next (26 + 27 = 53 bits), skipping the lowest bits,
   * the weak ones of xoroshiro128+ (Blackman & Vigna 2018, §10). (pure-rand's `uniformFloat64`
   * takes the low 26 and 27 bits instead.)
   */
  next(): number {
    const g = this.generator;
    const hi = g.next() >>> 6;
    const lo = g.next() >>> 5;
    return (hi * 134217728 + lo) * 1.1102230246251565e-16; // (hi·2^27 + lo)·2^−53
  }

  /**
   * An exponential draw with the given rate (mean 1/rate): −ln(1 − U)/rate, finite because U < 1.
   * The rate is not checked (hot path): pass a finite number > 0.
   */
  exponential(rate: number): number {
    return -Math.log(1 - this.next()) / rate;
  }

  /** The generator's state (pure-rand's four 32-bit words), e.g. to check or to resume a stream. */
  state(): readonly number[] {
    return this.generator.getState();
  }
}

/** Largest seed accepted: 2^53 − 1 (every non-negative safe integer is a seed). */
export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/**
 * Seed guard shared by every door that takes a run seed: an integer in 0..{@link MAX_SEED}.
 *
 * @param name the parameter's name in the error (`seed`, `options.seed`).
 * @returns the seed unchanged.
 * @throws InvalidParameterError naming `name` for anything else.
 * @example checkSeed('seed', 7); // 7
 */
export function checkSeed(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidParameterError(name, `an integer in 0..${MAX_SEED}`, value);
  }
  return value;
}

/**
 * A seed derived from a base seed and a key (e.g. a sweep point's parameters): splitmix64 of the
 * seed mixed with the key's 64-bit FNV-1a hash, the top 53 bits kept. Distinct keys give seeds that
 * are, for all practical purposes, unrelated, so the points of a sweep run on independent streams;
 * the same (seed, key) always gives the same seed, so a point is reproduced alone by passing the
 * derived seed as its run seed.
 *
 * @param seed the base seed, an integer in 0..2^53 − 1.
 * @param key any string (use {@link canonicalKey} for parameter records).
 * @returns an integer in 0..2^53 − 1.
 * @throws InvalidParameterError for a bad seed or a key that is not a string.
 * @example deriveSeed(1, canonicalKey({ lambda: 3 })) === deriveSeed(1, canonicalKey({ lambda: 3 })); // true
 */
export function deriveSeed(seed: number, key: string): number {
  checkSeed('seed', seed);
  if (typeof key !== 'string') throw new InvalidParameterError('key', 'a string', key);
  let state = (BigInt(seed) * 0xd1342543de82ef95n + fnv1a64(key)) & MASK64;
  let out: bigint;
  [state, out] = splitmix64(state);
  [, out] = splitmix64(state ^ out);
  return Number(out >> 11n);
}

/**
 * A canonical text of a JSON-like record for {@link deriveSeed}: keys sorted at every level, and
 * ±Infinity and NaN spelled out (JSON.stringify would write null for all three).
 *
 * @example canonicalKey({ mu: 8, lambda: 5, capacity: Infinity }); // '{"capacity":"Infinity","lambda":5,"mu":8}'
 */
export function canonicalKey(value: unknown): string {
  const normal = (v: unknown): unknown => {
    if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
    if (Array.isArray(v)) return v.map(normal);
    if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      return Object.fromEntries(Object.keys(o).sort().map((k) => [k, normal(o[k])]));
    }
    return v;
  };
  return JSON.stringify(normal(value)) ?? 'undefined';
}

/**
 * The random streams of one run: `new RandomStreams(seed).stream('arrivals')`. Asking twice for
 * the same (name, replication) gives two streams with the same draws.
 *
 * @example
 * const streams = new RandomStreams(1);
 * const u = streams.stream('arrivals').next(); // in [0, 1)
 */
export class RandomStreams {
  /** The run's seed. */
  readonly seed: number;

  /**
   * @param seed an integer in 0..2^53 − 1.
   * @throws InvalidParameterError for any other seed.
   */
  constructor(seed: number) {
    this.seed = checkSeed('seed', seed);
  }

  /**
   * The stream of a component in a replication.
   *
   * @param name any non-empty string naming the component (e.g. 'arrivals', 'host A1/sizes').
   * @param replication an integer ≥ 0 (default 0): the stream starts `replication` jumps of 2^64
   *   draws after replication 0's.
   * @throws InvalidParameterError for an empty name or a bad replication number.
   */
  stream(name: string, replication = 0): SimRandom {
    if (typeof name !== 'string' || name.length === 0) throw new InvalidParameterError('name', 'a non-empty string', name);
    if (!Number.isSafeInteger(replication) || replication < 0) {
      throw new InvalidParameterError('replication', 'an integer >= 0', replication);
    }
    let state = (BigInt(this.seed) ^ (fnv1a64(name) * 0x9e3779b97f4a7c15n)) & MASK64;
    let w0: bigint;
    let w1: bigint;
    [state, w0] = splitmix64(state);
    [state, w1] = splitmix64(state);
    if (w0 === 0n && w1 === 0n) w1 = 1n; // the all-zero state is xoroshiro's fixed point
    // pure-rand's order: [s01, s00, s11, s10] = (high, low) of word 0, then of word 1.
    const [s01, s00] = halves(w0);
    const [s11, s10] = halves(w1);
    const generator = xoroshiro128plusFromState([s01, s00, s11, s10]);
    for (let r = 0; r < replication; r++) generator.jump();
    return new SimRandom(name, generator);
  }
}
