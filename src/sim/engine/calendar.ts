/**
 * The engine's event calendar: pending events in the order (time, priority, sequence), stored in
 * typed arrays so that a handler event allocates nothing once the arrays have grown to the peak
 * number of pending events. {@link Engine} extends it with the clock, the API and the run loops.
 *
 * Layout — three tables, all indexed by small integers:
 * - slots: one per pending event: its payload (handler id, a, b; or a closure event object, handler
 *   id −1) and `sNext`, the next slot of its group (free slots are chained through it too);
 * - groups: the pending events of one (time, priority), a FIFO of slots (head, tail). Events of one
 *   (time, priority) run in scheduling order, and a new event has the largest sequence so far, so
 *   appending it at the tail keeps the group sorted: a group is taken from its head, never searched;
 * - a binary min-heap of groups keyed (time, priority, sequence of the group's first event), in
 *   parallel typed arrays.
 *
 * Why groups: in the switch fabric most events share their time with others — links of one rate
 * start in step, so transmissions end, packets arrive and credits return at the same instants. In
 * the 648-node fat-tree (issue 16) 89 % of the events run at the time of the event before, and the
 * ~650 pending events fall on ~83 distinct times: the heap holds ~83 groups and is touched by
 * ~1 event in 9 (a group's first and last), where a heap of events paid a sift-down of ~9 levels,
 * half its key comparisons ties on time, for every event. benchmarks/README.md ("engine") measures it.
 *
 * Finding the group of a new event: `recent`, a direct-mapped table indexed by a hash of the key's
 * 16 bytes, remembers the group last opened for each hash. A hit whose group still has that key
 * (freed groups get time NaN, equal to nothing) takes the event at its tail; a miss opens a new
 * group, even if an older group of the same key is still pending (its entry was overwritten by
 * another key). That is exact, not a heuristic: appends always go to the newest group of a key, so
 * every event of an older group has a smaller sequence than every event of a newer one, and the heap
 * orders the two by the sequence of their first events — the order (time, priority, sequence) is
 * the one a heap of single events gives, whatever the table finds. The table only decides how many
 * groups there are.
 */

/** log2 of the number of entries of the table of recently opened groups. */
const RECENT_BITS = 10;
const RECENT_SIZE = 1 << RECENT_BITS;

/** Pending events in the order (time, priority, sequence); `T`: the closure-event objects. */
export class EventCalendar<T> {
  /** Sequence of the next event (grows with every insert). */
  protected counter = 0;
  /** Events in the calendar. */
  protected pending = 0;
  // slots: next slot of its group (or of the free list), handler id (−1: object in sObj), a, b
  protected sNext: Int32Array<ArrayBuffer>;
  protected sHandler: Int32Array<ArrayBuffer>;
  protected sA: Int32Array<ArrayBuffer>;
  protected sB: Int32Array<ArrayBuffer>;
  protected sObj: (T | null)[];
  private freeSlot = -1;
  private usedSlots = 0;
  // groups: first and last slot of its FIFO, its key (time NaN: free); free groups chained in gHead
  protected gHead: Int32Array<ArrayBuffer>;
  private gTail: Int32Array<ArrayBuffer>;
  private gTime: Float64Array<ArrayBuffer>;
  private gPrio: Float64Array<ArrayBuffer>;
  private freeGroup = -1;
  private usedGroups = 0;
  // heap of groups: keys (time, priority, sequence of the first event) and group id per position
  protected n = 0;
  protected hTime: Float64Array<ArrayBuffer>;
  private hPrio: Float64Array<ArrayBuffer>;
  private hSeq: Float64Array<ArrayBuffer>;
  protected hGroup: Int32Array<ArrayBuffer>;
  /** Group last opened for each hash of (time, priority), or −1. */
  private readonly recent = new Int32Array(RECENT_SIZE).fill(-1);
  /** (time, priority) of the event being inserted, and the same 16 bytes as integers to hash. */
  private readonly key = new Float64Array(2);
  private readonly keyBits = new Int32Array(this.key.buffer);

  constructor() {
    const cap = 64;
    this.sNext = new Int32Array(cap);
    this.sHandler = new Int32Array(cap);
    this.sA = new Int32Array(cap);
    this.sB = new Int32Array(cap);
    this.sObj = new Array<T | null>(cap).fill(null);
    this.gHead = new Int32Array(cap);
    this.gTail = new Int32Array(cap);
    this.gTime = new Float64Array(cap);
    this.gPrio = new Float64Array(cap);
    this.hTime = new Float64Array(cap);
    this.hPrio = new Float64Array(cap);
    this.hSeq = new Float64Array(cap);
    this.hGroup = new Int32Array(cap);
  }

  /**
   * Files event `slot` under key (time, priority, next sequence): at the tail of the group last
   * opened for (time, priority) if it is still pending, else in a new group (see {@link Engine}).
   */
  protected insert(time: number, priority: number, slot: number): void {
    this.counter++;
    this.pending++;
    this.sNext[slot] = -1;
    const key = this.key;
    key[0] = time;
    key[1] = priority;
    const bits = this.keyBits;
    let x = bits[0]! ^ Math.imul(bits[1]!, 0x9e3779b1);
    if (priority !== 0) x ^= Math.imul(bits[2]! ^ bits[3]!, 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
    const r = (x ^ (x >>> 15)) >>> (32 - RECENT_BITS);
    const g = this.recent[r]!;
    if (g >= 0 && this.gTime[g] === time && this.gPrio[g] === priority) {
      this.sNext[this.gTail[g]!] = slot;
      this.gTail[g] = slot;
      return;
    }
    this.openGroup(slot, r);
  }

  /** Opens a group for the key in `this.key` holding event `slot`, and files it in the heap. */
  private openGroup(slot: number, r: number): void {
    let g = this.freeGroup;
    if (g >= 0) this.freeGroup = this.gHead[g]!;
    else {
      if (this.usedGroups === this.gHead.length) this.growGroups();
      g = this.usedGroups++;
    }
    const time = this.key[0]!;
    const priority = this.key[1]!;
    this.gTime[g] = time;
    this.gPrio[g] = priority;
    this.gHead[g] = slot;
    this.gTail[g] = slot;
    this.recent[r] = g;
    this.siftUp(g, this.counter - 1);
  }

  protected takeSlot(): number {
    let slot = this.freeSlot;
    if (slot >= 0) {
      this.freeSlot = this.sNext[slot]!;
      return slot;
    }
    if (this.usedSlots === this.sNext.length) this.growSlots();
    slot = this.usedSlots++;
    return slot;
  }

  protected releaseSlot(slot: number): void {
    this.sNext[slot] = this.freeSlot;
    this.freeSlot = slot;
  }

  private growSlots(): void {
    const cap = this.sNext.length * 2;
    this.sNext = growInt32(this.sNext, cap);
    this.sHandler = growInt32(this.sHandler, cap);
    this.sA = growInt32(this.sA, cap);
    this.sB = growInt32(this.sB, cap);
    for (let k = this.sObj.length; k < cap; k++) this.sObj.push(null);
  }

  private growGroups(): void {
    const cap = this.gHead.length * 2;
    this.gHead = growInt32(this.gHead, cap);
    this.gTail = growInt32(this.gTail, cap);
    this.gTime = growFloat64(this.gTime, cap);
    this.gPrio = growFloat64(this.gPrio, cap);
    this.hTime = growFloat64(this.hTime, cap);
    this.hPrio = growFloat64(this.hPrio, cap);
    this.hSeq = growFloat64(this.hSeq, cap);
    this.hGroup = growInt32(this.hGroup, cap);
  }

  /** Inserts group `g` into the heap under key (its time, its priority, seq). */
  private siftUp(g: number, seq: number): void {
    const hTime = this.hTime;
    const hPrio = this.hPrio;
    const hSeq = this.hSeq;
    const hGroup = this.hGroup;
    const time = this.gTime[g]!;
    const priority = this.gPrio[g]!;
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
      hGroup[i] = hGroup[parent]!;
      i = parent;
    }
    hTime[i] = time;
    hPrio[i] = priority;
    hSeq[i] = seq;
    hGroup[i] = g;
  }

  /**
   * Removes the first event of the top group and returns its slot (the calendar must not be empty;
   * the clock is the caller's business); an emptied group leaves the heap and is freed.
   */
  protected takeTop(): number {
    const g = this.hGroup[0]!;
    const slot = this.gHead[g]!;
    const next = this.sNext[slot]!;
    this.pending--;
    if (next >= 0) {
      this.gHead[g] = next;
      return slot;
    }
    this.popTop();
    this.gTime[g] = NaN; // no key equals NaN: `recent` no longer finds it
    this.gHead[g] = this.freeGroup;
    this.freeGroup = g;
    return slot;
  }

  /**
   * Removes the top of the heap (the heap must not be empty). Floyd's bottom-up deletion (Knuth,
   * TAOCP vol. 3, 5.2.3, exercise 18): the hole at the root walks down to a leaf along the smaller
   * children — one key comparison per level instead of two — and the former last element then
   * sifts up from there, which is short because a last element is a late one.
   */
  private popTop(): void {
    const hTime = this.hTime;
    const hPrio = this.hPrio;
    const hSeq = this.hSeq;
    const hGroup = this.hGroup;
    const n = --this.n;
    if (n === 0) return;
    let i = 0;
    let c = 1;
    while (c < n) {
      const r = c + 1;
      if (r < n) {
        const ct = hTime[c]!;
        const rt = hTime[r]!;
        if (rt < ct || (rt === ct && (hPrio[r]! < hPrio[c]! || (hPrio[r] === hPrio[c] && hSeq[r]! < hSeq[c]!)))) c = r;
      }
      hTime[i] = hTime[c]!;
      hPrio[i] = hPrio[c]!;
      hSeq[i] = hSeq[c]!;
      hGroup[i] = hGroup[c]!;
      i = c;
      c = 2 * c + 1;
    }
    const lt = hTime[n]!;
    const lp = hPrio[n]!;
    const ls = hSeq[n]!;
    const lg = hGroup[n]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = hTime[parent]!;
      if (pt < lt) break;
      if (pt === lt) {
        const pp = hPrio[parent]!;
        if (pp < lp || (pp === lp && hSeq[parent]! < ls)) break;
      }
      hTime[i] = pt;
      hPrio[i] = hPrio[parent]!;
      hSeq[i] = hSeq[parent]!;
      hGroup[i] = hGroup[parent]!;
      i = parent;
    }
    hTime[i] = lt;
    hPrio[i] = lp;
    hSeq[i] = ls;
    hGroup[i] = lg;
  }
}

function growInt32(x: Int32Array<ArrayBuffer>, cap: number): Int32Array<ArrayBuffer> {
  const y = new Int32Array(cap);
  y.set(x);
  return y;
}

function growFloat64(x: Float64Array<ArrayBuffer>, cap: number): Float64Array<ArrayBuffer> {
  const y = new Float64Array(cap);
  y.set(x);
  return y;
}
