/**
 * The peer of benchmarks/engine.ts: the core Engine's calendar as it was before issue 16 — a binary
 * min-heap of single events keyed (time, priority, sequence) in parallel typed arrays, a payload
 * slot per event — reduced to what the benchmark's workloads call (addHandler, post, run until, now,
 * eventsProcessed). The sift-down is the former one (two comparisons per level). Not validated: the
 * benchmark posts only valid events.
 */
type Handler = (a: number, b: number, engine: HeapEngine, id: number) => void;

export class HeapEngine {
  private clock = 0;
  private counter = 0;
  private processed = 0;
  private n = 0;
  private hTime = new Float64Array(64);
  private hPrio = new Float64Array(64);
  private hSeq = new Float64Array(64);
  private hSlot = new Int32Array(64);
  private sHandler = new Int32Array(64);
  private sA = new Int32Array(64);
  private sB = new Int32Array(64);
  private freeSlot = -1;
  private usedSlots = 0;
  private readonly handlers: Handler[] = [];

  get now(): number {
    return this.clock;
  }

  get eventsProcessed(): number {
    return this.processed;
  }

  addHandler(handler: Handler): number {
    this.handlers.push(handler);
    return this.handlers.length - 1;
  }

  post(time: number, handler: number, a: number, b: number, priority = 0): void {
    let slot = this.freeSlot;
    if (slot >= 0) this.freeSlot = this.sA[slot]!;
    else {
      if (this.usedSlots === this.sA.length) this.grow();
      slot = this.usedSlots++;
    }
    this.sHandler[slot] = handler;
    this.sA[slot] = a;
    this.sB[slot] = b;
    const hTime = this.hTime;
    const hPrio = this.hPrio;
    const hSeq = this.hSeq;
    const hSlot = this.hSlot;
    const seq = this.counter++;
    let i = this.n++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = hTime[parent]!;
      if (pt < time) break;
      if (pt === time) {
        const pp = hPrio[parent]!;
        if (pp < priority || (pp === priority && hSeq[parent]! < seq)) break;
      }
      hTime[i] = pt;
      hPrio[i] = hPrio[parent]!;
      hSeq[i] = hSeq[parent]!;
      hSlot[i] = hSlot[parent]!;
      i = parent;
    }
    hTime[i] = time;
    hPrio[i] = priority;
    hSeq[i] = seq;
    hSlot[i] = slot;
  }

  run(options: { until: number }): void {
    const until = options.until;
    while (this.n > 0 && this.hTime[0]! < until) {
      this.clock = this.hTime[0]!;
      const slot = this.popTop();
      this.processed++;
      const h = this.sHandler[slot]!;
      const a = this.sA[slot]!;
      const b = this.sB[slot]!;
      this.sA[slot] = this.freeSlot;
      this.freeSlot = slot;
      this.handlers[h]!(a, b, this, h);
    }
    this.clock = until;
  }

  private popTop(): number {
    const hTime = this.hTime;
    const hPrio = this.hPrio;
    const hSeq = this.hSeq;
    const hSlot = this.hSlot;
    const top = hSlot[0]!;
    const n = --this.n;
    if (n === 0) return top;
    const lt = hTime[n]!;
    const lp = hPrio[n]!;
    const ls = hSeq[n]!;
    const lslot = hSlot[n]!;
    let i = 0;
    const half = n >> 1;
    while (i < half) {
      let c = 2 * i + 1;
      let ct = hTime[c]!;
      let cp = hPrio[c]!;
      let cs = hSeq[c]!;
      const r = c + 1;
      if (r < n) {
        const rt = hTime[r]!;
        if (rt < ct || (rt === ct && (hPrio[r]! < cp || (hPrio[r] === cp && hSeq[r]! < cs)))) {
          c = r;
          ct = rt;
          cp = hPrio[r]!;
          cs = hSeq[r]!;
        }
      }
      if (lt < ct || (lt === ct && (lp < cp || (lp === cp && ls < cs)))) break;
      hTime[i] = ct;
      hPrio[i] = cp;
      hSeq[i] = cs;
      hSlot[i] = hSlot[c]!;
      i = c;
    }
    hTime[i] = lt;
    hPrio[i] = lp;
    hSeq[i] = ls;
    hSlot[i] = lslot;
    return top;
  }

  private grow(): void {
    const cap = this.hTime.length * 2;
    const f = (x: Float64Array): Float64Array<ArrayBuffer> => {
      const y = new Float64Array(cap);
      y.set(x);
      return y;
    };
    const i = (x: Int32Array): Int32Array<ArrayBuffer> => {
      const y = new Int32Array(cap);
      y.set(x);
      return y;
    };
    this.hTime = f(this.hTime);
    this.hPrio = f(this.hPrio);
    this.hSeq = f(this.hSeq);
    this.hSlot = i(this.hSlot);
    this.sHandler = i(this.sHandler);
    this.sA = i(this.sA);
    this.sB = i(this.sB);
  }
}
