/**
 * The engine's event calendar: pending events in the order (time, priority, sequence), stored in
 * typed arrays so that a handler event allocates nothing once the arrays have grown to the peak
 * number of pending events. {@link Engine} extends it with the clock, the API and the run loops.
 *
 * Three files, one concern each: groupHeap.ts (the slots and the heap of groups), timingWheel.ts
 * (the wheel over the near future, in front of the heap) and this one (the order; the table that
 * finds a new event's group; which of wheel and heap holds the next event). The classes extend one
 * another (GroupHeap, TimingWheel, EventCalendar, then Engine): one object with its fields in typed
 * arrays, as when it was one class.
 *
 * Why groups: in the switch fabric most events share their time with others — links of one rate
 * start in step, so transmissions end, packets arrive and credits return at the same instants. In
 * the 648-node fat-tree (issue 16) 89 % of the events run at the time of the event before, and the
 * ~650 pending events fall on ~83 distinct times: the heap holds ~83 groups and is touched by
 * ~1 event in 9 (a group's first and last), where a heap of events paid a sift-down of ~9 levels,
 * half its key comparisons ties on time, for every event. benchmarks/README.md ("engine") measures it.
 *
 * Finding the group of a new event: `recent`, a direct-mapped table indexed by a hash of the key's
 * 16 bytes, names the event last inserted with each hash. If that event is still pending (taken
 * events get time NaN, equal to nothing) and has the new event's key, it is the tail of the newest
 * group of that key (a later event of the key would have replaced it in the table), and the new event
 * is appended after it; otherwise the new event opens a group, even if an older group of the same
 * key is still pending (its entry was overwritten by another key). That is exact, not a heuristic:
 * appends always go to the newest group of a key, so every event of an older group has a smaller
 * sequence than every event of a newer one, and the heap orders the two by the sequence of their
 * first events — the order (time, priority, sequence) is the one a heap of single events gives,
 * whatever the table finds. The table only decides how many groups there are.
 *
 * Where events never share a time (an M/M/1 queue, a hold model with continuous delays) the table
 * finds nothing and its hash is pure cost. So inserts come in windows: a window of 4096 inserts uses
 * the table and counts its hits; under 1 in 8, the next 61 440 inserts skip it — each event opens a
 * group of one, stored as ~slot in the heap so that its take reads no chain — and then a window uses
 * it again. A window that uses the table after one that skipped it starts with the table emptied,
 * so the table only ever names events inserted while it was kept, and the argument above holds
 * within the window; events of a skipping window are groups nothing is appended to. The windows
 * change how many groups there are, never the order.
 */
import { TimingWheel } from './timingWheel.js';
// The slot record's layout, groupHeap.ts's SLOT_F … I_GNEXT, copied: an imported constant is a module
// variable that V8's optimized code loads at every use (measured: the fabric at k = 32 ran 20 % slower).
const F_PRIO = 1;
const F_TIME = 0;
const I_NEXT = 6;
const SLOT_F = 6;
const SLOT_I = 12;

/** log2 of the number of entries of the table of recently scheduled events. */
const RECENT_BITS = 10;
const RECENT_SIZE = 1 << RECENT_BITS;
/** Inserts per window in which the table is used and its hits counted. */
const PROBE_WINDOW = 4096;
/** Fewer hits than this in a window: the next window skips the table. */
const PROBE_MIN_HITS = PROBE_WINDOW / 8;
/** Inserts per window that skips the table (then a window uses it again). */
const SKIP_WINDOW = 15 * PROBE_WINDOW;

/** Pending events in the order (time, priority, sequence); `T`: the closure-event objects. */
export class EventCalendar<T> extends TimingWheel<T> {
  /** Sequence of the next event (grows with every insert). */
  protected counter = 0;
  /** Slot of the event last scheduled for each hash of (time, priority), or −1. */
  private readonly recent = new Int32Array(RECENT_SIZE).fill(-1);
  /** Whether this window's inserts use `recent`; inserts left in the window; its hits so far. */
  private lookups = true;
  private window = PROBE_WINDOW;
  private hits = 0;
  /** Whether the next event (found by nextTime) is the wheel's; else the heap's. */
  private fromWheel = false;
  /** The next event's time, written by {@link findNext} (the engine's time unit; Infinity when empty). */
  protected readonly nextAt = new Float64Array(1);

  /**
   * Files event `slot` under key (time, priority, next sequence): after the event last scheduled
   * for (time, priority) if that one is still pending (it is then the tail of its group), else as
   * a new group of one in the heap.
   */
  protected insert(time: number, priority: number, slot: number): void {
    // The key goes through `this.key`, not through arguments: a call that V8 does not inline would
    // box a double argument into a heap number (the fabric's callers inline post up to here).
    const key = this.key;
    key[0] = time;
    key[1] = priority;
    const seq = this.counter++;
    this.pending++;
    if (--this.window < 0) this.nextWindow();
    let entry = ~slot;
    if (this.lookups) {
      if (this.joinRecent(slot)) return;
      entry = slot;
    }
    if (this.wheelOn) {
      const d = Math.floor(time * this.inv) - this.cur;
      if (d >= 0 && d < this.buckets) {
        this.wheelOpen(slot, seq, (this.curBucket + d) & this.mask);
        return;
      }
    }
    this.siftUp(seq, entry); // far (or before the wheel's current bucket), or no wheel yet
  }

  /**
   * With the table in use: appends event `slot` (key in `this.key`) to the group of the event last
   * inserted with its key if that one is still pending, and returns true; else returns false (the
   * caller opens a group). Either way `slot` becomes the table's entry for its key.
   */
  private joinRecent(slot: number): boolean {
    const key = this.key;
    const time = key[0]!;
    const priority = key[1]!;
    const bits = this.keyBits;
    let x = bits[0]! ^ Math.imul(bits[1]!, 0x9e3779b1);
    if (priority !== 0) x ^= Math.imul(bits[2]! ^ bits[3]!, 0x85ebca6b);
    x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
    const r = (x ^ (x >>> 15)) >>> (32 - RECENT_BITS);
    const t = this.recent[r]!;
    this.recent[r] = slot;
    this.slotI[slot * SLOT_I + I_NEXT] = -1;
    // (read before `slot` gets its key: t may be `slot` itself, freed and taken again)
    const slotF = this.slotF;
    const hit = t >= 0 && slotF[t * SLOT_F + F_TIME] === time && slotF[t * SLOT_F + F_PRIO] === priority;
    slotF[slot * SLOT_F + F_TIME] = time;
    slotF[slot * SLOT_F + F_PRIO] = priority;
    if (!hit) return false;
    this.hits++;
    this.slotI[t * SLOT_I + I_NEXT] = slot;
    return true;
  }

  /**
   * Ends a window of inserts: after a window that used the table and found few ties, the next
   * skips it; after one that skipped it, the table is emptied and used again (emptied: it must
   * only name events inserted while it was kept up to date, see the file header).
   */
  private nextWindow(): void {
    if (this.lookups && this.hits < PROBE_MIN_HITS) {
      this.lookups = false;
      this.window = SKIP_WINDOW - 1;
    } else {
      if (!this.lookups) this.recent.fill(-1);
      this.lookups = true;
      this.window = PROBE_WINDOW - 1;
    }
    this.hits = 0;
  }

  /**
   * The time of the next event, Infinity if the calendar is empty; remembers whether it is the
   * wheel's or the heap's for {@link takeTop} and {@link topSlot} (no insert may come between).
   * At equal (time, priority) the heap's group goes first: it is the older (file header).
   */
  protected nextTime(): number {
    this.findNext();
    return this.nextAt[0]!;
  }

  /**
   * {@link nextTime} without a return value: writes the time (Infinity if empty) to `nextAt[0]`, so
   * that the run loop reads it from a typed array into a local double — a double returned by a call
   * V8 does not inline is boxed (a 12-byte heap number per event: most of the run loop's garbage).
   */
  protected findNext(): void {
    const out = this.nextAt;
    if (this.wheelGroups === 0) {
      this.fromWheel = false;
      out[0] = this.n === 0 ? Infinity : this.hTime[0]!;
      return;
    }
    let h = this.bHead[this.curBucket]!;
    if (h < 0) h = this.bHead[this.advance()]!;
    const wt = this.slotF[h * SLOT_F + F_TIME]!;
    if (this.n > 0) {
      const ht = this.hTime[0]!;
      if (ht < wt || (ht === wt && this.hPrio[0]! <= this.slotF[h * SLOT_F + F_PRIO]!)) {
        this.fromWheel = false;
        out[0] = ht;
        return;
      }
    }
    this.fromWheel = true;
    out[0] = wt;
  }

  /** The slot of the next event, after {@link nextTime} found one. */
  protected topSlot(): number {
    if (this.fromWheel) return this.bHead[this.curBucket]!;
    const top = this.hSlot[0]!;
    return top < 0 ? ~top : top;
  }

  /**
   * Removes the next event and returns its slot; {@link nextTime} must have found it just before
   * (the clock is the caller's business). From the heap: the next event of the top group, if any,
   * heads it in the same heap position (its key is unchanged: the group's sequence stays its first
   * event's, which orders it among the groups as well); the last event of a group takes the group
   * out of the heap.
   */
  protected takeTop(): number {
    this.pending--;
    if (this.fromWheel) return this.takeWheel();
    const top = this.hSlot[0]!;
    if (top < 0) {
      this.popGroup();
      return ~top;
    }
    const next = this.slotI[top * SLOT_I + I_NEXT]!;
    if (next >= 0) {
      this.hSlot[0] = next;
      return top;
    }
    this.slotF[top * SLOT_F + F_TIME] = NaN; // no key equals NaN: `recent` no longer finds it
    this.popGroup();
    return top;
  }

  /** Takes the top group out of the heap; ends the tuning window when it is full. */
  private popGroup(): void {
    if (--this.tuneLeft >= 0) {
      this.popTop();
      return;
    }
    const t = this.hTime[0]!;
    this.popTop(); // first: a rebuild may put groups into the heap
    this.tune(t);
  }
}
