/**
 * The event calendar's storage: a table of slots, one per pending event, and a binary min-heap of
 * groups of events, in typed arrays so that a handler event allocates nothing once the arrays have
 * grown to the peak number of pending events. {@link TimingWheel} (timingWheel.ts) extends it with
 * the wheel over the near future, {@link EventCalendar} (calendar.ts, which holds the order and the
 * argument for it) with the table that finds a new event's group.
 *
 * Layout — three tables, indexed by small integers:
 * - slots: one per pending event: its payload (handler id, a, b; or a closure event object, handler
 *   id −1), its key (time, priority) and `sNext`, the next slot of its group; free slots are chained
 *   through sA;
 * - a timing wheel of buckets over the near future (timingWheel.ts), each bucket a list of groups
 *   in key order linked through `gNext`;
 * - a binary min-heap of the other groups keyed (time, priority, sequence of the group's first
 *   event), in parallel typed arrays; a heap entry is the slot of the group's first pending event.
 * A group is the pending events of one (time, priority) chained through sNext, a FIFO: events of one
 * (time, priority) run in scheduling order, and a new event has the largest sequence so far, so
 * appending it at the tail keeps the group sorted; a group is taken from its head (the next slot
 * takes the head's heap entry, key unchanged), never searched. There is no group record: a group is
 * named by its head slot, and a lone event costs a heap entry, as in a heap of single events.
 */
import { grownFloat64, grownInt32 } from '../../core/arrays.js';

/** Pending events' slots and the heap of groups; `T`: the closure-event objects. */
export class GroupHeap<T> {
  /** Events in the calendar. */
  protected pending = 0;
  // slots: next slot of its group (or of the free list), handler id (−1: object in sObj), a, b,
  // and the key (time NaN: not pending, equal to nothing)
  protected sNext: Int32Array<ArrayBuffer>;
  protected sHandler: Int32Array<ArrayBuffer>;
  protected sA: Int32Array<ArrayBuffer>;
  protected sB: Int32Array<ArrayBuffer>;
  protected sObj: (T | null)[];
  protected sTime: Float64Array<ArrayBuffer>;
  protected sPrio: Float64Array<ArrayBuffer>;
  private freeSlot = -1;
  private usedSlots = 0;
  // heap of groups: keys (time, priority, sequence of the first event) and the head slot per position
  protected n = 0;
  protected hTime: Float64Array<ArrayBuffer>;
  protected hPrio: Float64Array<ArrayBuffer>;
  private hSeq: Float64Array<ArrayBuffer>;
  protected hSlot: Int32Array<ArrayBuffer>;
  /** (time, priority) of the event being inserted, and the same 16 bytes as integers to hash. */
  protected readonly key = new Float64Array(2);
  protected readonly keyBits = new Int32Array(this.key.buffer);
  // per slot, for the wheel (timingWheel.ts): for a wheel group's first pending event, the next group
  // of its bucket; the sequence of an event that opened a wheel group (a rebuild that moves the group
  // into the heap keys it so). Here because they grow with the slots.
  protected gNext: Int32Array<ArrayBuffer>;
  protected sSeq: Float64Array<ArrayBuffer>;

  constructor() {
    const cap = 64;
    this.sNext = new Int32Array(cap);
    this.sHandler = new Int32Array(cap);
    this.sA = new Int32Array(cap);
    this.sB = new Int32Array(cap);
    this.sObj = new Array<T | null>(cap).fill(null);
    this.sTime = new Float64Array(cap).fill(NaN);
    this.sPrio = new Float64Array(cap);
    this.hTime = new Float64Array(cap);
    this.hPrio = new Float64Array(cap);
    this.hSeq = new Float64Array(cap);
    this.hSlot = new Int32Array(cap);
    this.gNext = new Int32Array(cap);
    this.sSeq = new Float64Array(cap);
  }

  protected takeSlot(): number {
    let slot = this.freeSlot;
    if (slot >= 0) {
      this.freeSlot = this.sA[slot]!;
      return slot;
    }
    if (this.usedSlots === this.sNext.length) this.grow();
    slot = this.usedSlots++;
    return slot;
  }

  /** Frees `slot` (after its payload was read: the free list is chained through sA). */
  protected releaseSlot(slot: number): void {
    this.sA[slot] = this.freeSlot;
    this.freeSlot = slot;
  }

  private grow(): void {
    const cap = this.sNext.length * 2;
    this.sNext = grownInt32(this.sNext, cap);
    this.sHandler = grownInt32(this.sHandler, cap);
    this.sA = grownInt32(this.sA, cap);
    this.sB = grownInt32(this.sB, cap);
    for (let k = this.sObj.length; k < cap; k++) this.sObj.push(null);
    const sTime = new Float64Array(cap).fill(NaN);
    sTime.set(this.sTime);
    this.sTime = sTime;
    this.sPrio = grownFloat64(this.sPrio, cap);
    // the heap holds at most one entry per pending event: it grows with the slots
    this.hTime = grownFloat64(this.hTime, cap);
    this.hPrio = grownFloat64(this.hPrio, cap);
    this.hSeq = grownFloat64(this.hSeq, cap);
    this.hSlot = grownInt32(this.hSlot, cap);
    this.gNext = grownInt32(this.gNext, cap);
    this.sSeq = grownFloat64(this.sSeq, cap);
  }

  /**
   * Inserts heap entry `slot` (a group's first slot, or ~slot for a lone event) under key
   * (this.key, seq).
   */
  protected siftUp(seq: number, slot: number): void {
    this.placeUp(this.n++, this.key[0]!, this.key[1]!, seq, slot);
  }

  /** Puts the group (time, priority, seq, slot) into the hole at heap position i, moving it up past larger parents. */
  private placeUp(i: number, time: number, priority: number, seq: number, slot: number): void {
    const hTime = this.hTime;
    const hPrio = this.hPrio;
    const hSeq = this.hSeq;
    const hSlot = this.hSlot;
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

  /**
   * Removes the top of the heap (the heap must not be empty). Floyd's bottom-up deletion (Knuth,
   * TAOCP vol. 3, 5.2.3, exercise 18): the hole at the root walks down to a leaf along the smaller
   * children — one key comparison per level instead of two — and the former last element then
   * sifts up from there, which is short because a last element is a late one.
   */
  protected popTop(): void {
    const hTime = this.hTime;
    const hPrio = this.hPrio;
    const hSeq = this.hSeq;
    const hSlot = this.hSlot;
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
      hSlot[i] = hSlot[c]!;
      i = c;
      c = 2 * c + 1;
    }
    this.placeUp(i, hTime[n]!, hPrio[n]!, hSeq[n]!, hSlot[n]!);
  }
}
