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
 * ~55 ns per hop at k = 32 against a heap). Ties: the heap orders by a sequence number; a bucket's list is
 * in the reverse of posting order, so its scan keeps the last of equal times (LeanCalendar's constructor).
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
   * Nodes of 16 bytes, four to a cache line: a double at 2x (time), integers at 4x + 2 (a) and + 3 (b). The
   * links (the next node in the bucket or the free list) apart in {@link next}, 4 bytes a node: a bucket's
   * scan reads one node line and one dense link per node, and the nodes' lines are half the 32-byte nodes'
   * with their sequence numbers (benchmarks/README.md nineteenth pass, second part). No sequence number in the
   * wheel: a bucket's list is its events in the reverse of their posting order (the constructor's note).
   */
  private nF: Float64Array;
  private nI: Int32Array;
  private next: Int32Array;
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
  private readonly pullOne = (time: number, _seq: number, a: number, b: number): void => this.insert(Math.floor(time / this.width), time, a, b);

  /**
   * `buckets` (rounded up to a power of two) of `span / buckets` seconds each; `capacity` nodes to
   * start with (the wheel grows). Events at or after span ahead of the wheel wait in the heap.
   *
   * The order of ties needs no sequence number in the wheel: a node enters its bucket's list at the front, and
   * the order in which events enter a bucket is their posting order — the far heap hands a bucket its events,
   * in (time, sequence) order, when the wheel's span first covers the bucket, before any event can be posted
   * into it directly (post sends an event to the heap while its bucket is beyond the span, and every turn of
   * the wheel pulls at once); so the scan, which keeps the last of equal times in the list, keeps the one
   * posted first.
   */
  constructor(capacity: number, buckets: number, span: number) {
    let N = 1;
    while (N < buckets) N *= 2;
    this.N = N;
    this.mask = N - 1;
    this.width = span / N;
    this.head = new Int32Array(N).fill(-1);
    const buffer = new ArrayBuffer(16 * Math.max(16, capacity));
    this.nF = new Float64Array(buffer);
    this.nI = new Int32Array(buffer);
    this.next = new Int32Array(Math.max(16, capacity));
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
    let x = this.free;
    if (x >= 0) this.free = this.next[x]!;
    else {
      if (this.used === this.next.length) this.grow();
      x = this.used++;
    }
    const I = this.nI;
    this.nF[2 * x] = t;
    I[4 * x + 2] = a;
    I[4 * x + 3] = b;
    const k = bi & this.mask;
    this.next[x] = this.head[k]!;
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
    const F = this.nF;
    const next = this.next;
    let best = head[this.cur & this.mask]!;
    let bestPrev = -1;
    let bestT = F[2 * best]!;
    // The last of the least times in the list: the one posted first (the constructor's note).
    for (let prev = best, x = next[best]!; x >= 0; prev = x, x = next[x]!) {
      const t = F[2 * x]!;
      if (t <= bestT) (best = x), (bestPrev = prev), (bestT = t);
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
    return this.nF[2 * this.minNode]!;
  }

  /** Takes the least event (size() > 0); returns its a (its b in {@link lastB}). */
  takeA(): number {
    this.settle();
    const I = this.nI;
    const N = this.next;
    const x = this.minNode;
    const next = N[x]!;
    if (this.minPrev < 0) this.head[this.cur & this.mask] = next;
    else N[this.minPrev] = next;
    N[x] = this.free;
    this.free = x;
    this.inWheel--;
    this.minNode = -1;
    this.lastB = I[4 * x + 3]!;
    return I[4 * x + 2]!;
  }

  private grow(): void {
    const bigger = new ArrayBuffer(this.nI.byteLength * 2);
    new Int32Array(bigger).set(this.nI);
    this.nI = new Int32Array(bigger);
    this.nF = new Float64Array(bigger);
    const next = new Int32Array(this.next.length * 2);
    next.set(this.next);
    this.next = next;
  }
}
