/**
 * The engine's event calendar: pending events in the order (time, priority, sequence), stored in
 * typed arrays so that a handler event allocates nothing once the arrays have grown to the peak
 * number of pending events. {@link Engine} extends it with the clock, the API and the run loops.
 *
 * Layout — two tables, indexed by small integers:
 * - slots: one per pending event: its payload (handler id, a, b; or a closure event object, handler
 *   id −1), its key (time, priority) and `sNext`, the next slot of its group; free slots are chained
 *   through sA;
 * - a timing wheel of buckets over the near future (below), each bucket a list of groups in key
 *   order linked through `gNext`;
 * - a binary min-heap of the other groups keyed (time, priority, sequence of the group's first
 *   event), in parallel typed arrays; a heap entry is the slot of the group's first pending event.
 * A group is the pending events of one (time, priority) chained through sNext, a FIFO: events of one
 * (time, priority) run in scheduling order, and a new event has the largest sequence so far, so
 * appending it at the tail keeps the group sorted; a group is taken from its head (the next slot
 * takes the head's heap entry, key unchanged), never searched. There is no group record: a group is
 * named by its head slot, and a lone event costs a heap entry, as in a heap of single events.
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
 *
 * The wheel (issue 16, the hotspot case: congestion breaks the links' lock-step and 60 % of the
 * events open a group, a heap insert and pop over ~150 groups each). Every event there is posted
 * within ~1.1 µs of now but for 3 % (rate-limit and injection-cap wake-ups). A group opened with
 * bucket number k = floor(time · inv) in [cur, cur + buckets) goes into bucket (curBucket + k − cur)
 * mod buckets, after the bucket's groups of smaller or equal key (an equal key's older groups: the
 * new one has the largest sequence); any other group (far ahead, or before the wheel's current
 * bucket after a heap event ran) goes into the heap. `floor(time · inv)` is monotone in the time
 * (IEEE multiplication and floor are), so a bucket never holds a later time than the next bucket;
 * bucket numbers stay below 2^50, exact integers. The next event is the earlier of the wheel's
 * first group (curBucket moves forward over empty buckets with a bit per bucket) and the heap's top;
 * at equal (time, priority) the heap's goes first, because it is the older: a key in the wheel stays
 * within [cur, cur + buckets) while it is there (cur only grows), so no later group of that key goes
 * into the heap; a rebuild moves all groups of one key together. The table of recent keys finds
 * groups wherever they are (wheel or heap): it appends to the key's newest group, as before.
 *
 * The width adapts to the workload: every TUNE_WINDOW groups taken it is set to the mean gap between
 * them (WIDTH_PER_GAP), the number of buckets to the pending events (a power of two), and the wheel
 * is built again (groups in order into the new buckets, those past its end into the heap keyed by
 * their first event's sequence) when the width is a factor 2 off or the buckets a factor 4; a walk
 * of more than 8 groups in one bucket ends the window early. With fewer than MIN_WHEEL_PENDING
 * events pending the wheel is stopped (all its groups go into the heap): a heap that small is
 * cheaper. None of it changes the order; it decides only where a group waits.
 */

/** log2 of the number of entries of the table of recently scheduled events. */
const RECENT_BITS = 10;
const RECENT_SIZE = 1 << RECENT_BITS;
/** Inserts per window in which the table is used and its hits counted. */
const PROBE_WINDOW = 4096;
/** Fewer hits than this in a window: the next window skips the table. */
const PROBE_MIN_HITS = PROBE_WINDOW / 8;
/** Inserts per window that skips the table (then a window uses it again). */
const SKIP_WINDOW = 15 * PROBE_WINDOW;
/** Groups taken per window after which the wheel's bucket width is estimated again. */
const TUNE_WINDOW = 4096;
/** Groups taken before the first tuning window starts. */
const FIRST_TUNE_WINDOW = 256;
/** Bucket width over the mean gap between the groups taken in a window. */
const WIDTH_PER_GAP = 1;
/** Fewer pending events than this at the end of a tuning window: no wheel (the heap alone). */
const MIN_WHEEL_PENDING = 32;
/** Fewest and most buckets of the wheel (powers of two). */
const MIN_BUCKETS = 256;
const MAX_BUCKETS = 1 << 20;
/** Largest |bucket number| the wheel is built for (bucket numbers stay exact integers). */
const MAX_BUCKET_NUMBER = 2 ** 50;

/** Pending events in the order (time, priority, sequence); `T`: the closure-event objects. */
export class EventCalendar<T> {
  /** Sequence of the next event (grows with every insert). */
  protected counter = 0;
  /** Events in the calendar. */
  protected pending = 0;
  // slots: next slot of its group (or of the free list), handler id (−1: object in sObj), a, b,
  // and the key (time NaN: not pending, equal to nothing)
  protected sNext: Int32Array<ArrayBuffer>;
  protected sHandler: Int32Array<ArrayBuffer>;
  protected sA: Int32Array<ArrayBuffer>;
  protected sB: Int32Array<ArrayBuffer>;
  protected sObj: (T | null)[];
  private sTime: Float64Array<ArrayBuffer>;
  private sPrio: Float64Array<ArrayBuffer>;
  private freeSlot = -1;
  private usedSlots = 0;
  // heap of groups: keys (time, priority, sequence of the first event) and the head slot per position
  protected n = 0;
  protected hTime: Float64Array<ArrayBuffer>;
  private hPrio: Float64Array<ArrayBuffer>;
  private hSeq: Float64Array<ArrayBuffer>;
  protected hSlot: Int32Array<ArrayBuffer>;
  /** Slot of the event last scheduled for each hash of (time, priority), or −1. */
  private readonly recent = new Int32Array(RECENT_SIZE).fill(-1);
  /** Whether this window's inserts use `recent`; inserts left in the window; its hits so far. */
  private lookups = true;
  private window = PROBE_WINDOW;
  private hits = 0;
  /** (time, priority) of the event being inserted, and the same 16 bytes as integers to hash. */
  private readonly key = new Float64Array(2);
  private readonly keyBits = new Int32Array(this.key.buffer);
  // the wheel (see the file header): on or not, 1 / bucket width, the bucket number of bucket
  // `curBucket` (an integer held in a double), the buckets' first groups, a bit per non-empty bucket
  protected wheelOn = false;
  private inv = 0;
  private cur = 0;
  private curBucket = 0;
  private mask = 0;
  private buckets = 0;
  private bHead: Int32Array<ArrayBuffer> = new Int32Array(0);
  private bBits: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Groups in the wheel. */
  private wheelGroups = 0;
  // per slot: for a wheel group's first pending event, the next group of its bucket; the sequence
  // of an event that opened a wheel group (a rebuild that moves the group into the heap keys it so)
  private gNext: Int32Array<ArrayBuffer>;
  private sSeq: Float64Array<ArrayBuffer>;
  /** Whether the next event (found by nextTime) is the wheel's; else the heap's. */
  private fromWheel = false;
  /** Groups left to take in this tuning window, groups in the window, the time it started. */
  private tuneLeft = FIRST_TUNE_WINDOW;
  private tuneLen = FIRST_TUNE_WINDOW;
  private tuneStart = NaN;

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
    this.sNext[slot] = -1;
    // (read before `slot` gets its key: t may be `slot` itself, freed and taken again)
    const sTime = this.sTime;
    const sPrio = this.sPrio;
    const hit = t >= 0 && sTime[t] === time && sPrio[t] === priority;
    sTime[slot] = time;
    sPrio[slot] = priority;
    if (!hit) return false;
    this.hits++;
    this.sNext[t] = slot;
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
    this.sNext = growInt32(this.sNext, cap);
    this.sHandler = growInt32(this.sHandler, cap);
    this.sA = growInt32(this.sA, cap);
    this.sB = growInt32(this.sB, cap);
    for (let k = this.sObj.length; k < cap; k++) this.sObj.push(null);
    const sTime = new Float64Array(cap).fill(NaN);
    sTime.set(this.sTime);
    this.sTime = sTime;
    this.sPrio = growFloat64(this.sPrio, cap);
    // the heap holds at most one entry per pending event: it grows with the slots
    this.hTime = growFloat64(this.hTime, cap);
    this.hPrio = growFloat64(this.hPrio, cap);
    this.hSeq = growFloat64(this.hSeq, cap);
    this.hSlot = growInt32(this.hSlot, cap);
    this.gNext = growInt32(this.gNext, cap);
    this.sSeq = growFloat64(this.sSeq, cap);
  }

  /**
   * Inserts heap entry `slot` (a group's first slot, or ~slot for a lone event) under key
   * (this.key, seq).
   */
  private siftUp(seq: number, slot: number): void {
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
   * The time of the next event, Infinity if the calendar is empty; remembers whether it is the
   * wheel's or the heap's for {@link takeTop} and {@link topSlot} (no insert may come between).
   * At equal (time, priority) the heap's group goes first: it is the older (file header).
   */
  protected nextTime(): number {
    if (this.wheelGroups === 0) {
      this.fromWheel = false;
      return this.n === 0 ? Infinity : this.hTime[0]!;
    }
    let h = this.bHead[this.curBucket]!;
    if (h < 0) h = this.bHead[this.advance()]!;
    const wt = this.sTime[h]!;
    if (this.n > 0) {
      const ht = this.hTime[0]!;
      if (ht < wt || (ht === wt && this.hPrio[0]! <= this.sPrio[h]!)) {
        this.fromWheel = false;
        return ht;
      }
    }
    this.fromWheel = true;
    return wt;
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
    const next = this.sNext[top]!;
    if (next >= 0) {
      this.hSlot[0] = next;
      return top;
    }
    this.sTime[top] = NaN; // no key equals NaN: `recent` no longer finds it
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

  /**
   * Opens a group of one for event `slot` (key in this.key, sequence `seq`) in bucket `b` of the
   * wheel, after the bucket's groups of smaller or equal key (an equal key's older groups: the new
   * one has the largest sequence).
   */
  private wheelOpen(slot: number, seq: number, b: number): void {
    const time = this.key[0]!;
    const priority = this.key[1]!;
    const sTime = this.sTime;
    const sPrio = this.sPrio;
    const gNext = this.gNext;
    sTime[slot] = time;
    sPrio[slot] = priority;
    this.sSeq[slot] = seq;
    this.sNext[slot] = -1;
    this.wheelGroups++;
    let g = this.bHead[b]!;
    if (g < 0) {
      this.bHead[b] = slot;
      gNext[slot] = -1;
      this.bBits[b >> 5]! |= 1 << (b & 31);
      return;
    }
    let prev = -1;
    let steps = 0;
    do {
      const gt = sTime[g]!;
      if (gt > time || (gt === time && sPrio[g]! > priority)) break;
      prev = g;
      g = gNext[g]!;
      steps++;
    } while (g >= 0);
    gNext[slot] = g;
    if (prev < 0) this.bHead[b] = slot;
    else gNext[prev] = slot;
    // long walks: buckets too wide for the times pending; estimate the width again soon
    if (steps > 8 && this.tuneLeft > 0) {
      this.tuneLen -= this.tuneLeft;
      this.tuneLeft = 0;
    }
  }

  /** Removes the wheel's next event (the head of bucket curBucket) and returns its slot. */
  private takeWheel(): number {
    const b = this.curBucket;
    const top = this.bHead[b]!;
    const next = this.sNext[top]!;
    if (next >= 0) {
      // the next event heads the group: it takes the group's link and first sequence (a rebuild
      // that stops the wheel moves a partly taken group into the heap with it)
      this.bHead[b] = next;
      this.gNext[next] = this.gNext[top]!;
      this.sSeq[next] = this.sSeq[top]!;
      return top;
    }
    const g = this.gNext[top]!;
    this.bHead[b] = g;
    if (g < 0) this.bBits[b >> 5]! &= ~(1 << (b & 31));
    this.wheelGroups--;
    const t = this.sTime[top]!;
    this.sTime[top] = NaN; // no key equals NaN: `recent` no longer finds it
    if (--this.tuneLeft < 0) this.tune(t);
    return top;
  }

  /**
   * Moves curBucket (and cur) forward to the next non-empty bucket, which exists (wheelGroups > 0),
   * and returns it.
   */
  private advance(): number {
    const bits = this.bBits;
    const words = bits.length;
    let b = this.curBucket;
    let w = b >> 5;
    let word = bits[w]! & (-1 << (b & 31));
    let wrapped = 0;
    while (word === 0) {
      w++;
      if (w === words) {
        w = 0;
        wrapped = this.buckets;
      }
      word = bits[w]!;
    }
    const found = (w << 5) + 31 - Math.clz32(word & -word);
    this.cur += found + wrapped - b;
    this.curBucket = found;
    return found;
  }

  /**
   * Ends a tuning window at time `t` (the time of the event being taken: every pending event is at
   * or after it): the bucket width becomes WIDTH_PER_GAP × the mean gap between the groups taken in
   * the window, and the wheel is built again if that is not within a factor 2 of the width it has,
   * or if its number of buckets is 4 times off the pending events (within MIN/MAX_BUCKETS).
   */
  private tune(t: number): void {
    const gap = (t - this.tuneStart) / (this.tuneLen + 1);
    this.tuneStart = t;
    this.tuneLeft = TUNE_WINDOW - 1;
    this.tuneLen = TUNE_WINDOW;
    if (this.pending < MIN_WHEEL_PENDING) {
      // a heap this small is cheaper than the wheel: its groups go into the heap
      if (this.wheelOn) this.rebuild(0, 0, 0);
      return;
    }
    if (!(gap > 0 && gap < Infinity)) return;
    const inv = 1 / (WIDTH_PER_GAP * gap);
    let buckets = MIN_BUCKETS;
    while (buckets < this.pending && buckets < MAX_BUCKETS) buckets *= 2;
    const cur = Math.floor(t * inv);
    if (!(inv > 0 && inv < Infinity && Math.abs(cur) < MAX_BUCKET_NUMBER)) return;
    if (this.wheelOn && inv < 2 * this.inv && 2 * inv > this.inv && buckets < 4 * this.buckets && 4 * buckets > this.buckets) return;
    this.rebuild(inv, buckets, cur);
  }

  /**
   * Builds the wheel with 1 / width `inv`, `buckets` buckets, starting at bucket number `cur`, and
   * moves the groups of the former wheel into it (or into the heap, those past its end). The order
   * of a group's events and their keys are unchanged; a group moved into the heap is keyed by its
   * first event's sequence. With `buckets` 0 every group goes into the heap and the wheel is off.
   */
  private rebuild(inv: number, buckets: number, cur: number): void {
    const groups: number[] = [];
    for (let k = 0; k < this.buckets; k++) {
      for (let g = this.bHead[(this.curBucket + k) & this.mask]!; g >= 0; g = this.gNext[g]!) groups.push(g);
    }
    const wasOn = this.wheelOn;
    this.wheelOn = buckets > 0;
    this.inv = inv;
    this.cur = cur;
    this.curBucket = 0;
    this.buckets = buckets;
    this.mask = buckets - 1;
    this.bHead = new Int32Array(buckets).fill(-1);
    this.bBits = new Int32Array(buckets >> 5);
    const last = new Int32Array(buckets).fill(-1);
    for (const g of groups) {
      const time = this.sTime[g]!;
      const d = Math.floor(time * inv) - cur;
      if (d >= 0 && d < buckets) {
        // groups come in key order and buckets keep it: append at the bucket's end
        if (last[d]! < 0) {
          this.bHead[d] = g;
          this.bBits[d >> 5]! |= 1 << (d & 31);
        } else this.gNext[last[d]!] = g;
        this.gNext[g] = -1;
        last[d] = g;
        continue;
      }
      this.wheelGroups--;
      this.key[0] = time;
      this.key[1] = this.sPrio[g]!;
      this.siftUp(this.sSeq[g]!, g);
    }
    if (!wasOn) this.wheelGroups = 0;
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
