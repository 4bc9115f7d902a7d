/**
 * The per-flow recorders of a fabric run that every packet touches (issue 32: locality): what a
 * flow's deliveries recorded and what its source recorded, one record of doubles per flow each,
 * where a Tally, a Histogram, a TimeWeighted and three arrays were six objects per flow, a cache
 * line each. The arithmetic is the core's: the Tally's (Welford), the Histogram's (lo = 0) and the
 * TimeWeighted's (Neumaier-compensated integral), the same operations in the same order, so the
 * figures are the same to the last digit. Statistics only observe; {@link FabricStats} (measurements.ts)
 * reports them.
 */
import { Histogram } from '../../stats/histogram.js';
import type { Engine } from '../../engine/engine.js';
import type { CompiledFabric } from '../compiled.js';
import { lineAlignedBuffer } from '../lineAligned.js';

// A flow's delivery record (fRec, f·FLOW_STRIDE + field): packets delivered, the latency's mean and
// sum of squared deviations (µs), its largest value, bytes delivered, marked packets, latencies
// beyond the histogram's last bin.
const FLOW_STRIDE = 8;
const F_COUNT = 0;
const F_MEAN = 1;
const F_M2 = 2;
const F_MAX = 3;
const F_BYTES = 4;
const F_MARKED = 5;
const F_OVER = 6;
// A flow's source record, cold part (fSrc, f·SOURCE_STRIDE + field): the flow's start, the start of its send
// queue's average, packets refused.
const SOURCE_STRIDE = 4;
const S_FLOW_START = 0;
const S_START = 1;
const S_DROPS = 2;
// Its hot part (session 25: the host adapter's send record, sendRecords.ts, once shared): the send queue's count
// (an integer, the host adapter's), and from double `first` on its last change, sum, compensation (the
// time-weighted average) and the packets offered — what a packet's arrival at the queue and its departure read,
// beside the send record they read anyway, where a table of its own was a cache miss more per packet at k = 32.
const Q_LAST = 0;
const Q_SUM = 1;
const Q_COMP = 2;
const Q_OFFERED = 3;

/** Where the send queues' hot recorders lie: doubles of flow f at f·stride + first + (last change, sum, compensation, offered), its packets held as the integer at 2f·stride + count. */
export interface SourceRecordLayout {
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly stride: number;
  readonly first: number;
  readonly count: number;
}

/**
 * One flow's recorded figures (see {@link FlowRecorders.figures}); the simulator's per-flow
 * measurements (measurements.ts's FlowMeasurements) are these, less `bytes`, plus the rates.
 */
export interface FlowFigures {
  /** Packets delivered to the destination. */
  readonly delivered: number;
  /** Bytes delivered to the destination. */
  readonly bytes: number;
  /** Mean latency from creation to tail delivery, microseconds (NaN if nothing delivered). */
  readonly meanLatencyUs: number;
  /** Latency sample variance, µs² (the core's Tally: Welford). */
  readonly latencyVarianceUs2: number;
  /** Largest latency, µs. */
  readonly maxLatencyUs: number;
  /** Latency distribution: counts of bins [k·binWidth, (k+1)·binWidth) µs, and those beyond the last. */
  readonly latencyHistogramUs: { readonly binWidth: number; readonly counts: readonly number[]; readonly overflow: number };
  /** Delivered packets that carried an ECN/FECN mark. */
  readonly marked: number;
  /** Packets refused by the full send queue. */
  readonly sourceDrops: number;
  /** Packets offered (arrived at the send queue, refused ones included). */
  readonly offered: number;
  /** Time-average number of packets in the send queue, the one in transmission included, since the last reset (NaN over an empty span). */
  readonly meanSendQueue: number;
}

/** The per-flow delivery and source recorders. */
export class FlowRecorders {
  private readonly engine: Engine;
  private readonly fRec: Float64Array;
  /**
   * The latency histograms' counts: flow f's bin k at k·flows + f (bin-major: a run's latencies fill
   * a few bins, so the counts a delivery increments lie on a few pages, not one page per few flows —
   * at k = 32, 8,192 flows × 100 bins were 1,600 pages, each delivery a TLB miss; issue 32).
   */
  private readonly fHist: Float64Array;
  private readonly fSrc: Float64Array;
  /** The send queues' hot recorders: a table of their own, or the host adapter's send records ({@link shareSourceRecords}). */
  private q: SourceRecordLayout;
  private readonly flows: number;
  private readonly histBins: number;
  private readonly histHi: number;
  private readonly histScale: number;

  constructor(c: CompiledFabric, engine: Engine) {
    this.engine = engine;
    const F = (this.flows = c.flows.length);
    // (the Histogram constructor checks the options, as before)
    const h = new Histogram({ lo: 0, hi: c.latencyHistogram.hiUs, bins: c.latencyHistogram.bins });
    this.histBins = h.bins;
    this.histHi = h.hi;
    this.histScale = h.bins / (h.hi - 0);
    this.fHist = new Float64Array(F * h.bins);
    // On whole lines from 256 KiB on (lineAligned.ts; session 25: a delivery read two lines of its flow's record at k = 32)
    this.fRec = new Float64Array(lineAlignedBuffer(F * FLOW_STRIDE * 8, 1 << 18), 0, F * FLOW_STRIDE);
    for (let f = 0; f < F; f++) this.fRec[f * FLOW_STRIDE + F_MAX] = -Infinity;
    this.fSrc = new Float64Array(F * SOURCE_STRIDE);
    const f64 = new Float64Array(F * 6);
    this.q = { f64, i32: new Int32Array(f64.buffer), stride: 6, first: 1, count: 0 };
    c.flows.forEach((flow, f) => {
      this.fSrc[f * SOURCE_STRIDE + S_FLOW_START] = flow.start;
      this.fSrc[f * SOURCE_STRIDE + S_START] = flow.start;
      f64[f * 6 + 1 + Q_LAST] = flow.start;
    });
  }

  /**
   * Keeps the send queues' hot recorders where `layout` says (the host adapter's send records: its count is the
   * packets held); their values move there. Called before the run.
   */
  shareSourceRecords(layout: SourceRecordLayout): void {
    const old = this.q;
    for (let f = 0; f < this.flows; f++) {
      for (let k = Q_LAST; k <= Q_OFFERED; k++) layout.f64[f * layout.stride + layout.first + k] = old.f64[f * old.stride + old.first + k]!;
      layout.i32[2 * f * layout.stride + layout.count] = old.i32[2 * f * old.stride + old.count]!;
    }
    this.q = layout;
  }

  /** A packet of flow f delivered now: `bytes`, its latency (µs), marked (1) or not. */
  delivered(f: number, bytes: number, latencyUs: number, marked: number): void {
    const rec = this.fRec;
    const r = f * FLOW_STRIDE;
    rec[r + F_BYTES]! += bytes;
    const x = latencyUs;
    const n = ++rec[r + F_COUNT]!;
    const d = x - rec[r + F_MEAN]!;
    rec[r + F_MEAN]! += d / n;
    rec[r + F_M2]! += d * (x - rec[r + F_MEAN]!);
    if (x > rec[r + F_MAX]!) rec[r + F_MAX] = x;
    if (x >= this.histHi) rec[r + F_OVER]!++;
    else if (x >= 0) this.fHist[Math.min(this.histBins - 1, Math.floor((x - 0) * this.histScale)) * this.flows + f]!++;
    if (marked) rec[r + F_MARKED]!++;
  }

  /** A packet is offered to flow f's send queue (refused: `dropped` 1). */
  offered(f: number, dropped: number): void {
    const q = this.q;
    q.f64[f * q.stride + q.first + Q_OFFERED]!++;
    if (dropped) this.fSrc[f * SOURCE_STRIDE + S_DROPS]!++;
  }

  /**
   * Flow f's send queue held `held` packets until now (its count in the record is already the new one):
   * TimeWeighted.update's operations on the record, in the same order. (The update's time is now: the queue changes
   * only from the flow's start on — its first arrival is posted at the start — where the time was max(now, start).)
   */
  sendQueueChange(f: number, held: number): void {
    const now = this.engine.now;
    const q = this.q;
    const src = q.f64;
    const r = f * q.stride + q.first;
    const sum = src[r + Q_SUM]!;
    const term = held * (now - src[r + Q_LAST]!);
    const t = sum + term;
    src[r + Q_COMP]! += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
    src[r + Q_SUM] = t;
    src[r + Q_LAST] = now;
  }

  /** Ends the warm-up: every flow's recorders start again at max(now, its start). */
  reset(now: number): void {
    this.fRec.fill(0);
    this.fHist.fill(0);
    for (let f = 0; f < this.flows; f++) {
      this.fRec[f * FLOW_STRIDE + F_MAX] = -Infinity;
      const r = f * SOURCE_STRIDE;
      const at = Math.max(now, this.fSrc[r + S_FLOW_START]!);
      this.fSrc[r + S_START] = at;
      this.fSrc[r + S_DROPS] = 0;
      const q = this.q;
      const h = f * q.stride + q.first;
      q.f64[h + Q_LAST] = at;
      q.f64[h + Q_SUM] = 0;
      q.f64[h + Q_COMP] = 0;
      q.f64[h + Q_OFFERED] = 0;
    }
  }

  /** Flow f's figures since the last reset, at `now` (the Tally's, Histogram's and TimeWeighted's readings). */
  figures(f: number, now: number): FlowFigures {
    const rec = this.fRec;
    const r = f * FLOW_STRIDE;
    const n = rec[r + F_COUNT]!;
    const bins = this.histBins;
    const src = this.fSrc;
    const c = f * SOURCE_STRIDE;
    const span = now - src[c + S_START]!;
    const Q = this.q;
    const h = f * Q.stride + Q.first;
    const held = Q.i32[2 * f * Q.stride + Q.count]!;
    return {
      delivered: n,
      bytes: rec[r + F_BYTES]!,
      meanLatencyUs: n > 0 ? rec[r + F_MEAN]! : NaN,
      latencyVarianceUs2: n > 1 ? rec[r + F_M2]! / (n - 1) : NaN,
      maxLatencyUs: n > 0 ? rec[r + F_MAX]! : NaN,
      latencyHistogramUs: { binWidth: (this.histHi - 0) / bins, counts: Array.from({ length: bins }, (_, k) => this.fHist[k * this.flows + f]!), overflow: rec[r + F_OVER]! },
      marked: rec[r + F_MARKED]!,
      sourceDrops: src[c + S_DROPS]!,
      offered: Q.f64[h + Q_OFFERED]!,
      meanSendQueue: span > 0 ? (Q.f64[h + Q_SUM]! + Q.f64[h + Q_COMP]! + held * (now - Q.f64[h + Q_LAST]!)) / span : NaN,
    };
  }
}
