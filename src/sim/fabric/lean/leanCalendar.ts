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

/** The lean engine's calendar: a timing wheel over the near future, a heap beyond it; (time, sequence) order. */
export class LeanCalendar {
  private readonly mask: number;
  private readonly width: number;
  private readonly N: number;
  /** Per bucket, its first node (−1: empty). */
  private readonly head: Int32Array;
  /** Nodes: time, sequence (a double: exact to 2^53 posts), a, b, next node in the bucket or the free list. */
  private nT: Float64Array;
  private nS: Float64Array;
  private nA: Int32Array;
  private nB: Int32Array;
  private nNext: Int32Array;
  private free = -1;
  private used = 0;
  private inWheel = 0;
  /** The bucket number (not masked) the wheel stands at. */
  private cur = 0;
  private readonly far = new FarHeap(1024);
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
    this.nT = new Float64Array(capacity);
    this.nS = new Float64Array(capacity);
    this.nA = new Int32Array(capacity);
    this.nB = new Int32Array(capacity);
    this.nNext = new Int32Array(capacity);
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
    if (x >= 0) this.free = this.nNext[x]!;
    else {
      if (this.used === this.nT.length) this.grow();
      x = this.used++;
    }
    this.nT[x] = t;
    this.nS[x] = seq;
    this.nA[x] = a;
    this.nB[x] = b;
    const k = bi & this.mask;
    this.nNext[x] = this.head[k]!;
    this.head[k] = x;
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
    const T = this.nT;
    const S = this.nS;
    const next = this.nNext;
    let best = head[this.cur & this.mask]!;
    let bestPrev = -1;
    for (let prev = best, x = next[best]!; x >= 0; prev = x, x = next[x]!) {
      if (T[x]! < T[best]! || (T[x] === T[best] && S[x]! < S[best]!)) (best = x), (bestPrev = prev);
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
    if (this.size() === 0) return Infinity;
    this.settle();
    return this.nT[this.minNode]!;
  }

  /** Takes the least event (size() > 0); returns its a (its b in {@link lastB}). */
  takeA(): number {
    this.settle();
    const x = this.minNode;
    const next = this.nNext[x]!;
    if (this.minPrev < 0) this.head[this.cur & this.mask] = next;
    else this.nNext[this.minPrev] = next;
    this.nNext[x] = this.free;
    this.free = x;
    this.inWheel--;
    this.minNode = -1;
    this.lastB = this.nB[x]!;
    return this.nA[x]!;
  }

  private grow(): void {
    const m = this.nT.length * 2;
    const t = new Float64Array(m);
    const s = new Float64Array(m);
    const a = new Int32Array(m);
    const b = new Int32Array(m);
    const n = new Int32Array(m);
    t.set(this.nT), s.set(this.nS), a.set(this.nA), b.set(this.nB), n.set(this.nNext);
    (this.nT = t), (this.nS = s), (this.nA = a), (this.nB = b), (this.nNext = n);
  }
}
