/**
 * The bandwidth broker of thesis §3.2 (docs/models.md §8) with the arbitration-table fill-in of
 * docs/models.md §9 on every link: link-by-link admission control, atomic over a connection's path.
 *
 * Arithmetic — exact, and fast enough for the benchmark (> 10⁵ admissions per second on a
 * 648-node fat-tree). Every bandwidth is held as an exact integer multiple of a common unit 1/S
 * (S = the least common multiple of every denominator met so far). When a request brings a new
 * denominator, S is refined and every stored value multiplied (rare; values unchanged). The
 * integers are doubles while the largest product stays within 2^53 and bigints beyond (see
 * exactInt.ts); the front door parses numbers and strings exactly (fraction.js for "1/3"-like
 * strings). Measured for the add-compare-subtract of a 6-link path: doubles 0.02 µs, bigint
 * 0.23 µs, fraction.js objects several µs with an allocation per operation; in the whole
 * admission bigint arithmetic was about half the cost, hence the double form.
 */
import { InvalidParameterError } from '../core/errors.js';
import { knownKeys, plainObject } from '../core/guards.js';
import { gcd, lcm, ratioToNumber } from '../linalg/rational.js';
import { delayBoundBytes, vlGuarantees } from './delay.js';
import { DOUBLE_FORM_LIMIT, inForm, toBig, type ExactInt } from './exactInt.js';
import { HighPriorityTable, TABLE_ENTRIES } from './table.js';
import { MIN_REQUEST_DISTANCE, roundDistance, TABLE_WEIGHT_CAPACITY } from './tableSets.js';
import {
  exact,
  exactToString,
  parseExact,
  parseExactUnreduced,
  SL_COUNT,
  validateTopology,
  type Exact,
  type Topology,
  type TopologySpec,
} from './topology.js';
import { withJupyterDisplay } from '../present/display.js';
import { brokerBundle, verdictDisplay } from './display.js';
import type { AdmissionRequest, AdmissionVerdict, LinkState, RejectionReason, ReleaseResult, TableState } from './brokerRecords.js';

const REQUEST_KEYS = ['id', 'path', 'sl', 'bandwidth', 'distance', 'delay'] as const;
/** The same, for the allocation-free check of every request's keys. */
const REQUEST_KEY_SET: ReadonlySet<string> = new Set(REQUEST_KEYS);

/** The distances a request may end up with, strictest first. */
const REQUEST_DISTANCES = [2, 4, 8, 16, 32, 64] as const;

interface Connection {
  readonly links: Int32Array;
  readonly sl: number;
  /** Scaled bandwidth, in the broker's form. */
  bandwidth: ExactInt;
  readonly sequences: Int32Array;
}

/**
 * Link-by-link admission control with a bandwidth broker holding the reservations.
 *
 * Rules, on every link l of the path, all decided before anything changes (atomic):
 * - delay (when the request has one): some distance d in 2..64 has B(d) / rate_l ≤ delay
 *   ({@link delayBoundBytes}); the request then uses the largest such d over the whole path (or its
 *   own `distance` if smaller). Checked even with the tables disabled (the bound then describes the
 *   tables the ports would need);
 * - simple sum: s_l + p < bw_l · (1 − reserve) (strict, thesis §3.2);
 * - per SL, when the link has shares: s_{l,SL} + p < share_SL · bw_l (an SL without a share has 0);
 * - arbitration table (when enabled): the connection fits the port's high-priority table
 *   (same-SL grouping, then the Alfaro fill-in; see {@link HighPriorityTable}).
 * A refusal is a verdict, never an exception; a malformed request (unknown link, bad SL, id in
 * use…) is an {@link InvalidParameterError} and changes nothing.
 *
 * @example
 *   const b = new BandwidthBroker({ links: [{ id: 'A-B', bandwidth: 2500 }], slShares: { 0: 0.5, 1: 0.3 } });
 *   b.admit({ id: 1, path: ['A-B'], sl: 1, bandwidth: 700 });  // → { id: 1, admitted: true, slack: 50 }
 *   b.admit({ id: 2, path: ['A-B'], sl: 1, bandwidth: 50 });   // → rejected: 700 + 50 = 750 is not < 0.3 · 2500
 */
export class BandwidthBroker {
  /** The validated topology. */
  readonly topology: Topology;
  private scale = 1n;
  /** Whether x / scale may be computed as Number(x) / Number(scale) (both exact doubles). */
  private plainNumbers = true;
  private readonly linkIndex = new Map<string, number>();
  /** Whether the accounting uses bigints (exactInt.ts). */
  private big: boolean;
  private readonly bw: ExactInt[];
  private readonly cap: ExactInt[];
  /** cap − load per link: the check is then one compare (p < room), which allocates nothing. */
  private readonly room: ExactInt[];
  private readonly hasSl: boolean[];
  private readonly slCap: ExactInt[];
  /** slCap − slLoad per (link, SL). */
  private readonly slRoom: ExactInt[];
  private readonly count: Int32Array;
  private readonly tables: HighPriorityTable[] | undefined;
  private readonly conns = new Map<string | number, Connection>();
  private readonly stamp: Int32Array;
  private stampNow = 0;
  private readonly pathScratch = new Int32Array(4096);
  /** (S + h)/S in lowest terms when the topology gives a packet format (overhead.ts). */
  private readonly wireFactor: Exact | undefined;
  /** delayBoundBytes of each REQUEST_DISTANCES entry, with the topology's MTU and limit. */
  private readonly boundBytes: bigint[];

  /** @throws InvalidParameterError as {@link validateTopology}. */
  constructor(topology: TopologySpec) {
    const t = validateTopology(topology);
    this.topology = t;
    const L = t.links.length;
    const keep = { n: t.bestEffortReserve.d - t.bestEffortReserve.n, d: t.bestEffortReserve.d };
    // Every capacity as an exact rational, then S = lcm of their denominators.
    const bwQ = t.links.map((l) => l.bandwidth);
    const capQ = bwQ.map((b) => exact(b.n * keep.n, b.d * keep.d));
    const slQ = t.links.map((l, k) =>
      l.slShares ? l.slShares.map((s) => (s ? exact(s.n * bwQ[k]!.n, s.d * bwQ[k]!.d) : { n: 0n, d: 1n })) : undefined,
    );
    let S = 1n;
    for (const q of [...bwQ, ...capQ, ...slQ.flatMap((x) => x ?? [])]) S = lcm(S, q.d);
    this.scale = S;
    const bwBig = bwQ.map((q) => q.n * (S / q.d));
    this.big = needsBigForm(bwBig);
    const scaled = (q: Exact) => inForm(q.n * (S / q.d), this.big);
    this.bw = bwQ.map(scaled);
    this.cap = capQ.map(scaled);
    this.room = [...this.cap];
    this.hasSl = slQ.map((x) => x !== undefined);
    const zero = inForm(0n, this.big);
    this.slCap = slQ.flatMap((x) => (x ? x.map(scaled) : new Array<ExactInt>(SL_COUNT).fill(zero)));
    this.slRoom = [...this.slCap];
    this.count = new Int32Array(L);
    this.stamp = new Int32Array(L);
    t.links.forEach((l, k) => this.linkIndex.set(l.id, k));
    this.tables = t.arbitration.enabled ? bwBig.map((b) => new HighPriorityTable(this.big ? b : Number(b))) : undefined;
    this.plainNumbers = !this.big && S <= BigInt(DOUBLE_FORM_LIMIT);
    this.wireFactor = t.packet ? exact(BigInt(t.packet.wireBytes), BigInt(t.packet.payloadBytes)) : undefined;
    const { mtu, limitOfHighPriority } = t.arbitration;
    this.boundBytes = REQUEST_DISTANCES.map((distance) => BigInt(delayBoundBytes({ distance, mtu, limitOfHighPriority })));
    // A notebook shows the broker as its links and tables (not enumerable: not part of its state).
    withJupyterDisplay(this, () => brokerBundle(this.conns.size, this.links(), this.tablesState()));
  }

  /** Number of admitted connections. */
  get size(): number {
    return this.conns.size;
  }

  /** Whether a connection with this id is admitted. */
  has(id: string | number): boolean {
    return this.conns.has(id);
  }

  /**
   * Decides a request: admits it on every link of its path or on none.
   * @throws InvalidParameterError for a malformed request (the state is unchanged).
   */
  admit(request: AdmissionRequest): AdmissionVerdict {
    return verdictDisplay(this.decide(request));
  }

  /** {@link admit} without the notebook display. */
  private decide(request: AdmissionRequest): AdmissionVerdict {
    const r = plainObject('request', request);
    for (const key in r) if (!REQUEST_KEY_SET.has(key)) knownKeys('request', r, REQUEST_KEYS); // throws, naming the key
    const id = r.id;
    if (!((typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id)))) {
      throw new InvalidParameterError('request.id', 'a non-empty string or a finite number', id);
    }
    if (this.conns.has(id)) throw new InvalidParameterError('request.id', 'an id no admitted connection uses', id);
    const sl = r.sl;
    if (typeof sl !== 'number' || !Number.isInteger(sl) || sl < 0 || sl >= SL_COUNT) {
      throw new InvalidParameterError('request.sl', 'an SL 0..15', sl);
    }
    const vl = this.topology.slToVl[sl]!;
    if (vl < 0) throw new InvalidParameterError('request.sl', 'an SL that slToVl maps to a data VL', sl);
    let distance = TABLE_ENTRIES;
    if (r.distance !== undefined) {
      if (typeof r.distance !== 'number' || !(r.distance >= MIN_REQUEST_DISTANCE) || !Number.isFinite(r.distance)) {
        throw new InvalidParameterError('request.distance', 'a number >= 2 (entries)', r.distance);
      }
      distance = roundDistance(r.distance);
    }
    let delay: Exact | undefined;
    if (r.delay !== undefined) {
      delay = parseExact('request.delay', r.delay);
      if (delay.n === 0n) throw new InvalidParameterError('request.delay', 'a delay > 0 (seconds)', r.delay);
      if (!this.topology.bandwidthUnit) {
        throw new InvalidParameterError('request.delay', "given only when the topology states its bandwidthUnit (seconds need the links' rates)", r.delay);
      }
    }
    const bwIn = r.bandwidth;
    let q: Exact = parseExactUnreduced('request.bandwidth', bwIn);
    if (q.n === 0n) throw new InvalidParameterError('request.bandwidth', 'a bandwidth > 0', bwIn);
    // With a packet format the request is a payload bandwidth B: the wire carries B·(S + h)/S.
    if (this.wireFactor) q = { n: q.n * this.wireFactor.n, d: q.d * this.wireFactor.d };
    const path = r.path;
    if (!Array.isArray(path) || path.length === 0 || path.length > this.pathScratch.length) {
      throw new InvalidParameterError('request.path', 'a non-empty array of link ids', path);
    }
    const stampNow = ++this.stampNow;
    const links = this.pathScratch;
    for (let k = 0; k < path.length; k++) {
      const l = this.linkIndex.get(path[k] as string);
      if (l === undefined) throw new InvalidParameterError(`request.path[${k}]`, 'the id of a link of the topology', path[k]);
      if (this.stamp[l] === stampNow) throw new InvalidParameterError(`request.path[${k}]`, 'a link not already on the path', path[k]);
      this.stamp[l] = stampNow;
      links[k] = l;
    }
    const n = path.length;
    // Request valid. The delay first: the distance it allows on every link (no state involved).
    if (delay) {
      for (let k = 0; k < n; k++) {
        const l = links[k]!;
        const d = this.distanceForDelay(l, delay);
        if (d === 0) return this.reject(id, l, 'delay', undefined, undefined);
        if (d < distance) distance = d;
      }
    }
    // Refine the unit if needed (values unchanged), then decide.
    if (this.scale % q.d !== 0n) this.rescale(q.d / gcd(this.scale, q.d));
    const pBig = q.n * (this.scale / q.d);
    if (!this.big && pBig >= BIG_P) {
      // Larger than any link (every capacity · 16320 < 2^53): refused by the first link.
      const l = links[0]!;
      return this.reject(id, l, 'link-capacity', undefined, ratioToNumber(toBig(this.room[l]!) - pBig, this.scale));
    }
    const p = inForm(pBig, this.big);
    // Rule s + p < c ⟺ p < c − s = room.
    let minRoom = this.room[links[0]!]!;
    for (let k = 0; k < n; k++) {
      const l = links[k]!;
      let room = this.room[l]!;
      if (!(p < room)) return this.reject(id, l, 'link-capacity', room - p, 0);
      if (room < minRoom) minRoom = room;
      if (this.hasSl[l]) {
        room = this.slRoom[l * SL_COUNT + sl]!;
        if (!(p < room)) return this.reject(id, l, 'sl-capacity', room - p, 0);
        if (room < minRoom) minRoom = room;
      }
    }
    const tables = this.tables;
    if (tables) {
      for (let k = 0; k < n; k++) {
        const l = links[k]!;
        if (!tables[l]!.plan(sl, vl, distance, p)) return this.reject(id, l, 'arbitration-table', undefined, undefined);
      }
    }
    const conn: Connection = { links: links.slice(0, n), sl, bandwidth: p, sequences: new Int32Array(tables ? n : 0) };
    for (let k = 0; k < n; k++) {
      const l = links[k]!;
      this.room[l]! -= p;
      this.slRoom[l * SL_COUNT + sl]! -= p;
      this.count[l]!++;
      if (tables) conn.sequences[k] = tables[l]!.commit();
    }
    this.conns.set(id, conn);
    return { id, admitted: true, slack: this.toNumber(minRoom - p) };
  }

  /**
   * Ends an admitted connection: its bandwidth is returned on every link of its path and its
   * table entries lose its weight (entries reaching 0 are freed, then defragmented if needed).
   * @throws InvalidParameterError when no admitted connection has this id.
   */
  release(id: string | number): ReleaseResult {
    const conn = this.conns.get(id);
    if (!conn) throw new InvalidParameterError('id', 'the id of an admitted connection', id);
    this.conns.delete(id);
    let moved = 0;
    const p = conn.bandwidth;
    for (let k = 0; k < conn.links.length; k++) {
      const l = conn.links[k]!;
      this.room[l]! += p;
      this.slRoom[l * SL_COUNT + conn.sl]! += p;
      this.count[l]!--;
      if (this.tables) moved += this.tables[l]!.removeDemand(conn.sequences[k]!, p);
    }
    return { id, movedEntries: moved };
  }

  /** Every link's loads, in topology order. */
  links(): LinkState[] {
    return this.topology.links.map((link, l) => {
      const load = this.cap[l]! - this.room[l]!;
      const sls: { sl: number; capacity?: number; load: number }[] = [];
      for (let sl = 0; sl < SL_COUNT; sl++) {
        const i = l * SL_COUNT + sl;
        const hasShare = this.hasSl[l] && link.slShares![sl] !== undefined;
        const slLoad = this.slCap[i]! - this.slRoom[i]!;
        if (!hasShare && !(slLoad > 0)) continue;
        sls.push(hasShare ? { sl, capacity: this.toNumber(this.slCap[i]!), load: this.toNumber(slLoad) } : { sl, load: this.toNumber(slLoad) });
      }
      return {
        id: link.id,
        port: link.port,
        bandwidth: this.toNumber(this.bw[l]!),
        capacity: this.toNumber(this.cap[l]!),
        load: this.toNumber(load),
        utilization: this.plainNumbers ? Number(load) / Number(this.bw[l]!) : ratioToNumber(toBig(load), toBig(this.bw[l]!)),
        connections: this.count[l]!,
        sls,
        exact: {
          bandwidth: exactToString(exact(toBig(this.bw[l]!), this.scale)),
          capacity: exactToString(exact(toBig(this.cap[l]!), this.scale)),
          load: exactToString(exact(toBig(load), this.scale)),
        },
      };
    });
  }

  /** Every port's tables, in link order (empty when the topology disables arbitration). */
  tablesState(): TableState[] {
    if (!this.tables) return [];
    const { low, limitOfHighPriority, mtu } = this.topology.arbitration;
    return this.tables.map((t, l) => {
      const high = t.entries();
      return {
        link: this.topology.links[l]!.id,
        port: this.topology.links[l]!.port,
        high,
        low,
        limitOfHighPriority,
        freeEntries: t.freeEntries(),
        sequences: t.sequences(),
        vls: vlGuarantees(high, { mtu, limitOfHighPriority }),
      };
    });
  }

  /** Admitted bandwidth on a link, exactly, as a string (e.g. "1875.5"). */
  exactLoad(linkId: string): string {
    const l = this.linkIndex.get(linkId);
    if (l === undefined) throw new InvalidParameterError('linkId', 'the id of a link of the topology', linkId);
    return exactToString(exact(toBig(this.cap[l]! - this.room[l]!), this.scale));
  }

  /**
   * The largest distance d in 2..64 whose delay bound B(d) bytes (delay.ts, the topology's MTU and
   * LimitOfHighPriority) takes at most `delay` seconds on link l, 0 when none does:
   * B(d) / (bw · u / 8) ≤ D ⟺ 8 · B(d) · bw.d · D.d ≤ D.n · bw.n · u (u = bits per second of the
   * topology's bandwidth unit), exactly in bigints. B(d) grows with d, so the first failure ends it.
   */
  private distanceForDelay(l: number, delay: Exact): number {
    const bw = this.topology.links[l]!.bandwidth;
    const budget = delay.n * bw.n * this.topology.bandwidthUnit!.bitsPerSecond;
    const per = 8n * bw.d * delay.d;
    let best = 0;
    for (let k = 0; k < REQUEST_DISTANCES.length; k++) {
      if (this.boundBytes[k]! * per > budget) break;
      best = REQUEST_DISTANCES[k]!;
    }
    return best;
  }

  /** A refusal; `slack` = capacity − load − p as a scaled integer, or `slackNumber` already in units. */
  private reject(
    id: string | number,
    l: number,
    reason: RejectionReason,
    slack: ExactInt | undefined,
    slackNumber: number | undefined,
  ): AdmissionVerdict {
    const bindingLink = this.topology.links[l]!.id;
    if (slack === undefined && slackNumber === undefined) return { id, admitted: false, bindingLink, reason };
    return { id, admitted: false, bindingLink, reason, slack: slack === undefined ? slackNumber! : this.toNumber(slack) };
  }

  /**
   * x / S correctly rounded to a double, so a reported number depends only on the exact value, not
   * on the unit S (which a rejected request may refine). In the double form with S ≤ 2^53 both are
   * exact doubles and one division rounds once; otherwise (bigints, huge S) `ratioToNumber`, since
   * Number(x) / Number(S) would round twice or overflow (1e300-sized links gave NaN and Infinity).
   */
  private toNumber(x: ExactInt): number {
    return this.plainNumbers ? Number(x) / Number(this.scale) : ratioToNumber(toBig(x), this.scale);
  }

  private rescale(f: bigint): void {
    this.scale *= f;
    const big = this.big || needsBigForm(this.bw.map((b) => toBig(b) * f));
    const mul = (a: ExactInt[]) => {
      for (let k = 0; k < a.length; k++) a[k] = inForm(toBig(a[k]!) * f, big);
    };
    mul(this.bw);
    mul(this.cap);
    mul(this.room);
    mul(this.slCap);
    mul(this.slRoom);
    for (const c of this.conns.values()) c.bandwidth = inForm(toBig(c.bandwidth) * f, big);
    this.big = big;
    this.plainNumbers = !big && this.scale <= BigInt(DOUBLE_FORM_LIMIT);
    if (this.tables) for (const t of this.tables) t.rescale(f);
  }
}

/** Whether some link's scaled bandwidth times 16320 would pass 2^53 (then: bigints). */
function needsBigForm(bandwidths: readonly bigint[]): boolean {
  const limit = BigInt(DOUBLE_FORM_LIMIT);
  return bandwidths.some((b) => b * BigInt(TABLE_WEIGHT_CAPACITY) > limit);
}

/** A request this large passes every capacity in the double form. */
const BIG_P = BigInt(DOUBLE_FORM_LIMIT) / BigInt(TABLE_WEIGHT_CAPACITY);
