/**
 * The fabric's event calendar: a binary min-heap over typed arrays ordered by (time, insertion
 * counter), so equal-time events run in the order they were scheduled (SimPy's rule). An event is
 * three integers (kind, a, b) beside its time: scheduling and popping allocate nothing once the
 * arrays have grown to the peak number of pending events (they double when full).
 *
 * It is the fabric's own because the per-packet path must not allocate: the core engine takes an
 * object and a closure per event (benchmarks/sim-fabric.ts compares the two in a hold model; a
 * 4-ary heap with interleaved arrays was tried and measured no faster). Internal to `sim/fabric`.
 */
export class FabricCalendar {
  private time: Float64Array;
  private seq: Float64Array;
  private kind: Int32Array;
  private a: Int32Array;
  private b: Int32Array;
  private n = 0;
  private counter = 0;
  /** The time of the event being handled (seconds). */
  now = 0;
  /** Kind, a and b of the event last popped. */
  popKind = 0;
  popA = 0;
  popB = 0;

  constructor(initialCapacity = 1024) {
    this.time = new Float64Array(initialCapacity);
    this.seq = new Float64Array(initialCapacity);
    this.kind = new Int32Array(initialCapacity);
    this.a = new Int32Array(initialCapacity);
    this.b = new Int32Array(initialCapacity);
  }

  /** Number of pending events. */
  get size(): number {
    return this.n;
  }

  /** Time of the earliest pending event (Infinity when none). */
  peekTime(): number {
    return this.n > 0 ? this.time[0]! : Infinity;
  }

  private grow(): void {
    const cap = this.time.length * 2;
    const t = new Float64Array(cap);
    t.set(this.time);
    this.time = t;
    const s = new Float64Array(cap);
    s.set(this.seq);
    this.seq = s;
    const k = new Int32Array(cap);
    k.set(this.kind);
    this.kind = k;
    const a = new Int32Array(cap);
    a.set(this.a);
    this.a = a;
    const b = new Int32Array(cap);
    b.set(this.b);
    this.b = b;
  }

  /** Schedules event (kind, a, b) at `at` seconds (at ≥ now is the caller's duty). */
  schedule(at: number, kind: number, a: number, b: number): void {
    if (this.n === this.time.length) this.grow();
    const time = this.time;
    const seq = this.seq;
    const s = this.counter++;
    let i = this.n++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = time[parent]!;
      if (pt < at || (pt === at && seq[parent]! < s)) break;
      time[i] = pt;
      seq[i] = seq[parent]!;
      this.kind[i] = this.kind[parent]!;
      this.a[i] = this.a[parent]!;
      this.b[i] = this.b[parent]!;
      i = parent;
    }
    time[i] = at;
    seq[i] = s;
    this.kind[i] = kind;
    this.a[i] = a;
    this.b[i] = b;
  }

  /**
   * Removes the earliest event, sets `now`, `popKind`, `popA`, `popB`; returns false when empty.
   */
  pop(): boolean {
    if (this.n === 0) return false;
    const time = this.time;
    const seq = this.seq;
    const kind = this.kind;
    const ea = this.a;
    const eb = this.b;
    this.now = time[0]!;
    this.popKind = kind[0]!;
    this.popA = ea[0]!;
    this.popB = eb[0]!;
    const n = --this.n;
    if (n === 0) return true;
    const lt = time[n]!;
    const ls = seq[n]!;
    const lk = kind[n]!;
    const la = ea[n]!;
    const lb = eb[n]!;
    let i = 0;
    const half = n >> 1;
    while (i < half) {
      let c = 2 * i + 1;
      let ct = time[c]!;
      let cs = seq[c]!;
      const r = c + 1;
      if (r < n) {
        const rt = time[r]!;
        if (rt < ct || (rt === ct && seq[r]! < cs)) {
          c = r;
          ct = rt;
          cs = seq[r]!;
        }
      }
      if (lt < ct || (lt === ct && ls < cs)) break;
      time[i] = ct;
      seq[i] = cs;
      kind[i] = kind[c]!;
      ea[i] = ea[c]!;
      eb[i] = eb[c]!;
      i = c;
    }
    time[i] = lt;
    seq[i] = ls;
    kind[i] = lk;
    ea[i] = la;
    eb[i] = lb;
    return true;
  }

  /** Drops every pending event and resets the clock to 0. */
  clear(): void {
    this.n = 0;
    this.counter = 0;
    this.now = 0;
  }
}
