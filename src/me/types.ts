/**
 * The one result vocabulary of the GE-type queues (closed forms and exact chain alike), so that
 * `validate` can compare any two of them field by field (STYLE.md habit 5).
 *
 * Units: rates (λ, μ, throughput) per unit time, responseTime in the same time unit, lengths and
 * capacity in jobs (the job in service included), probabilities dimensionless.
 */

/** The maximum-entropy coefficients of one service regime at ρ = λ/μ (docs/models.md §§2–4). */
export interface GeCoefficients {
  /** First state n served at this rate (regime r covers T_{r−1} ≤ n ≤ T_r − 1). */
  readonly fromState: number;
  /** Last state served at this rate (Infinity for GE/GE/1; fromState − 1 if the regime is empty). */
  readonly toState: number;
  /** μ of the regime, per unit time. */
  readonly mu: number;
  /** ρ = λ/μ. */
  readonly rho: number;
  /** σ = 2/(1 + Cs²) used for the coefficients (it differs by regime only with `regimeCs2`). */
  readonly sigma: number;
  /** g = τσρ/(τρ + σ(1 − τ)). */
  readonly g: number;
  /** x = (τρ + σ(1 − τ))/(τρ(1 − σ) + σ). */
  readonly x: number;
  /**
   * y = 1/(1 − (1 − σ)x) (exact), or ρ/g with `variant: 'thesis'`. It multiplies P(K) only, so it
   * matters only for the regime that contains state K.
   */
  readonly y: number;
}

/** Which rule gave the numbers. */
export type GeVariant = 'exact' | 'thesis';

/** The model in Kendall-style notation. */
export type GeModel = 'GE/GE/1' | 'GE/GE/1/N' | 'GE/GE/1/N/ET' | 'GE/GE/1/N/AJT' | 'GE/GE/1/N/mu(n)';

/** One solved GE-type queue. A plain, readonly record (Infinity appears only when a value is infinite). */
export interface GeQueueResult extends GeQueueMetrics {
  readonly model: GeModel;
  /** 'closed-form' (docs/models.md §§2–4) or 'exact-chain' (the generator of docs/models.md §5, solved by GTH). */
  readonly method: 'closed-form' | 'exact-chain';
  /** 'exact' unless the thesis's reading of y (docs/models.md §4.4) was asked for. */
  readonly variant: GeVariant;
  /** λ: offered arrival rate, blocked jobs included. */
  readonly lambda: number;
  /** Ca² of the inter-arrival times. */
  readonly ca2: number;
  /** Cs² of the service times (one per regime when the exact chain was given `regimeCs2`). */
  readonly cs2: number | readonly number[];
  /** τ = 2/(1 + Ca²). */
  readonly tau: number;
  /** K, the job in service included; Infinity for GE/GE/1. */
  readonly capacity: number;
  /** Thresholds T_1 < T_2 < … (empty for a single rate; see {@link GeCoefficients.fromState}). */
  readonly thresholds: readonly number[];
  /** Service rate of each regime (one per entry of `coefficients`). */
  readonly mu: readonly number[];
  /** False only for GE/GE/1 with ρ ≥ 1; a finite queue is always stable. */
  readonly stable: boolean;
  /**
   * P(0), …, P(K). For GE/GE/1 the listed head P(0..n) (see `tailProbability`); empty when
   * unstable (every P(n) → 0).
   */
  readonly probabilities: readonly number[];
  /** P(n > last listed state): 0 for a finite queue, the unlisted mass for GE/GE/1. */
  readonly tailProbability: number;
  /** Per regime: the states it covers, μ, ρ and the coefficients g, x, y. */
  readonly coefficients: readonly GeCoefficients[];
  /** Per regime: the fraction of time the queue is in that regime's states (Σ P(n) over it). */
  readonly regimeProbabilities: readonly number[];
  /** What to keep in mind about these numbers (set for the thesis variant and approximations). */
  readonly note?: string;
  /** For the exact chain: the solver and the residual ‖πQ‖∞ of the equations it solved. */
  readonly diagnostics?: {
    readonly solver: 'gth';
    readonly states: number;
    readonly residual: number;
    readonly batchAcceptance: 'partial' | 'whole';
  };
}

/**
 * The metrics of a GE-type queue: every result carries them ({@link GeQueueResult} extends this),
 * and the allocation-light fast path `gege1nThresholdMetrics` returns only them.
 */
export interface GeQueueMetrics {
  /** P(0). */
  readonly emptyProbability: number;
  /** P(K), the fraction of time the buffer is full (0 for GE/GE/1). */
  readonly fullProbability: number;
  /**
   * π_K: the fraction of offered jobs that are lost, Σ δ_n (1 − τ)^(K−n) P(n) (docs/models.md §3), not
   * P(K). 0 for GE/GE/1.
   */
  readonly blockingProbability: number;
  /** L = Σ n·P(n), jobs (Infinity when unstable). */
  readonly meanQueueLength: number;
  /** U = 1 − P(0), the busy fraction of the server. */
  readonly utilization: number;
  /** X = Σ μ(n)P(n) = λ(1 − π_K) (the two agree except in the thesis variant), jobs per unit time. */
  readonly throughput: number;
  /** W = L/X, by Little's law, in the time unit of the rates (Infinity when unstable). */
  readonly responseTime: number;
}
