/**
 * The bound's calendars (fabric-scale-bound-kernel.ts): events (time, a, b) in typed arrays, taken
 * in time order (ties in any order; the kernel runs its choose steps after the instant itself).
 * `heap`: a binary heap, times in their own array (the comparisons read only them; session 19 found
 * whole entries per position a loss). `wheel`: a timing wheel of N buckets of width W (unsorted
 * lists of event nodes; the take scans its bucket for the least time), N = 16 × hosts rounded up to
 * a power of two (16,384 at k = 16, 131,072 at k = 32, the fabric's wheel's sizes), spanning two
 * packet times (13.1 µs, ~the fabric's 17.5 µs); later events wait in a heap and move into the wheel
 * as it turns.
 */
export type CalendarKind = 'heap' | 'wheel';

export interface Calendar {
  post(t: number, a: number, b: number): void;
  size(): number;
  /** The least pending time (size() > 0). */
  peekTime(): number;
  /** Takes the least event; returns its a (its b: lastB()). */
  takeA(): number;
  lastB(): number;
}

/** A binary heap of (t, a, b), growing as needed. */
export class BoundHeap implements Calendar {
  private t: Float64Array;
  private a: Int32Array;
  private b: Int32Array;
  private n = 0;
  private lb = 0;
  constructor(capacity: number) {
    this.t = new Float64Array(capacity);
    this.a = new Int32Array(capacity);
    this.b = new Int32Array(capacity);
  }
  size(): number {
    return this.n;
  }
  peekTime(): number {
    return this.t[0]!;
  }
  lastB(): number {
    return this.lb;
  }
  post(time: number, a: number, b: number): void {
    if (this.n === this.t.length) this.grow();
    const T = this.t;
    const A = this.a;
    const B = this.b;
    let i = this.n++;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (T[up]! <= time) break;
      (T[i] = T[up]!), (A[i] = A[up]!), (B[i] = B[up]!);
      i = up;
    }
    (T[i] = time), (A[i] = a), (B[i] = b);
  }
  takeA(): number {
    const T = this.t;
    const A = this.a;
    const B = this.b;
    const a0 = A[0]!;
    this.lb = B[0]!;
    const n = --this.n;
    if (n === 0) return a0;
    const time = T[n]!;
    const a = A[n]!;
    const b = B[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && T[c + 1]! < T[c]!) c++;
      if (T[c]! >= time) break;
      (T[i] = T[c]!), (A[i] = A[c]!), (B[i] = B[c]!);
      i = c;
    }
    (T[i] = time), (A[i] = a), (B[i] = b);
    return a0;
  }
  private grow(): void {
    const m = this.t.length * 2;
    const t = new Float64Array(m);
    const a = new Int32Array(m);
    const b = new Int32Array(m);
    t.set(this.t), a.set(this.a), b.set(this.b);
    (this.t = t), (this.a = a), (this.b = b);
  }
}

/** A timing wheel over unsorted bucket lists, with a heap for the events beyond its span. */
export class BoundWheel implements Calendar {
  private readonly mask: number;
  private readonly width: number;
  private readonly N: number;
  private readonly head: Int32Array;
  private nT: Float64Array;
  private nA: Int32Array;
  private nB: Int32Array;
  private nNext: Int32Array;
  private free = -1;
  private used = 0;
  private inWheel = 0;
  private cur = 0;
  private readonly far: BoundHeap;
  /** The least node of bucket cur and its predecessor (−1: not known). */
  private minNode = -1;
  private minPrev = -1;
  private lb = 0;
  constructor(capacity: number, buckets: number, span: number) {
    let N = 1;
    while (N < buckets) N *= 2;
    this.N = N;
    this.mask = N - 1;
    this.width = span / N;
    this.head = new Int32Array(N).fill(-1);
    this.nT = new Float64Array(capacity);
    this.nA = new Int32Array(capacity);
    this.nB = new Int32Array(capacity);
    this.nNext = new Int32Array(capacity);
    this.far = new BoundHeap(1024);
  }
  size(): number {
    return this.inWheel + this.far.size();
  }
  lastB(): number {
    return this.lb;
  }
  post(t: number, a: number, b: number): void {
    const bi = Math.floor(t / this.width);
    if (bi >= this.cur + this.N) return this.far.post(t, a, b);
    // (A peek may have turned the wheel past `t`'s bucket: the current bucket's scan still finds it first.)
    this.insert(bi < this.cur ? this.cur : bi, t, a, b);
  }
  private insert(bi: number, t: number, a: number, b: number): void {
    let x = this.free;
    if (x >= 0) this.free = this.nNext[x]!;
    else {
      if (this.used === this.nT.length) this.grow();
      x = this.used++;
    }
    (this.nT[x] = t), (this.nA[x] = a), (this.nB[x] = b);
    const k = bi & this.mask;
    this.nNext[x] = this.head[k]!;
    this.head[k] = x;
    this.inWheel++;
    if (bi === this.cur) this.minNode = -1;
  }
  /** Turns to the first non-empty bucket (moving far events in as the span passes them) and finds its least node. */
  private settle(): void {
    if (this.minNode >= 0) return;
    const head = this.head;
    const far = this.far;
    for (;;) {
      if (this.inWheel === 0) {
        // Jump to the far heap's first event.
        this.cur = Math.floor(far.peekTime() / this.width);
        this.pull();
      }
      if (head[this.cur & this.mask]! >= 0) break;
      this.cur++;
      if (far.size() > 0) this.pull();
    }
    const T = this.nT;
    const next = this.nNext;
    let prev = -1;
    let best = head[this.cur & this.mask]!;
    let bestPrev = -1;
    for (let x = best; x >= 0; prev = x, x = next[x]!) {
      if (T[x]! < T[best]!) (best = x), (bestPrev = prev);
    }
    this.minNode = best;
    this.minPrev = bestPrev;
  }
  /** Far events now within the span go into the wheel. */
  private pull(): void {
    const far = this.far;
    const limit = this.cur + this.N;
    while (far.size() > 0 && Math.floor(far.peekTime() / this.width) < limit) {
      const t = far.peekTime();
      const a = far.takeA();
      this.insert(Math.floor(t / this.width), t, a, far.lastB());
    }
  }
  peekTime(): number {
    this.settle();
    return this.nT[this.minNode]!;
  }
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
    this.lb = this.nB[x]!;
    return this.nA[x]!;
  }
  private grow(): void {
    const m = this.nT.length * 2;
    const t = new Float64Array(m);
    const a = new Int32Array(m);
    const b = new Int32Array(m);
    const n = new Int32Array(m);
    t.set(this.nT), a.set(this.nA), b.set(this.nB), n.set(this.nNext);
    (this.nT = t), (this.nA = a), (this.nB = b), (this.nNext = n);
  }
}

/** The calendar of `kind` for about `capacity` pending events and `hosts` hosts. */
export function makeCalendar(kind: CalendarKind, capacity: number, hosts: number): Calendar {
  if (kind === 'heap') return new BoundHeap(capacity);
  return new BoundWheel(capacity, 16 * hosts, 2 * (2048 / (2.5e9 / 8)));
}
