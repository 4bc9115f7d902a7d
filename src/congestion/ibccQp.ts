/**
 * InfiniBand CC at the QP level for many flows at once (Gran et al. §II: "In this paper we only
 * consider CC operating at the QP level"; §III-B: it "becomes important that the IB CC operates at
 * the QP level (or at least at the source-destination-pair level)"). One CCTI per (source,
 * destination) pair and the earliest start of its next packet under its rate limit, in typed
 * arrays, so a 648-host network's 419 904 pairs cost two arrays rather than as many
 * {@link IbCcSource} objects.
 *
 * The rules are {@link IbCcSource}'s: a BECN raises the pair's CCTI by CCTI_Increase (up to
 * CCTI_Limit); every CCTI_Timer expiry lowers it by 1 (down to CCTI_Min); the pair's rate limit is
 * B/(1 + IRD) with IRD = CCT[CCTI] (docs/models.md §10). The CCTI_Timer of a source runs freely from
 * time 0 (expiries at k·T, k = 1, 2, …), so the decrements a pair has missed are applied lazily when
 * it is next read: CCTI(t) = max(CCTI_Min, CCTI(t₀) − (⌊t/T⌋ − ⌊t₀/T⌋)). No timer events. The table
 * keeps CCTI(t₀) + ⌊t₀/T⌋ (integers, exact in a double), so CCTI(t) = max(CCTI_Min, that − ⌊t/T⌋):
 * no second per-pair array for ⌊t₀/T⌋.
 *
 * Times in seconds; the per-packet methods allocate nothing and never throw.
 */
import { InvalidParameterError } from '../core/errors.js';
import { integerAtLeast, knownKeys, nonNegativeNumber, plainObject, positiveRate } from '../core/guards.js';
import { defaultCongestionControlTable, IB_CC_SEED_PARAMETERS, IBA_CCTI_TIMER_UNIT } from './ibcc.js';

/** Parameters of {@link IbCcQpTable}. */
export interface IbCcQpTableParams {
  /** Number of sources and of destinations (pairs are source·hosts + destination); integer ≥ 2. */
  readonly hosts: number;
  /** The Congestion Control Table (IRD values ≥ 0, indexed by CCTI). Default {@link defaultCongestionControlTable}(cctiLimit). */
  readonly table?: readonly number[];
  /** Default 1 (Gran et al. Table I). */
  readonly cctiIncrease?: number;
  /** Default 127 (Table I), at most the table's last index. */
  readonly cctiLimit?: number;
  /** Default 0 (Table I). */
  readonly cctiMin?: number;
  /** CCTI_Timer period in seconds; default 150 × 1.024 µs (Table I's 150 in the IBA unit). */
  readonly timerPeriod?: number;
}

/**
 * Per source-destination CCTI of IB CC (see the module comment).
 *
 * @example
 * const cc = new IbCcQpTable({ hosts: 4, timerPeriod: 1e-4 });
 * cc.onBecn(0, 3, 0); cc.onBecn(0, 3, 0); cc.ird(0, 3, 0); // → 2
 * cc.ird(0, 3, 1.5e-4); // → 1 (one expiry at 1e-4)
 * cc.ird(1, 3, 0); // → 0 (another pair)
 */
export class IbCcQpTable {
  readonly hosts: number;
  readonly table: Float64Array;
  readonly cctiIncrease: number;
  readonly cctiLimit: number;
  readonly cctiMin: number;
  readonly timerPeriod: number;
  /**
   * Per pair qp, side by side (one cache line for the reads of a packet sent, in a 648²-pair table
   * that does not fit a cache): [2qp] its CCTI state, [2qp + 1] the earliest start of its next packet
   * under its rate limit ({@link allowedAt}, {@link sent}). The CCTI state is CCTI_Min while the pair
   * is at CCTI_Min (it stays there until a BECN, whatever the timer does); otherwise CCTI(t₀) +
   * ⌊t₀/T⌋, t₀ the time of its last BECN, which is > CCTI_Min (see the module comment).
   */
  private readonly pair: Float64Array;
  /** BECNs received, all pairs. */
  becns = 0;

  /** @throws InvalidParameterError naming the parameter that breaks its rule. */
  constructor(params: IbCcQpTableParams) {
    const p = plainObject('params', params);
    knownKeys('params', p, ['hosts', 'table', 'cctiIncrease', 'cctiLimit', 'cctiMin', 'timerPeriod']);
    this.hosts = integerAtLeast('hosts', p.hosts, 2);
    let table: number[];
    if (p.table === undefined) {
      table = defaultCongestionControlTable(p.cctiLimit === undefined ? IB_CC_SEED_PARAMETERS.cctiLimit : integerAtLeast('cctiLimit', p.cctiLimit, 0));
    } else {
      if (!Array.isArray(p.table) || p.table.length === 0) throw new InvalidParameterError('table', 'a non-empty array of IRD values', p.table);
      table = (p.table as unknown[]).map((v, i) => nonNegativeNumber(`table[${i}]`, v));
    }
    this.table = Float64Array.from(table);
    this.cctiLimit = p.cctiLimit === undefined ? table.length - 1 : integerAtLeast('cctiLimit', p.cctiLimit, 0);
    if (this.cctiLimit > table.length - 1) throw new InvalidParameterError('cctiLimit', `an integer <= ${table.length - 1} (the table's last index)`, this.cctiLimit);
    this.cctiIncrease = p.cctiIncrease === undefined ? IB_CC_SEED_PARAMETERS.cctiIncrease : integerAtLeast('cctiIncrease', p.cctiIncrease, 0);
    this.cctiMin = p.cctiMin === undefined ? IB_CC_SEED_PARAMETERS.cctiMin : integerAtLeast('cctiMin', p.cctiMin, 0);
    if (this.cctiMin > this.cctiLimit) throw new InvalidParameterError('cctiMin', `an integer <= cctiLimit (${this.cctiLimit})`, this.cctiMin);
    this.timerPeriod = p.timerPeriod === undefined ? IB_CC_SEED_PARAMETERS.cctiTimer * IBA_CCTI_TIMER_UNIT : positiveRate('timerPeriod', p.timerPeriod);
    const n = this.hosts * this.hosts;
    this.pair = new Float64Array(2 * n);
    for (let qp = 0; qp < n; qp++) this.pair[2 * qp] = this.cctiMin;
  }

  /** The pair's CCTI at time `now`, the timer expiries up to `now` applied. */
  ccti(source: number, destination: number, now: number): number {
    const qp = source * this.hosts + destination;
    const state = this.pair[2 * qp]!;
    // At CCTI_Min (most pairs, most of the time) the expiries change nothing: no division (one read
    // per packet sent).
    if (state <= this.cctiMin) return state;
    const c = state - Math.floor(now / this.timerPeriod);
    if (c > this.cctiMin) return c;
    this.pair[2 * qp] = this.cctiMin;
    return this.cctiMin;
  }

  /** The pair's injection rate delay IRD = CCT[CCTI] at `now`. */
  ird(source: number, destination: number, now: number): number {
    return this.table[this.ccti(source, destination, now)]!;
  }

  /** A BECN for the pair arrived at `now`: CCTI += CCTI_Increase, at most CCTI_Limit. */
  onBecn(source: number, destination: number, now: number): void {
    const qp = source * this.hosts + destination;
    let c = this.ccti(source, destination, now) + this.cctiIncrease;
    if (c > this.cctiLimit) c = this.cctiLimit;
    // The expiries count from now (CCTI_Increase 0 at CCTI_Min leaves the pair at CCTI_Min).
    this.pair[2 * qp] = c > this.cctiMin ? c + Math.floor(now / this.timerPeriod) : c;
    this.becns++;
  }

  /** The earliest time (s) the pair may start its next packet under its rate limit (0 before its first). */
  allowedAt(source: number, destination: number): number {
    return this.pair[2 * (source * this.hosts + destination) + 1]!;
  }

  /**
   * The pair starts a packet at `now` whose transmission at the link's data rate B takes
   * `packetTime`: its next may start no earlier than now + packetTime·(1 + IRD), the rate limit
   * B/(1 + IRD) of docs/models.md §10.
   */
  sent(source: number, destination: number, now: number, packetTime: number): void {
    this.pair[2 * (source * this.hosts + destination) + 1] = now + packetTime * (1 + this.ird(source, destination, now));
  }

  /** Mean CCTI over the pairs of `sources` towards `destination` at `now` (a report figure). */
  meanCcti(sources: readonly number[], destination: number, now: number): number {
    let s = 0;
    for (const a of sources) s += this.ccti(a, destination, now);
    return sources.length === 0 ? NaN : s / sources.length;
  }
}
