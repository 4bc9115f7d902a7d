/**
 * The lean engine's calendar (docs/fabric.md § the lean engine): events (time, a, b) of two 32-bit
 * integers each, taken in the order of (time, sequence) — at equal times the event posted first runs
 * first, the order of the core Engine (src/sim/engine/engine.ts) for events of one priority, so that
 * the lean engine meets equal-time events in the standard engine's order.
 *
 * A timing wheel of N buckets of width W (N a power of two) over the near future, each bucket a list of
 * nodes, unsorted until the wheel reaches it and then sorted by (time, sequence) once; events beyond the
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

/** The lean engine's calendar: a timing wheel over the near future, a heap beyond it; (time, sequence) order. */
export class LeanCalendar {
  private readonly mask: number;
  private readonly width: number;
  private readonly N: number;
  /** Per bucket, its first node (−1: empty). */
  private readonly head: Int32Array;
  /**
   * Nodes of 32 bytes, one cache line's half (a post or take reads one line of its node, not one of each of
   * five arrays): doubles at 4x (time) and 4x + 1 (sequence: exact to 2^53 posts), integers at 8x + 4 (a),
   * + 5 (b), + 6 (the next node in the bucket or the free list).
   */
  private nF: Float64Array;
  private nI: Int32Array;
  private free = -1;
  private used = 0;
  private inWheel = 0;
  /** The bucket number (not masked) the wheel stands at. */
  private cur = 0;
  private readonly far = new FarHeap(1024);
  /** The bucket number whose list is in (time, sequence) order (the current one once reached; −1: none). */
  private sorted = -1;
  /** The least node of bucket cur and its predecessor (−1: not known). */
  private minNode = -1;
  private minPrev = -1;
  /** Posts so far: the next post's sequence number. */
  private seq = 0;
  /** The b of the event {@link takeA} took last. */
  lastB = 0;
  private readonly pullOne = (time: number, seq: number, a: number, b: number): void => this.insert(Math.floor(time / this.width), time, seq, a, b);

  /**
   * `buckets` (rounded up to a power of two) of `span / buckets` seconds each; `capacity` nodes to
   * start with (the wheel grows). Events at or after span ahead of the wheel wait in the heap.
   */
  constructor(capacity: number, buckets: number, span: number) {
    let N = 1;
    while (N < buckets) N *= 2;
    this.N = N;
    this.mask = N - 1;
    this.width = span / N;
    this.head = new Int32Array(N).fill(-1);
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
    else this.insert(bi < this.cur ? this.cur : bi, t, seq, a, b);
  }

  private insert(bi: number, t: number, seq: number, a: number, b: number): void {
    let x = this.free;
    if (x >= 0) this.free = this.nI[8 * x + 6]!;
    else {
      if (8 * this.used === this.nI.length) this.grow();
      x = this.used++;
    }
    const I = this.nI;
    const F = this.nF;
    F[4 * x] = t;
    F[4 * x + 1] = seq;
    I[8 * x + 4] = a;
    I[8 * x + 5] = b;
    const k = bi & this.mask;
    if (bi === this.sorted) {
      // The current bucket, already in order: x goes to its place.
      let prev = -1;
      let y = this.head[k]!;
      while (y >= 0 && (F[4 * y]! < t || (F[4 * y] === t && F[4 * y + 1]! < seq))) (prev = y), (y = I[8 * y + 6]!);
      I[8 * x + 6] = y;
      if (prev < 0) this.head[k] = x;
      else I[8 * prev + 6] = x;
    } else {
      I[8 * x + 6] = this.head[k]!;
      this.head[k] = x;
    }
    this.inWheel++;
    if (bi <= this.cur) this.minNode = -1;
  }

  /** Turns to the first non-empty bucket (moving far events in as the span passes them) and finds its least node. */
  private settle(): void {
    if (this.minNode >= 0) return;
    const head = this.head;
    const far = this.far;
    for (;;) {
      if (this.inWheel === 0) {
        // Jump to the far heap's first event.
        const jump = Math.floor(far.peekTime() / this.width);
        if (jump > this.cur) this.cur = jump;
        this.pull();
      }
      if (head[this.cur & this.mask]! >= 0) break;
      this.cur++;
      if (far.n > 0) this.pull();
    }
    const k = this.cur & this.mask;
    if (this.sorted !== this.cur) {
      this.sortBucket(k);
      this.sorted = this.cur;
    }
    this.minNode = head[k]!;
    this.minPrev = -1;
  }

  /**
   * Puts bucket k's list in (time, sequence) order, once, when the wheel reaches it (insertion sort: a bucket holds a
   * few events). Its takes then read only its first node, where a scan for the least at every take read each of its
   * nodes again (session 27: ~4 nodes a bucket, each a line at a random place).
   */
  private sortBucket(k: number): void {
    const F = this.nF;
    const I = this.nI;
    let first = -1;
    for (let x = this.head[k]!; x >= 0; ) {
      const after = I[8 * x + 6]!;
      const t = F[4 * x]!;
      const seq = F[4 * x + 1]!;
      if (first < 0 || t < F[4 * first]! || (t === F[4 * first] && seq < F[4 * first + 1]!)) {
        I[8 * x + 6] = first;
        first = x;
      } else {
        let prev = first;
        let y = I[8 * first + 6]!;
        while (y >= 0 && (F[4 * y]! < t || (F[4 * y] === t && F[4 * y + 1]! < seq))) (prev = y), (y = I[8 * y + 6]!);
        I[8 * x + 6] = y;
        I[8 * prev + 6] = x;
      }
      x = after;
    }
    this.head[k] = first;
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
    return this.nF[4 * this.minNode]!;
  }

  /** Takes the least event (size() > 0); returns its a (its b in {@link lastB}). */
  takeA(): number {
    this.settle();
    const I = this.nI;
    const x = this.minNode;
    const next = I[8 * x + 6]!;
    if (this.minPrev < 0) this.head[this.cur & this.mask] = next;
    else I[8 * this.minPrev + 6] = next;
    I[8 * x + 6] = this.free;
    this.free = x;
    this.inWheel--;
    this.minNode = -1;
    this.lastB = I[8 * x + 5]!;
    return I[8 * x + 4]!;
  }

  private grow(): void {
    const bigger = new ArrayBuffer(this.nI.byteLength * 2);
    new Int32Array(bigger).set(this.nI);
    this.nI = new Int32Array(bigger);
    this.nF = new Float64Array(bigger);
  }
}
