/**
 * The traffic of Gran et al. (§III, §V and its Frame I) as a {@link HostTraffic}: every host is a
 * V node (uniform destinations), a C node (all its traffic to its hotspot), a B node (p of its
 * traffic to its hotspot, the rest uniform) or idle; the hotspots are drawn at random and move every
 * `lifetime` seconds (Figs. 9–10).
 *
 * Readings of the paper, each written where it is used:
 * - Shares of link time (Frame I): "after a given time t, a maximum of p % of the traffic has been
 *   sent to the hotspot, while a maximum of (1 − p) % has been sent to the non-hotspots", "t times
 *   link capacity". The two streams of a host are independent: stream s may start a packet at t only
 *   while bytesSent_s ≤ share_s · R · t, R the host's injection rate (13.5 Gb/s in the paper: "all
 *   nodes constantly try to inject traffic at maximum capacity; 13.5 Gbps"). Budget not used while a
 *   stream is held back is kept (the sentence bounds the cumulative amount only).
 * - When both streams may send, the next packet is the hotspot's with probability
 *   share_hs/(share_hs + share_uniform) — Frame I's random trains of messages.
 * - Uniform destinations: "a uniform destination distribution including all nodes in the network
 *   (except the node itself)", hotspots included; a message (two packets, 4096 bytes) goes to one
 *   destination.
 * - Per-QP CC without HoL blocking in the generator: a uniform message whose pair is rate-limited
 *   waits in that pair's queue (up to {@link PARKED_MESSAGES} such pairs per host) and the next one
 *   is drawn; a parked pair goes first as soon as its rate limit allows. Only when the parking is
 *   full does the uniform stream wait.
 * - Hotspots: `hotspots` distinct hosts drawn uniformly from all hosts; the contributors (C and B
 *   nodes, in their random order) are divided evenly into that many subsets, subset i sending to
 *   hotspot i. A contributor that is itself its subset's hotspot sends to the next subset's hotspot
 *   (nothing if there is only one). With `hotspots` = 0 the C nodes are idle and the B nodes send only
 *   their uniform share: the paper's "no hotspots" runs, where "only the V nodes are active".
 * - Moving hotspots (§V-C): at every multiple of `lifetime` a new set is drawn; "the B node changes
 *   the address of the hotspot at each new timeslot ... while the value of p remains the same".
 *
 * Measurements (since the last {@link resetStatistics}): bytes received by hosts while they are
 * hotspots and while they are not, so hotspot and non-hotspot receive rates are averages per
 * host-second (with moving hotspots a host counts as a hotspot for the time it is one).
 */
import type { IbCcQpTable } from '../../congestion/ibccQp.js';
import { DOUBLE_ZERO } from '../../core/fields.js';
import type { RandomStream } from '../../core/random.js';
import type { HostTraffic } from '../../sim/fabric/host/hostTraffic.js';
import { recordParameter } from '../../core/shapes.js';

/** Host roles: idle, V (uniform), C (all to the hotspot), B (p to the hotspot, the rest uniform). */
export const GranRole = Object.freeze({ Idle: 0, V: 1, C: 2, B: 3 } as const);

/** Uniform messages a host may hold back for rate-limited pairs before its uniform stream waits. */
export const PARKED_MESSAGES = 8;

/** What {@link GranTraffic} needs (validated by the scenario's front door). */
export interface GranTrafficConfig {
  /** Role of every host. */
  readonly roles: Uint8Array;
  /** Order in which contributors are dealt into hotspot subsets (host numbers). */
  readonly contributors: readonly number[];
  /** Hotspot share of a B node, 0..1. */
  readonly p: number;
  readonly hotspots: number;
  /** Hotspot lifetime in seconds (Infinity: the hotspots never move). */
  readonly lifetime: number;
  /** R, the host's injection rate that the shares divide (bytes/s). */
  readonly injectionRate: number;
  /** B, the link's data rate that IB CC's rate limit B/(1 + IRD) divides (bytes/s). */
  readonly linkRate: number;
  readonly packetBytes: number;
  /** Packets per message (2 in the paper). */
  readonly messagePackets: number;
  /** Per-pair IB CC, or null for no CC. */
  readonly cc: IbCcQpTable | null;
  /** Draws the hotspot sets. */
  readonly hotspotStream: RandomStream;
  /** One stream per host: uniform destinations and the choice between its two streams. */
  readonly hostStreams: readonly RandomStream[];
}

/** Seed gran-…'s V/C/B traffic with per-QP IB CC (see the module comment). */
export class GranTraffic implements HostTraffic {
  readonly packetBytes: number;
  readonly congestionControlled: boolean;
  wakeAt = Infinity;
  private readonly H: number;
  private readonly cfg: GranTrafficConfig;
  private readonly shareHs: Float64Array;
  private readonly shareUni: Float64Array;
  private readonly sentHs: Float64Array;
  private readonly sentUni: Float64Array;
  /** Subset (hotspot index) of each contributor, −1 for others. */
  private readonly subset: Int32Array;
  /** Current hotspot host of each subset. */
  readonly hotspotOf: Int32Array;
  private readonly isHotspot: Uint8Array;
  private epoch = -1;
  /** Current uniform message: destination and packets left. */
  private readonly uniDst: Int32Array;
  private readonly uniLeft: Int32Array;
  private readonly parkDst: Int32Array;
  private readonly parkLeft: Int32Array;
  private readonly parkCount: Int32Array;
  /**
   * The pair's rate-limit time ({@link pairReady}) of each host's current uniform message and of
   * each parked one, kept here: a pair's time changes only when the host itself sends to that
   * destination ({@link sent} updates these copies then), and reading the 648²-pair table at random
   * for every parked message at every offer was a cache miss each (the hotspot runs park often).
   */
  private readonly uniAt: Float64Array;
  private readonly parkAt: Float64Array;
  /** Which stream `next` offered: 1 hotspot, 2 uniform. */
  private readonly choice: Uint8Array;
  private readonly packetTime: number;
  /**
   * The time of the {@link next} call in progress, and the answer of {@link uniformCandidate}: fields,
   * not arguments and return values, because a double passed to or returned from a call V8 does not
   * inline is boxed into a heap number (one allocation per packet sent, measured).
   */
  private now = 0;
  private pairAt = 0;
  // statistics (times and byte sums: DOUBLE_ZERO, core/fields.ts, so the warm-up's reset keeps this
  // object's hidden class)
  private since = DOUBLE_ZERO;
  private rxHotspot = DOUBLE_ZERO;
  private rxOther = DOUBLE_ZERO;
  /** Host-seconds spent as a hotspot since the reset, up to the last epoch change. */
  private hotspotTime = DOUBLE_ZERO;
  private epochStart = DOUBLE_ZERO;
  readonly received: Float64Array;

  constructor(config: GranTrafficConfig) {
    recordParameter('config', config, { roles: 'object', contributors: 'array' });
    const c = (this.cfg = config);
    const H = (this.H = c.roles.length);
    this.packetBytes = c.packetBytes;
    this.congestionControlled = c.cc !== null;
    this.packetTime = c.packetBytes / c.linkRate;
    this.shareHs = new Float64Array(H);
    this.shareUni = new Float64Array(H);
    for (let h = 0; h < H; h++) {
      const role = c.roles[h]!;
      const hs = c.hotspots === 0 ? 0 : role === GranRole.C ? 1 : role === GranRole.B ? c.p : 0;
      const uni = role === GranRole.V ? 1 : role === GranRole.B ? 1 - c.p : 0;
      this.shareHs[h] = hs;
      this.shareUni[h] = uni;
    }
    this.sentHs = new Float64Array(H);
    this.sentUni = new Float64Array(H);
    this.subset = new Int32Array(H).fill(-1);
    if (c.hotspots > 0) c.contributors.forEach((h, i) => (this.subset[h] = i % c.hotspots));
    this.hotspotOf = new Int32Array(c.hotspots);
    this.isHotspot = new Uint8Array(H);
    this.uniDst = new Int32Array(H).fill(-1);
    this.uniLeft = new Int32Array(H);
    this.parkDst = new Int32Array(H * PARKED_MESSAGES);
    this.parkLeft = new Int32Array(H * PARKED_MESSAGES);
    this.parkCount = new Int32Array(H);
    this.uniAt = new Float64Array(H);
    this.parkAt = new Float64Array(H * PARKED_MESSAGES);
    this.choice = new Uint8Array(H);
    this.received = new Float64Array(H);
    this.advance(0);
  }

  /** Draws the hotspot sets of the epochs up to the one holding `now`. */
  private advance(now: number): void {
    const c = this.cfg;
    const e = c.lifetime === Infinity ? 0 : Math.floor(now / c.lifetime);
    while (this.epoch < e) {
      this.epoch++;
      const at = c.lifetime === Infinity ? 0 : this.epoch * c.lifetime;
      this.hotspotTime += this.hotspotsNow() * (Math.max(at, this.since) - Math.max(this.epochStart, this.since));
      this.epochStart = at;
      for (let i = 0; i < c.hotspots; i++) this.isHotspot[this.hotspotOf[i]!] = 0;
      // Partial Fisher-Yates over the hosts: `hotspots` distinct ones.
      const pool = Int32Array.from({ length: this.H }, (_, h) => h);
      for (let i = 0; i < c.hotspots; i++) {
        const j = i + Math.floor(c.hotspotStream.next() * (this.H - i));
        const t = pool[i]!;
        pool[i] = pool[j]!;
        pool[j] = t;
        this.hotspotOf[i] = pool[i]!;
        this.isHotspot[pool[i]!] = 1;
      }
    }
  }

  private hotspotsNow(): number {
    return this.epoch < 0 ? 0 : this.cfg.hotspots;
  }

  /** The hotspot host h sends to now, or −1. */
  private hotspotFor(h: number): number {
    const s = this.subset[h]!;
    if (s < 0) return -1;
    let d = this.hotspotOf[s]!;
    if (d === h) {
      if (this.cfg.hotspots === 1) return -1;
      d = this.hotspotOf[(s + 1) % this.cfg.hotspots]!;
    }
    return d;
  }

  /** The earliest start of the pair's next packet under its CC rate limit (0 without CC). */
  private pairReady(h: number, d: number): number {
    const cc = this.cfg.cc;
    return cc === null ? 0 : cc.allowedAt(h, d);
  }

  next(h: number, now: number): number {
    const c = this.cfg;
    this.advance(now);
    let wake = Infinity;
    let hs = -1;
    const shareHs = this.shareHs[h]!;
    if (shareHs > 0) {
      const budget = this.sentHs[h]! / (shareHs * c.injectionRate);
      if (budget > now) wake = budget;
      else {
        const d = this.hotspotFor(h);
        if (d >= 0) {
          const t = this.pairReady(h, d);
          if (t <= now) hs = d;
          else if (t < wake) wake = t;
        }
      }
    }
    let uni = -1;
    const shareUni = this.shareUni[h]!;
    if (shareUni > 0) {
      const budget = this.sentUni[h]! / (shareUni * c.injectionRate);
      if (budget > now) {
        if (budget < wake) wake = budget;
      } else {
        this.now = now;
        this.uniformCandidate(h);
        const t = this.pairAt;
        if (t <= now) uni = this.uniDst[h]!;
        else if (t < wake) wake = t;
      }
    }
    if (hs >= 0 && uni >= 0) {
      if (c.hostStreams[h]!.next() * (shareHs + shareUni) < shareHs) uni = -1;
      else hs = -1;
    }
    if (hs >= 0) {
      this.choice[h] = 1;
      return hs;
    }
    if (uni >= 0) {
      this.choice[h] = 2;
      return uni;
    }
    // The hotspots move at the next epoch: a held-back stream may find a free pair then.
    if (c.lifetime !== Infinity) {
      const move = (this.epoch + 1) * c.lifetime;
      if (move < wake) wake = move;
    }
    this.wakeAt = wake;
    return -1;
  }

  /**
   * Makes the host's current uniform message one whose pair may send at {@link now} if it can (a
   * parked one first, else new draws, parking the rate-limited ones); sets {@link pairAt} to the time
   * the current message's pair allows it (≤ now: ready).
   */
  private uniformCandidate(h: number): void {
    const H = this.H;
    const now = this.now;
    if (this.uniLeft[h]! > 0) {
      const t = this.uniAt[h]!;
      this.pairAt = t;
      if (t <= now) return;
      if (!this.park(h)) return this.earliestParked(h);
    }
    // A parked destination whose pair is free now.
    const base = h * PARKED_MESSAGES;
    const n = this.parkCount[h]!;
    for (let i = 0; i < n; i++) {
      const t = this.parkAt[base + i]!;
      if (t <= now) {
        this.uniDst[h] = this.parkDst[base + i]!;
        this.uniLeft[h] = this.parkLeft[base + i]!;
        this.uniAt[h] = t;
        this.parkCount[h] = n - 1;
        this.parkDst[base + i] = this.parkDst[base + n - 1]!;
        this.parkLeft[base + i] = this.parkLeft[base + n - 1]!;
        this.parkAt[base + i] = this.parkAt[base + n - 1]!;
        this.pairAt = now;
        return;
      }
    }
    // New messages until one may go or the parking is full; a draw whose pair is already parked
    // joins it (one queue per pair). Bounded: a host whose every pair is held back waits.
    const stream = this.cfg.hostStreams[h]!;
    for (let tries = 0; ; tries++) {
      let d = Math.floor(stream.next() * (H - 1));
      if (d >= h) d++;
      this.uniDst[h] = d;
      this.uniLeft[h] = this.cfg.messagePackets;
      const t = this.pairReady(h, d);
      this.uniAt[h] = t;
      this.pairAt = t;
      if (t <= now) return;
      if (tries >= 4 * PARKED_MESSAGES || !this.park(h)) return this.earliestParked(h);
    }
  }

  /** Parks the current uniform message with its pair's queue (a new slot if none); false if the parking is full. */
  private park(h: number): boolean {
    const base = h * PARKED_MESSAGES;
    const n = this.parkCount[h]!;
    const d = this.uniDst[h]!;
    let i = 0;
    while (i < n && this.parkDst[base + i] !== d) i++;
    if (i === n) {
      if (n >= PARKED_MESSAGES) return false;
      this.parkCount[h] = n + 1;
      this.parkDst[base + i] = d;
      this.parkAt[base + i] = this.uniAt[h]!;
      this.parkLeft[base + i] = 0;
    }
    this.parkLeft[base + i]! += this.uniLeft[h]!;
    this.uniLeft[h] = 0;
    return true;
  }

  /** Sets {@link pairAt} to the earliest time the current message (ready at pairAt) or a parked one may go. */
  private earliestParked(h: number): void {
    const base = h * PARKED_MESSAGES;
    let t = this.pairAt;
    for (let i = 0; i < this.parkCount[h]!; i++) {
      const u = this.parkAt[base + i]!;
      if (u < t) t = u;
    }
    this.pairAt = t;
  }

  sent(h: number, destination: number, now: number): void {
    const bytes = this.packetBytes;
    if (this.choice[h] === 1) this.sentHs[h]! += bytes;
    else {
      this.sentUni[h]! += bytes;
      this.uniLeft[h]!--;
    }
    const cc = this.cfg.cc;
    if (cc === null) return;
    cc.sent(h, destination, now, this.packetTime);
    // The pair's new time, into the copies of the messages for this destination (the hotspot may
    // also be the current or a parked uniform destination).
    const t = cc.allowedAt(h, destination);
    if (this.uniDst[h] === destination) this.uniAt[h] = t;
    const base = h * PARKED_MESSAGES;
    for (let i = 0; i < this.parkCount[h]!; i++) if (this.parkDst[base + i] === destination) this.parkAt[base + i] = t;
  }

  delivered(_source: number, destination: number, bytes: number, now: number): void {
    this.advance(now);
    this.received[destination]! += bytes;
    if (this.isHotspot[destination] === 1) this.rxHotspot += bytes;
    else this.rxOther += bytes;
  }

  becn(source: number, destination: number, now: number): void {
    this.cfg.cc!.onBecn(source, destination, now);
  }

  resetStatistics(now: number): void {
    this.advance(now);
    this.since = now;
    this.epochStart = Math.max(this.epochStart, now);
    this.hotspotTime = 0;
    this.rxHotspot = 0;
    this.rxOther = 0;
    this.received.fill(0);
  }

  /**
   * Receive rates (Gb/s) since the last reset up to `now`: per hotspot host-second, per non-hotspot
   * host-second, per host, and the whole network's.
   */
  receiveRates(now: number): { hotspot: number; nonHotspot: number; average: number; total: number } {
    this.advance(now);
    const span = now - this.since;
    const hsTime = this.hotspotTime + this.hotspotsNow() * (now - Math.max(this.epochStart, this.since));
    const otherTime = this.H * span - hsTime;
    const gbps = (bytes: number, seconds: number): number => (seconds > 0 ? (bytes * 8) / seconds / 1e9 : NaN);
    return {
      hotspot: gbps(this.rxHotspot, hsTime),
      nonHotspot: gbps(this.rxOther, otherTime),
      average: gbps(this.rxHotspot + this.rxOther, this.H * span),
      total: gbps(this.rxHotspot + this.rxOther, span),
    };
  }
}
