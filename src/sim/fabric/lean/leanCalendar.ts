/**
 * The lean engine's calendar (docs/fabric.md § the lean engine): events (time, a, b) of two 32-bit
 * integers each, taken in the order of (time, sequence) — at equal times the event posted first runs
 * first, the order of the core Engine (src/sim/engine/engine.ts) for events of one priority, so that
 * the lean engine meets equal-time events in the standard engine's order.
 *
 * A timing wheel of N buckets of width W (N a power of two) over the near future, each bucket an
 * unsorted list of nodes (a take scans its bucket for the least (time, sequence)); events beyond the
 * wheel's span wait in a binary heap ordered by (time, sequence) and move into the wheel as it turns.
 * The design is the session-22 bound's (benchmarks/fabric-scale-bound-calendar.ts: the wheel bought
 * ~55 ns per hop at k = 32 against a heap), with the sequence numbers added for the order of ties:
 * read only when two times are equal.
 */

/** A binary min-heap of (time, sequence, a, b), growing as needed (the far events). */
class FarHeap {
  private t: Float64Array;
  private s: Float64Array;
  private a: Int32Array;
  private b: Int32Array;
  n = 0;

  constructor(capacity: number) {
    this.t = new Float64Array(capacity);
    this.s = new Float64Array(capacity);
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
  }

  /** The least time (n > 0). */
  peekTime(): number {
    return this.t[0]!;
  }

  push(time: number, seq: number, a: number, b: number): void {
    if (this.n === this.t.length) this.grow();
    const T = this.t;
    const Q = this.s;
    let i = this.n++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (T[up]! < time || (T[up] === time && Q[up]! < seq)) break;
      this.move(up, i);
      i = up;
    }
    this.put(i, time, seq, a, b);
  }

  /** Removes the least entry, handing it to `into` (time, sequence, a, b). */
  pop(into: (time: number, seq: number, a: number, b: number) => void): void {
    const T = this.t;
    const Q = this.s;
    const time0 = T[0]!;
    const seq0 = Q[0]!;
    const a0 = this.a[0]!;
    const b0 = this.b[0]!;
    const n = --this.n;
    if (n > 0) {
      const time = T[n]!;
      const seq = Q[n]!;
      const a = this.a[n]!;
      const b = this.b[n]!;
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && (T[c + 1]! < T[c]! || (T[c + 1] === T[c] && Q[c + 1]! < Q[c]!))) c++;
        if (T[c]! > time || (T[c] === time && Q[c]! > seq)) break;
        this.move(c, i);
        i = c;
      }
      this.put(i, time, seq, a, b);
    }
    into(time0, seq0, a0, b0);
  }

  private move(from: number, to: number): void {
    this.t[to] = this.t[from]!;
    this.s[to] = this.s[from]!;
    this.a[to] = this.a[from]!;
    this.b[to] = this.b[from]!;
  }

  private put(i: number, time: number, seq: number, a: number, b: number): void {
    this.t[i] = time;
    this.s[i] = seq;
    this.a[i] = a;
    this.b[i] = b;
  }

  private grow(): void {
    const m = this.t.length * 2;
    const t = new Float64Array(m);
    const s = new Float64Array(m);
    const a = new Int32Array(m);
    const b = new Int32Array(m);
    t.set(this.t), s.set(this.s), a.set(this.a), b.set(this.b);
    (this.t = t), (this.s = s), (this.a = a), (this.b = b);
  }
}

/** Events a bucket holds in its own cache line; more wait in its overflow list. */
const SLOTS = 4;

/** The lean engine's calendar: a timing wheel over the near future, a heap beyond it; (time, sequence) order. */
export class LeanCalendar {
  private readonly mask: number;
  private readonly width: number;
  private readonly N: number;
  /**
   * Per bucket one 64-byte line: the times of its first {@link SLOTS} events (doubles 8k … 8k + 3), then their a
   * (integers 16k + 8 …) and b (16k + 12 …). A take's scan reads one line for the bucket's first four events, where
   * linked 32-byte nodes cost a line each (benchmarks/README.md nineteenth pass, second part).
   */
  private readonly bF: Float64Array;
  private readonly bI: Int32Array;
  /** Per bucket, its events in slots (0 … SLOTS). */
  private readonly count: Uint8Array;
  /** Per bucket, its overflow list's first and last node (−1: empty); not empty only when its slots are full. */
  private readonly ovHead: Int32Array;
  private readonly ovTail: Int32Array;
  /** Overflow nodes of 32 bytes: time at double 4x, a, b, next at integers 8x + 4, + 5, + 6. */
  private nF: Float64Array;
  private nI: Int32Array;
  private free = -1;
  private used = 0;
  private inWheel = 0;
  /** The bucket number (not masked) the wheel stands at. */
  private cur = 0;
  private readonly far = new FarHeap(1024);
  /** The least event of bucket cur: its slot (0 … SLOTS − 1) or SLOTS + its overflow node (−1: not known). */
  private minNode = -1;
  /** Its overflow predecessor (−1: none). */
  private minPrev = -1;
  /** Posts so far: the next post's sequence number (the far heap's order of ties). */
  private seq = 0;
  /** The b of the event {@link takeA} took last. */
  lastB = 0;
  private readonly pullOne = (time: number, _seq: number, a: number, b: number): void => this.insert(Math.floor(time / this.width), time, a, b);

  /**
   * `buckets` (rounded up to a power of two) of `span / buckets` seconds each; `capacity` overflow nodes to
   * start with (they grow). Events at or after span ahead of the wheel wait in the heap.
   *
   * The order of ties needs no sequence number in the wheel: a bucket keeps its events in the order they
   * entered it (slots, then the overflow list), and that is their posting order — the far heap hands a
   * bucket its events, in (time, sequence) order, when the wheel's span first covers the bucket, before any
   * event can be posted into it directly (post sends an event to the heap while its bucket is beyond the span,
   * and every turn of the wheel pulls at once); so a scan that keeps the first of equal times keeps the one
   * posted first.
   */
  constructor(capacity: number, buckets: number, span: number) {
    let N = 1;
    while (N < buckets) N *= 2;
    this.N = N;
    this.mask = N - 1;
    this.width = span / N;
    const lines = new ArrayBuffer(64 * N);
    this.bF = new Float64Array(lines);
    this.bI = new Int32Array(lines);
    this.count = new Uint8Array(N);
    this.ovHead = new Int32Array(N).fill(-1);
    this.ovTail = new Int32Array(N).fill(-1);
    const buffer = new ArrayBuffer(32 * Math.max(16, capacity));
    this.nF = new Float64Array(buffer);
    this.nI = new Int32Array(buffer);
  }

  /** Pending events. */
  size(): number {
    return this.inWheel + this.far.n;
  }

  /** Posts event (a, b) at time t (≥ the last time taken). */
  post(t: number, a: number, b: number): void {
    const seq = this.seq++;
    const bi = Math.floor(t / this.width);
    if (bi >= this.cur + this.N) this.far.push(t, seq, a, b);
    // (A peek may have turned the wheel past t's bucket: the current bucket's scan still finds it first.)
    else this.insert(bi < this.cur ? this.cur : bi, t, a, b);
  }

  private insert(bi: number, t: number, a: number, b: number): void {
    const k = bi & this.mask;
    const n = this.count[k]!;
    if (n < SLOTS) {
      this.bF[8 * k + n] = t;
      this.bI[16 * k + 8 + n] = a;
      this.bI[16 * k + 12 + n] = b;
      this.count[k] = n + 1;
    } else {
      let x = this.free;
      if (x >= 0) this.free = this.nI[8 * x + 6]!;
      else {
        if (8 * this.used === this.nI.length) this.grow();
        x = this.used++;
      }
      const I = this.nI;
      this.nF[4 * x] = t;
      I[8 * x + 4] = a;
      I[8 * x + 5] = b;
      I[8 * x + 6] = -1;
      const last = this.ovTail[k]!;
      if (last < 0) this.ovHead[k] = x;
      else I[8 * last + 6] = x;
      this.ovTail[k] = x;
    }
    this.inWheel++;
    if (bi <= this.cur) this.minNode = -1;
  }

  /** Turns to the first non-empty bucket (moving far events in as the span passes them) and finds its least event. */
  private settle(): void {
    if (this.minNode >= 0) return;
    const count = this.count;
    const far = this.far;
    for (;;) {
      if (this.inWheel === 0) {
        // Jump to the far heap's first event.
        const jump = Math.floor(far.peekTime() / this.width);
        if (jump > this.cur) this.cur = jump;
        this.pull();
      }
      if (count[this.cur & this.mask]! > 0) break;
      this.cur++;
      if (far.n > 0) this.pull();
    }
    // The first of the least times: the one posted first (the constructor's note).
    const k = this.cur & this.mask;
    const n = count[k]!;
    const B = this.bF;
    let best = 0;
    let bestT = B[8 * k]!;
    for (let j = 1; j < n; j++) {
      const t = B[8 * k + j]!;
      if (t < bestT) (best = j), (bestT = t);
    }
    let bestPrev = -1;
    if (n === SLOTS) {
      const F = this.nF;
      const I = this.nI;
      for (let prev = -1, x = this.ovHead[k]!; x >= 0; prev = x, x = I[8 * x + 6]!) {
        const t = F[4 * x]!;
        if (t < bestT) (best = SLOTS + x), (bestPrev = prev), (bestT = t);
      }
    }
    this.minNode = best;
    this.minPrev = bestPrev;
  }

  /** Far events now within the span go into the wheel. */
  private pull(): void {
    const far = this.far;
    const limit = this.cur + this.N;
    while (far.n > 0 && Math.floor(far.peekTime() / this.width) < limit) far.pop(this.pullOne);
  }

  /** The least pending time (Infinity when none). */
  peekTime(): number {
    if (this.inWheel + this.far.n === 0) return Infinity;
    this.settle();
    const m = this.minNode;
    return m < SLOTS ? this.bF[8 * (this.cur & this.mask) + m]! : this.nF[4 * (m - SLOTS)]!;
  }

  /** Takes the least event (size() > 0); returns its a (its b in {@link lastB}). */
  takeA(): number {
    this.settle();
    const k = this.cur & this.mask;
    const m = this.minNode;
    this.minNode = -1;
    this.inWheel--;
    const I = this.nI;
    if (m >= SLOTS) {
      const x = m - SLOTS;
      const next = I[8 * x + 6]!;
      if (this.minPrev < 0) this.ovHead[k] = next;
      else I[8 * this.minPrev + 6] = next;
      if (next < 0) this.ovTail[k] = this.minPrev;
      I[8 * x + 6] = this.free;
      this.free = x;
      this.lastB = I[8 * x + 5]!;
      return I[8 * x + 4]!;
    }
    const B = this.bF;
    const BI = this.bI;
    const a = BI[16 * k + 8 + m]!;
    this.lastB = BI[16 * k + 12 + m]!;
    // The later slots move down one (the bucket's order is its posting order); the overflow's first fills the last.
    const n = this.count[k]!;
    for (let j = m + 1; j < n; j++) {
      B[8 * k + j - 1] = B[8 * k + j]!;
      BI[16 * k + 7 + j] = BI[16 * k + 8 + j]!;
      BI[16 * k + 11 + j] = BI[16 * k + 12 + j]!;
    }
    const x = n === SLOTS ? this.ovHead[k]! : -1;
    if (x < 0) this.count[k] = n - 1;
    else {
      B[8 * k + SLOTS - 1] = this.nF[4 * x]!;
      BI[16 * k + 8 + SLOTS - 1] = I[8 * x + 4]!;
      BI[16 * k + 12 + SLOTS - 1] = I[8 * x + 5]!;
      const next = I[8 * x + 6]!;
      this.ovHead[k] = next;
      if (next < 0) this.ovTail[k] = -1;
      I[8 * x + 6] = this.free;
      this.free = x;
    }
    return a;
  }

  private grow(): void {
    const bigger = new ArrayBuffer(this.nI.byteLength * 2);
    new Int32Array(bigger).set(this.nI);
    this.nI = new Int32Array(bigger);
    this.nF = new Float64Array(bigger);
  }
}
