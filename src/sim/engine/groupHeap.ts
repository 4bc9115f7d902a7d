/**
 * The event calendar's storage: a table of slots, one per pending event, and a binary min-heap of
 * groups of events, in typed arrays so that a handler event allocates nothing once the arrays have
 * grown to the peak number of pending events. {@link TimingWheel} (timingWheel.ts) extends it with
 * the wheel over the near future, {@link EventCalendar} (calendar.ts, which holds the order and the
 * argument for it) with the table that finds a new event's group.
 *
 * Layout — three tables, indexed by small integers:
 * - slots: one per pending event: its payload (handler id, a, b; or a closure event object, handler
 *   id −1), its key (time, priority) and its `next`, the next slot of its group; free slots are chained
 *   through the field of `a`; a slot is one record (its fields side by side);
 * - a timing wheel of buckets over the near future (timingWheel.ts), each bucket a list of groups
 *   in key order linked through their first slots' group links;
 * - a binary min-heap of the other groups keyed (time, priority, sequence of the group's first
 *   event), in parallel typed arrays; a heap entry is the slot of the group's first pending event.
 * A group is the pending events of one (time, priority) chained through their `next`, a FIFO: events of one
 * (time, priority) run in scheduling order, and a new event has the largest sequence so far, so
 * appending it at the tail keeps the group sorted; a group is taken from its head (the next slot
 * takes the head's heap entry, key unchanged), never searched. There is no group record: a group is
 * named by its head slot, and a lone event costs a heap entry, as in a heap of single events.
 */
import { grownFloat64, grownInt32 } from '../../core/arrays.js';

/**
 * Doubles per slot record, and its fields: key (time, priority), sequence (wheel groups). calendar.ts,
 * timingWheel.ts and engine.ts keep copies of these numbers (an imported constant costs a load per
 * use in optimized code); engineCalendar.test.ts checks them against these.
 */
export const SLOT_F = 6;
export const F_TIME = 0;
export const F_PRIO = 1;
export const F_SEQ = 2;
/** The same record as 32-bit integers (SLOT_I = 2 · SLOT_F) and its integer fields (after the doubles). */
export const SLOT_I = 2 * SLOT_F;
export const I_NEXT = 6;
export const I_HANDLER = 7;
export const I_A = 8;
export const I_B = 9;
export const I_GNEXT = 10;

/** Pending events' slots and the heap of groups; `T`: the closure-event objects. */
export class GroupHeap<T> {
  /** Events in the calendar. */
  protected pending = 0;
  // slots: one record per slot (doubles at slot·SLOT_F + F_…, the same bytes as integers at
  // slot·SLOT_I + I_…): the key (time NaN: not pending, equal to nothing), the sequence of an event
  // that opened a wheel group, the next slot of its group (or of the free list: through I_A),
  // handler id (−1: object in sObj), a, b, and for a wheel group's first pending event the next group
  // of its bucket (timingWheel.ts). One record, not an array per field: an event taken long after it
  // was posted costs one or two cache misses, not eight (issue 32, at k = 32 ~30,000 events pending).
  protected slotF: Float64Array<ArrayBuffer>;
  protected slotI: Int32Array<ArrayBuffer>;
  protected sObj: (T | null)[];
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
  constructor() {
    const cap = 64;
    this.slotF = new Float64Array(cap * SLOT_F);
    this.slotI = new Int32Array(this.slotF.buffer);
    for (let k = 0; k < cap; k++) this.slotF[k * SLOT_F + F_TIME] = NaN;
    this.sObj = new Array<T | null>(cap).fill(null);
    this.hTime = new Float64Array(cap);
    this.hPrio = new Float64Array(cap);
    this.hSeq = new Float64Array(cap);
    this.hSlot = new Int32Array(cap);
  }

  protected takeSlot(): number {
    let slot = this.freeSlot;
    if (slot >= 0) {
      this.freeSlot = this.slotI[slot * SLOT_I + I_A]!;
      return slot;
    }
    if (this.usedSlots === this.sObj.length) this.grow();
    slot = this.usedSlots++;
    return slot;
  }

  /** Frees `slot` (after its payload was read: the free list is chained through its field I_A). */
  protected releaseSlot(slot: number): void {
    this.slotI[slot * SLOT_I + I_A] = this.freeSlot;
    this.freeSlot = slot;
  }

  /**
   * The pending allocation-free events posted to `handler`, as pairs (a, b) at 2k, 2k + 1, in no
   * particular order (the slots not on the free list; the event being run is not pending). For
   * audits and checks, not per event: it walks every slot.
   */
  pendingPosts(handler: number): Int32Array {
    const free = new Uint8Array(this.usedSlots);
    for (let s = this.freeSlot; s >= 0; s = this.slotI[s * SLOT_I + I_A]!) free[s] = 1;
    const out: number[] = [];
    for (let s = 0; s < this.usedSlots; s++) {
      if (free[s] === 0 && this.slotI[s * SLOT_I + I_HANDLER] === handler) out.push(this.slotI[s * SLOT_I + I_A]!, this.slotI[s * SLOT_I + I_B]!);
    }
    return Int32Array.from(out);
  }

  private grow(): void {
    const old = this.sObj.length;
    const cap = old * 2;
    const slotF = new Float64Array(cap * SLOT_F);
    slotF.set(this.slotF);
    for (let k = old; k < cap; k++) slotF[k * SLOT_F + F_TIME] = NaN;
    this.slotF = slotF;
    this.slotI = new Int32Array(slotF.buffer);
    for (let k = old; k < cap; k++) this.sObj.push(null);
    // the heap holds at most one entry per pending event: it grows with the slots
    this.hTime = grownFloat64(this.hTime, cap);
    this.hPrio = grownFloat64(this.hPrio, cap);
    this.hSeq = grownFloat64(this.hSeq, cap);
    this.hSlot = grownInt32(this.hSlot, cap);
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
