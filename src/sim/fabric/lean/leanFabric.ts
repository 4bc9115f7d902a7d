/**
 * The lean engine (docs/fabric.md § the lean engine): the standard fabric's model (fabric.ts,
 * switch/crossbar.ts, link/links.ts, host/hostAdapter.ts, host/sink.ts) for its lean subset
 * (leanBuild.ts) on the session-22 bound's layout — one 32-byte record per link direction
 * (leanRecords.ts), packets in a small pool reused last in, first out, the path per flow, a timing
 * wheel (leanCalendar.ts), and no other per-port or per-flow table read per hop (benchmarks/README.md,
 * fourteenth and nineteenth passes).
 *
 * The rules are the standard engine's, step for step, so that both run the same simulation: a packet's
 * header reaches its input FIFO buffer the link delay plus the switch latency after its transmission
 * began (cut-through; after it ended, store-and-forward); a buffer's head requests its output (appended
 * to the output's request list); an idle output with credits for its first request whose input port is
 * free serves it (FCFS over head packets), and with too few credits begins a credit stall; a transmission
 * cannot end before the packet's tail has arrived plus the switch latency; the blocks go back when the
 * transmission out of the switch ends and reach the sender a link delay later (folded into the sender's
 * own end of transmission when that comes later, links.ts's returnCredits); the end's choices (this
 * output, then the freed input's head's output) run after every other event of the same instant;
 * equal-time events run in the order they were posted (the core Engine's). Times are computed with the
 * standard engine's floating-point operations in its order.
 */
import { InvalidParameterError } from '../../../core/errors.js';
import type { LeanCompiled } from './leanBuild.js';
import { LeanCalendar } from './leanCalendar.js';
import { LeanStats, type LeanMeasurements } from './leanMeasure.js';
import { LeanPackets, leanFlowRecords, leanLinkRecords } from './leanRecords.js';
import { LeanSources } from './leanSources.js';

/*
 * The link record's layout (leanRecords.ts has its table), as constants of this module: under tsx's module
 * transform an imported binding is a getter call at every use (profiled at k = 16 with the layout imported:
 * 23 % of the samples in those getters; simulated instructions per hop 13,189 → 11,407 once local, callgrind,
 * 50 µs window), a constant of this module is folded into the code. `LEAN_RECORD_LAYOUT` below exports them
 * for the test that they equal leanRecords.ts's.
 */
const W_BYTES = 0;
const W_END = 1;
const W_CREDITS = 2;
const W_REQUESTS = 3;
const W_HEAD = 4;
const W_TAIL = 5;
const W_HEAD_REQ = 6;
const W_MISC = 7;
const IN_BUSY = 1 << 16;
const OUT_BUSY = 1 << 17;
const INTO_HOST = 1 << 18;
const STALL = 1 << 19;
const CLASS_SHIFT = 21;
const NO_LINK = 0xffff;
/** This module's copy of the record layout (for the test that it is leanRecords.ts's). */
export const LEAN_RECORD_LAYOUT = { W_BYTES, W_END, W_CREDITS, W_REQUESTS, W_HEAD, W_TAIL, W_HEAD_REQ, W_MISC, IN_BUSY, OUT_BUSY, INTO_HOST, STALL, CLASS_SHIFT, NO_LINK } as const;

/** Picoseconds of time t, wrapping at 2^32 (the unit of the record's W_END, leanRecords.ts). */
function ticks(t: number): number {
  return Math.round(t * 1e12) | 0;
}

/** Event kinds, in the top 4 bits of a; the link, flow or packet below. */
const K_SHIFT = 28;
const ARG = (1 << K_SHIFT) - 1;
/** Packet b's header reaches the input buffer at the far end of link a. */
const E_ARRIVE = 0;
/** Link a's transmission ends; b: the input link it came from | its blocks << 16, or −1 − f from flow f's host. */
const E_TX_END = 1;
/** b credit blocks reach the sender of link a. */
const E_CREDIT = 2;
/** Packet b's tail reaches its destination host. */
const E_DELIVER = 3;
/** Flow a's arrival (b = 1) or its start (b = 0: the first gap is drawn). */
const E_GENERATE = 4;
/** The end of the warm-up: the statistics restart. */
const E_RESET = 5;
const BLOCK_SHIFT = 6;

/** A lean fabric ready to run; {@link buildLeanFabric} is its checking front door. */
export class LeanFabric {
  private readonly c: LeanCompiled;
  /** The link records (leanRecords.ts). */
  private readonly R: Int32Array;
  private readonly packets: LeanPackets;
  private readonly cal: LeanCalendar;
  private readonly stats: LeanStats;
  private readonly sources: LeanSources;
  private readonly classRate: Float64Array;
  private readonly classDelay: Float64Array;
  /**
   * The flows' per-hop records (leanRecords.ts leanFlowRecords): wire bytes (one size per flow: the packet record holds
   * none, only hop | flow << 8 — flows ≤ hosts < 2^16, the links' 16-bit numbers, so the flow fits in 24 bits), the
   * delivery recorder and the path (16-bit link numbers), flow f's at f << fShift integers.
   */
  private readonly fI32: Int32Array;
  private readonly fPath: Uint16Array;
  private readonly fShift: number;
  private readonly hostBase: number;
  private readonly switchLatency: number;
  private readonly cutThrough: boolean;
  /** The end-of-transmission choices waiting for the instant's other events: a ring of (output, input link). */
  private readonly chooseOut: Int32Array;
  private readonly chooseIn: Int32Array;
  private chooseFirst = 0;
  private chooseCount = 0;
  private clock = 0;
  private started = false;
  /** Events handled (calendar events, folded credit returns, choices). */
  private events = 0;

  constructor(compiled: LeanCompiled) {
    const c = (this.c = compiled);
    this.R = leanLinkRecords(c);
    this.packets = new LeanPackets(4 * c.ports);
    // The wheel spans two of the longest transmissions in 4 buckets per host (~4 events a bucket at bench:scale's
    // load). 16 per host, the bound's and the standard wheel's, simulated 6.4 LL misses per k = 32 hop against 5.7
    // here (its 512 KiB of bucket heads at k = 32; 1 per host: 5.8 and more instructions); k = 16: 2.0 against 2.4
    // (callgrind, benchmarks/README.md nineteenth pass).
    // The span is set by the link class most ports have (leanBuild.ts `commonClass`), not the slowest: one slow
    // link would widen every bucket by the rates' ratio, and a take scans its whole bucket (R44lean,
    // benchmarks/lean-slow-link.ts); a slow link's events beyond the span wait in the calendar's heap.
    const longest = c.largestPacket / c.classRate[c.commonClass]!;
    this.cal = new LeanCalendar(8 * c.ports, Math.max(1024, 4 * c.hosts), 2 * longest);
    const flowRecords = leanFlowRecords(c);
    this.stats = new LeanStats(c, flowRecords);
    this.sources = new LeanSources(c);
    this.classRate = c.classRate;
    this.classDelay = c.classDelay;
    this.fI32 = flowRecords.i32;
    this.fPath = flowRecords.u16;
    this.fShift = flowRecords.shift;
    this.hostBase = c.hostBase;
    this.switchLatency = c.switchLatency;
    this.cutThrough = c.cutThrough;
    this.chooseOut = new Int32Array(c.ports + 1);
    this.chooseIn = new Int32Array(c.ports + 1);
  }

  /** Current simulated time (s). */
  get now(): number {
    return this.clock;
  }

  /**
   * Runs the events before `until` (s), then sets the clock to `until` (events at exactly `until` wait
   * for the next call: Fabric.run's rule). The window starts at `warmUp` (the first call's value counts).
   * @throws InvalidParameterError if until is NaN or before now, or warmUp is not a finite number ≥ 0.
   */
  run(until: number, warmUp = 0): void {
    if (typeof until !== 'number' || Number.isNaN(until) || until < this.clock) throw new InvalidParameterError('until', `a time >= the current time ${this.clock} (seconds)`, until);
    if (typeof warmUp !== 'number' || !Number.isFinite(warmUp) || warmUp < 0) throw new InvalidParameterError('warmUp', 'a finite number >= 0 (seconds)', warmUp);
    if (!this.started) {
      this.started = true;
      this.c.flows.forEach((flow, f) => this.cal.post(flow.compiled.start, (E_GENERATE << K_SHIFT) | f, 0));
      if (warmUp > 0) this.cal.post(warmUp, E_RESET << K_SHIFT, 0);
    }
    const cal = this.cal;
    for (;;) {
      const t = cal.peekTime();
      if (this.chooseCount > 0 && t > this.clock) {
        const k = this.chooseFirst;
        // (back to the ring's start once empty: the few choices of an instant stay on its first line)
        this.chooseFirst = --this.chooseCount === 0 || k + 1 === this.chooseOut.length ? 0 : k + 1;
        this.choose(this.chooseOut[k]!, this.chooseIn[k]!);
        this.events++;
        continue;
      }
      if (t >= until) break;
      this.clock = t;
      const a = cal.takeA();
      this.handle(a, cal.lastB);
      this.events++;
    }
    // (A drain, until = Infinity, leaves the clock at the last event: Engine.run's rule.)
    if (until > this.clock && until !== Infinity) this.clock = until;
  }

  /** Figures measured since the end of the warm-up. */
  measurements(): LeanMeasurements {
    const sources = this.sources;
    return this.stats.measurements(this.R, this.clock, this.events, (f) => sources.offered(f), (f) => sources.refused(f));
  }

  private handle(a: number, b: number): void {
    const x = a & ARG;
    switch (a >>> K_SHIFT) {
      case E_ARRIVE:
        this.arrive(x, b);
        return;
      case E_TX_END:
        this.txEnd(x, b);
        return;
      case E_CREDIT: {
        const R = this.R;
        R[8 * x + W_CREDITS]! += b;
        if ((R[8 * x + W_MISC]! & OUT_BUSY) === 0) {
          if (x >= this.hostBase) this.hostTry(x, this.c.flowOfHost[x - this.hostBase]!);
          else this.tryOutput(x);
        }
        return;
      }
      case E_DELIVER:
        this.deliver(b);
        return;
      case E_GENERATE:
        this.generate(x, b);
        return;
      default:
        this.stats.reset(this.R, this.clock);
        this.sources.resetCounts();
    }
  }

  /** Packet p's header reaches the input buffer at the far end of link g: it joins the FIFO; a new head requests its output. */
  private arrive(g: number, p: number): void {
    const R = this.R;
    const P = this.packets.i32;
    const word = P[6 * p]!;
    const hop = (word & 0xff) + 1;
    const f = word >>> 8;
    const out = this.fPath[(f << (this.fShift + 1)) + 8 + hop]!;
    P[6 * p] = (word & ~0xff) | hop;
    P[6 * p + 1] = -1;
    const r = 8 * g;
    R[r + W_MISC]! += (this.fI32[f << this.fShift]! + 63) >> BLOCK_SHIFT;
    const t = R[r + W_TAIL]!;
    R[r + W_TAIL] = p;
    if (t >= 0) P[6 * t + 1] = p;
    else {
      R[r + W_HEAD] = p;
      this.request(g, out);
      if ((R[8 * out + W_MISC]! & OUT_BUSY) === 0) this.tryOutput(out);
    }
  }

  /** The head of input link i's buffer requests output o: i goes to the end of o's request list. */
  private request(i: number, o: number): void {
    const R = this.R;
    R[8 * i + W_HEAD_REQ] = NO_LINK | (o << 16);
    const list = R[8 * o + W_REQUESTS]!;
    const last = list >>> 16;
    if (last === NO_LINK) R[8 * o + W_REQUESTS] = i | (i << 16);
    else {
      R[8 * last + W_HEAD_REQ] = (R[8 * last + W_HEAD_REQ]! & ~0xffff) | i;
      R[8 * o + W_REQUESTS] = (list & 0xffff) | (i << 16);
    }
  }

  /** Switch output o, if idle, serves its longest-waiting request whose input port is free, given the credits (crossbar.ts tryOutput). */
  private tryOutput(o: number): void {
    const R = this.R;
    const ro = 8 * o;
    const misc = R[ro + W_MISC]!;
    if ((misc & OUT_BUSY) !== 0) return;
    const list = R[ro + W_REQUESTS]!;
    let prev = NO_LINK;
    let i = list & 0xffff;
    while (i !== NO_LINK && (R[8 * i + W_MISC]! & IN_BUSY) !== 0) (prev = i), (i = R[8 * i + W_HEAD_REQ]! & 0xffff);
    if (i === NO_LINK) return;
    const ri = 8 * i;
    const p = R[ri + W_HEAD]!;
    const P = this.packets.i32;
    const blocks = (this.fI32[(P[6 * p]! >>> 8) << this.fShift]! + 63) >> BLOCK_SHIFT;
    if ((misc & INTO_HOST) === 0 && (R[ro + W_CREDITS]! & 0xffff) < blocks) {
      if ((misc & STALL) === 0) this.stats.stallBegins(R, o, this.clock);
      return;
    }
    if ((misc & STALL) !== 0) this.stats.stallEnds(R, o, this.clock);
    // i leaves o's request list; its buffer's next packet, if any, requests its own output.
    const next = R[ri + W_HEAD_REQ]! & 0xffff;
    let first = list & 0xffff;
    let last = list >>> 16;
    if (prev === NO_LINK) first = next;
    else R[8 * prev + W_HEAD_REQ] = (R[8 * prev + W_HEAD_REQ]! & ~0xffff) | next;
    if (next === NO_LINK) last = prev;
    R[ro + W_REQUESTS] = first | (last << 16);
    const q = P[6 * p + 1]!;
    R[ri + W_HEAD] = q;
    R[ri + W_MISC]! |= IN_BUSY;
    if (q < 0) (R[ri + W_TAIL] = -1), (R[ri + W_HEAD_REQ] = NO_LINK | (NO_LINK << 16));
    else {
      const w = P[6 * q]!;
      this.request(i, this.fPath[((w >>> 8) << (this.fShift + 1)) + 8 + (w & 0xff)]!);
    }
    // Every byte crosses the switch in the switch latency (crossbar.ts startTx).
    const F = this.packets.f64;
    F[3 * p + 2] = F[3 * p + 2]! + this.switchLatency;
    this.transmit(o, p, i | (blocks << 16));
  }

  /** Host port g (its flow f; −1: none), if idle, starts the flow's head packet given the credits (hostAdapter.ts tryOutput with one flow). */
  private hostTry(g: number, f: number): void {
    const R = this.R;
    const misc = R[8 * g + W_MISC]!;
    if ((misc & OUT_BUSY) !== 0 || f < 0) return;
    const sources = this.sources;
    if (sources.waiting(f) === 0) return;
    if ((R[8 * g + W_CREDITS]! & 0xffff) < (this.fI32[f << this.fShift]! + 63) >> BLOCK_SHIFT) {
      if ((misc & STALL) === 0) this.stats.stallBegins(R, g, this.clock);
      return;
    }
    if ((misc & STALL) !== 0) this.stats.stallEnds(R, g, this.clock);
    this.transmit(g, sources.pop(f, this.packets, this.clock), -1 - f);
  }

  /** Puts packet p on link g (links.ts transmit): credits taken, its end and its arrival (or delivery) posted; `from` rides on the end's event. */
  private transmit(g: number, p: number, from: number): void {
    const R = this.R;
    const r = 8 * g;
    const misc = R[r + W_MISC]!;
    const size = this.fI32[(this.packets.i32[6 * p]! >>> 8) << this.fShift]!;
    if ((misc & INTO_HOST) === 0) R[r + W_CREDITS]! -= (size + 63) >> BLOCK_SHIFT;
    R[r + W_MISC] = misc | OUT_BUSY;
    const stats = this.stats;
    stats.hops++;
    const bytes = (R[r + W_BYTES]! >>> 0) + size;
    if (bytes >= 4294967296) stats.bytesWrapped[g]! += 4294967296;
    R[r + W_BYTES] = bytes | 0;
    const k = misc >>> CLASS_SHIFT;
    const now = this.clock;
    const duration = size / this.classRate[k]!;
    let end = now + duration;
    const F = this.packets.f64;
    if (this.cutThrough && F[3 * p + 2]! > end) {
      end = F[3 * p + 2]!;
      stats.stretch[g]! += end - now - duration;
    }
    R[r + W_END] = ticks(end);
    const d = this.classDelay[k]!;
    F[3 * p + 2] = end + d;
    const cal = this.cal;
    cal.post(end, (E_TX_END << K_SHIFT) | g, from);
    if ((misc & INTO_HOST) !== 0) cal.post(end + d, E_DELIVER << K_SHIFT, p);
    else cal.post((this.cutThrough ? now : end) + d + this.switchLatency, (E_ARRIVE << K_SHIFT) | g, p);
  }

  /** Link g's transmission ends: its folded credits arrive; a host's flow may send again; a switch's input frees its blocks and its choices wait for the instant's end. */
  private txEnd(g: number, from: number): void {
    const R = this.R;
    const r = 8 * g;
    const credits = R[r + W_CREDITS]!;
    if (credits >>> 16 !== 0) {
      R[r + W_CREDITS] = (credits & 0xffff) + (credits >>> 16);
    }
    R[r + W_MISC]! &= ~OUT_BUSY;
    if (from < 0) {
      this.sources.sent(-1 - from);
      this.hostTry(g, -1 - from);
      return;
    }
    const i = from & 0xffff;
    const blocks = from >>> 16;
    const ri = 8 * i;
    const misc = (R[ri + W_MISC]! - blocks) & ~IN_BUSY;
    R[ri + W_MISC] = misc;
    // The blocks go back to link i's sender, a link delay away (links.ts returnCredits): folded into
    // its own end when it is busy until after they arrive (by 2 ps or more: the ticks' rounding), else an event.
    const at = this.clock + this.classDelay[misc >>> CLASS_SHIFT]!;
    if ((misc & OUT_BUSY) !== 0 && ((R[ri + W_END]! - ticks(at)) | 0) > 1) {
      R[ri + W_CREDITS]! += blocks << 16;
      this.events++;
    } else this.cal.post(at, (E_CREDIT << K_SHIFT) | i, blocks);
    let k = this.chooseFirst + this.chooseCount++;
    if (k >= this.chooseOut.length) k -= this.chooseOut.length;
    this.chooseOut[k] = g;
    this.chooseIn[k] = i;
  }

  /** The choices of output g's end of a packet from input link i (crossbar.ts choose): g first, then i's head's output. */
  private choose(g: number, i: number): void {
    this.tryOutput(g);
    const R = this.R;
    if (R[8 * i + W_HEAD]! >= 0) {
      const o = R[8 * i + W_HEAD_REQ]! >>> 16;
      if ((R[8 * o + W_MISC]! & OUT_BUSY) === 0) this.tryOutput(o);
    }
  }

  /** Packet p's tail reaches its host (sink.ts deliver). */
  private deliver(p: number): void {
    const packets = this.packets;
    const f = packets.i32[6 * p]! >>> 8;
    this.stats.delivered(f, (this.clock - packets.f64[3 * p + 1]!) * 1e6);
    packets.release(p);
  }

  /** Flow f's arrival (epoch 1) or start (epoch 0), as hostAdapter.ts onGenerate. */
  private generate(f: number, epoch: number): void {
    const sources = this.sources;
    const now = this.clock;
    if (sources.stopped(f, now)) return;
    if (epoch === 1) sources.newPacket(f, now);
    this.cal.post(now + sources.nextGap(f), (E_GENERATE << K_SHIFT) | f, 1);
    this.hostTry(sources.port(f), f);
  }
}
