/**
 * The input VL buffers' occupancy recorders (split from measurements.ts in session 23): packets held
 * per buffer (arrived, tail not yet gone), time-weighted with the core's TimeWeighted (stats/timeWeighted.ts)
 * arithmetic (a Neumaier-compensated integral), and the most held. Kept in one of two places:
 * - in the FIFO input buffers' own records (session 23, {@link BufferOccupancy.share}): each
 *   change updates the record that the buffer's arrival or departure reads anyway
 *   ({@link BufferOccupancy.recordChange}) — at k = 32 no line of a table of its own per change;
 * - otherwise (virtual output queues, or buffers larger than the records' 16-bit counts) in a table
 *   of their own, through a log folded in order ({@link BufferOccupancy.bufferChange}).
 * Both do the same operations in the same order per buffer, so the figures are the same to the bit.
 */
import { DOUBLE_ZERO } from '../../../core/fields.js';
import type { Engine } from '../../engine/engine.js';

/**
 * Where the recorders are kept in the buffers' records (link/portWires.ts's FIFO sections): buffer
 * b's at offset x = `offsetOf(b)`: packets held and most held as 16-bit integers at i16[2(x + held)]
 * and + 1, the last change, sum and compensation as doubles at f64[(x + occ) / 2] … + 2.
 */
export interface OccupancyRecords {
  readonly f64: Float64Array;
  readonly i16: Int16Array;
  readonly held: number;
  readonly occ: number;
  readonly offsetOf: (b: number) => number;
}

/** Buffer changes noted before they are added to the occupancy integrals (occLog: 16 bytes each, 32 KB). */
const OCC_LOG = 2048;

/** Every input VL buffer's occupancy recorder (buffer q = g·V + v). */
export class BufferOccupancy {
  private readonly engine: Engine;
  private readonly V: number;
  private readonly G: number;
  private readonly Q: number;
  /**
   * The table: [last change, sum, compensation, then two integers: the packets held now and the
   * most held] at 4i — one cache line for two buffers instead of an object per buffer or an array
   * per field (two updates per packet-hop) — where i = v·G + g for buffer q = g·V + v ({@link occSlot}:
   * VL by VL, session 17, so that with traffic on one VL of two a fold's lines hold only used
   * records). All buffers share one start, {@link qOccStart}.
   */
  private readonly qOcc: Float64Array;
  private qOccStart = DOUBLE_ZERO;
  /** qOcc's buffer as integers: packets held by buffer q at 8i + 6, the most held at 8i + 7 (i = occSlot(q)). */
  private readonly qCount: Int32Array;
  /**
   * The buffers' changes not yet added to qOcc, in order (issue 32, session 13): entry k's time at
   * occLog[2k], its buffer and ±1 at occLogI[4k + 2] and [4k + 3]. A packet-hop appends two entries
   * to this small table (one cache line per two hops, on the same few pages) instead of updating two
   * records of qOcc at random (at k = 32, 3.1 MB over 768 pages: a TLB and a cache miss each, on the
   * hop's path); {@link fold} adds them when the table is full or before anything reads qOcc, with
   * the same operations in the same order, so the figures are identical.
   */
  private readonly occLog = new Float64Array(2 * OCC_LOG);
  private readonly occLogI = new Int32Array(this.occLog.buffer);
  private occLogged = 0;
  /** The recorders in the buffers' own records instead ({@link share}; null: qOcc and the log). */
  private occIn: OccupancyRecords | null = null;
  private occF: Float64Array = new Float64Array(0);
  private occH: Int16Array = new Int16Array(0);
  private occD = 0;
  private occC = 0;

  constructor(buffers: number, vls: number, ports: number, engine: Engine) {
    this.engine = engine;
    this.V = vls;
    this.G = ports;
    this.Q = buffers;
    this.qOcc = new Float64Array(4 * buffers);
    this.qCount = new Int32Array(this.qOcc.buffer);
  }

  /**
   * Keeps the recorders in the buffers' records (`records`; the FIFO input buffers' sections,
   * portWires.ts), updated in place by {@link recordChange} where the buffer's arrival and departure
   * read that record anyway: no log, no fold, no line of a table of its own per change (issue 32,
   * session 23). Called before the run, with every count 0.
   */
  share(records: OccupancyRecords): void {
    this.occIn = records;
    this.occF = records.f64;
    this.occH = records.i16;
    this.occD = records.occ;
    this.occC = 2 * records.held;
  }

  /** Whether {@link share} moved the recorders into the buffers' records. */
  inRecords(): boolean {
    return this.occIn !== null;
  }

  /**
   * The input buffer whose record section is at x gains (delta = 1) or loses (−1) a packet now:
   * TimeWeighted.update(now, m) inlined on the record ({@link fold}'s operations, per buffer in the
   * same order, so the figures are the log's to the bit).
   */
  recordChange(x: number, delta: number): void {
    const h = this.occH;
    const f = this.occF;
    const c = 2 * x + this.occC;
    const before = h[c]!;
    const m = before + delta;
    h[c] = m;
    const i = (x + this.occD) >> 1;
    const now = this.engine.now;
    const sum = f[i + 1]!;
    const term = before * (now - f[i]!);
    const t = sum + term;
    f[i + 2]! += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
    f[i + 1] = t;
    f[i] = now;
    if (m > h[c + 1]!) h[c + 1] = m;
  }

  /** Input VL buffer q gains (delta = 1) or loses (−1) a packet now (noted; {@link fold} adds it). */
  bufferChange(q: number, delta: number): void {
    const k = this.occLogged;
    this.occLog[2 * k] = this.engine.now;
    this.occLogI[4 * k + 2] = q;
    this.occLogI[4 * k + 3] = delta;
    this.occLogged = k + 1;
    if (k + 1 === OCC_LOG) this.fold();
  }

  /** Adds the noted buffer changes to qOcc, oldest first: TimeWeighted.update(now, m) per change, inlined on the array (the same operations in the same order). */
  fold(): void {
    const n = this.occLogged;
    const log = this.occLog;
    const logI = this.occLogI;
    const count = this.qCount;
    const occ = this.qOcc;
    const V = this.V;
    const G = this.G;
    for (let k = 0; k < n; k++) {
      const now = log[2 * k]!;
      const b = logI[4 * k + 2]!;
      const g = (b / V) | 0;
      const q = (b - g * V) * G + g;
      const before = count[8 * q + 6]!;
      const m = before + logI[4 * k + 3]!;
      count[8 * q + 6] = m;
      const i = 4 * q;
      const sum = occ[i + 1]!;
      const term = before * (now - occ[i]!);
      const t = sum + term;
      occ[i + 2]! += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
      occ[i + 1] = t;
      occ[i] = now;
      if (m > count[8 * q + 7]!) count[8 * q + 7] = m;
    }
    this.occLogged = 0;
  }

  /** The slot of buffer q = g·V + v in qOcc: v·G + g. */
  private occSlot(q: number): number {
    const g = (q / this.V) | 0;
    return (q - g * this.V) * this.G + g;
  }

  /** Time-average packets held by input VL buffer b from the last reset to `now` (TimeWeighted.mean's arithmetic; call {@link fold} first). */
  mean(b: number, now: number): number {
    const span = now - this.qOccStart;
    const R = this.occIn;
    if (R !== null) {
      const x = R.offsetOf(b);
      const i = (x + R.occ) >> 1;
      return span > 0 ? (R.f64[i + 1]! + R.f64[i + 2]! + R.i16[2 * (x + R.held)]! * (now - R.f64[i]!)) / span : NaN;
    }
    const q = this.occSlot(b);
    const occ = this.qOcc;
    const i = 4 * q;
    return span > 0 ? (occ[i + 1]! + occ[i + 2]! + this.qCount[8 * q + 6]! * (now - occ[i]!)) / span : NaN;
  }

  /** The most packets buffer b held since the last reset (call {@link fold} first). */
  most(b: number): number {
    const R = this.occIn;
    return R === null ? this.qCount[8 * this.occSlot(b) + 7]! : R.i16[2 * (R.offsetOf(b) + R.held) + 1]!;
  }

  /** Ends the warm-up: every recorder starts again at `now` (the most held: the packets held now). */
  reset(now: number): void {
    this.fold();
    this.qOccStart = now;
    for (let i = 0; i < this.qOcc.length; i += 4) {
      this.qOcc[i] = now;
      this.qOcc[i + 1] = 0;
      this.qOcc[i + 2] = 0;
    }
    for (let q = 0; q < this.Q; q++) this.qCount[8 * q + 7] = this.qCount[8 * q + 6]!;
    const R = this.occIn;
    if (R !== null) {
      for (let b = 0; b < this.Q; b++) {
        const x = R.offsetOf(b);
        const i = (x + R.occ) >> 1;
        R.f64[i] = now;
        R.f64[i + 1] = 0;
        R.f64[i + 2] = 0;
        R.i16[2 * (x + R.held) + 1] = R.i16[2 * (x + R.held)]!;
      }
    }
  }
}
