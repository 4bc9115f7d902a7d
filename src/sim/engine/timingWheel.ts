/**
 * The event calendar's timing wheel: buckets over the near future, each a list of groups in key
 * order, in front of {@link GroupHeap}'s heap of groups (groupHeap.ts). calendar.ts holds the order
 * and the argument that the wheel keeps it, and chooses between the wheel and the heap.
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
 * them (WIDTH_PER_GAP), the number of buckets to BUCKETS_PER_PENDING × the pending events (a power of two), and the wheel
 * is built again (groups in order into the new buckets, those past its end into the heap keyed by
 * their first event's sequence) when the width is a factor 2 off or the buckets a factor 4; a walk
 * of more than LONG_WALK groups in one bucket ends the window early. With fewer than MIN_WHEEL_PENDING
 * events pending the wheel is stopped (all its groups go into the heap): a heap that small is
 * cheaper. None of it changes the order; it decides only where a group waits.
 */
import { GroupHeap } from './groupHeap.js';
// The slot record's layout, groupHeap.ts's SLOT_F … I_GNEXT, copied: an imported constant is a module
// variable that V8's optimized code loads at every use (measured: the fabric at k = 32 ran 20 % slower).
const F_PRIO = 1;
const F_SEQ = 2;
const F_TIME = 0;
const I_GNEXT = 10;
const I_NEXT = 6;
const SLOT_F = 6;
const SLOT_I = 12;

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
/**
 * Buckets per pending event (at least): the wheel then spans about four times the mean lead time of
 * the pending events (Little: pending = rate × lead, width = 1 / rate), so a transmission's end and a
 * source's next arrival fall inside it. With one bucket per event (until issue 32) the span was the
 * mean lead itself: at k = 32, 4.7 µs against a 6.5 µs transmission, and 29,000 of the 30,000
 * pending groups waited in the heap (benchmarks/README.md, issue 32).
 */
const BUCKETS_PER_PENDING = 4;
/**
 * A walk over more groups than this in one bucket ends the tuning window early. 8 until issue 32:
 * with the wider wheel, transmissions of one size at one rate end within a few ulps of each other
 * in clusters of distinct times, walks of 9 were common, and each early window measured a gap
 * inside a cluster (near 0), so the width swung by 2× and the wheel was rebuilt ~660 times per simulated ms.
 */
const LONG_WALK = 64;
const MAX_BUCKETS = 1 << 20;
/** Largest |bucket number| the wheel is built for (bucket numbers stay exact integers). */
const MAX_BUCKET_NUMBER = 2 ** 50;

/** The heap of groups with a timing wheel in front of it; `T`: the closure-event objects. */
export class TimingWheel<T> extends GroupHeap<T> {
  // the wheel (see the file header): on or not, 1 / bucket width, the bucket number of bucket
  // `curBucket` (an integer held in a double), the buckets' first groups, a bit per non-empty bucket
  protected wheelOn = false;
  protected inv = 0;
  protected cur = 0;
  protected curBucket = 0;
  protected mask = 0;
  protected buckets = 0;
  protected bHead: Int32Array<ArrayBuffer> = new Int32Array(0);
  private bBits: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Groups in the wheel. */
  protected wheelGroups = 0;
  /** Groups left to take in this tuning window, groups in the window, the time it started. */
  protected tuneLeft = FIRST_TUNE_WINDOW;
  private tuneLen = FIRST_TUNE_WINDOW;
  private tuneStart = NaN;

  /**
   * Opens a group of one for event `slot` (key in this.key, sequence `seq`) in bucket `b` of the
   * wheel, after the bucket's groups of smaller or equal key (an equal key's older groups: the new
   * one has the largest sequence).
   */
  protected wheelOpen(slot: number, seq: number, b: number): void {
    const time = this.key[0]!;
    const priority = this.key[1]!;
    const slotF = this.slotF;
    const slotI = this.slotI;
    slotF[slot * SLOT_F + F_TIME] = time;
    slotF[slot * SLOT_F + F_PRIO] = priority;
    this.slotF[slot * SLOT_F + F_SEQ] = seq;
    this.slotI[slot * SLOT_I + I_NEXT] = -1;
    this.wheelGroups++;
    let g = this.bHead[b]!;
    if (g < 0) {
      this.bHead[b] = slot;
      slotI[slot * SLOT_I + I_GNEXT] = -1;
      this.bBits[b >> 5]! |= 1 << (b & 31);
      return;
    }
    let prev = -1;
    let steps = 0;
    do {
      const gt = slotF[g * SLOT_F + F_TIME]!;
      if (gt > time || (gt === time && slotF[g * SLOT_F + F_PRIO]! > priority)) break;
      prev = g;
      g = slotI[g * SLOT_I + I_GNEXT]!;
      steps++;
    } while (g >= 0);
    slotI[slot * SLOT_I + I_GNEXT] = g;
    if (prev < 0) this.bHead[b] = slot;
    else slotI[prev * SLOT_I + I_GNEXT] = slot;
    // long walks: buckets too wide for the times pending; estimate the width again soon
    if (steps > LONG_WALK && this.tuneLeft > 0) {
      this.tuneLen -= this.tuneLeft;
      this.tuneLeft = 0;
    }
  }

  /** Removes the wheel's next event (the head of bucket curBucket) and returns its slot. */
  protected takeWheel(): number {
    const b = this.curBucket;
    const top = this.bHead[b]!;
    const next = this.slotI[top * SLOT_I + I_NEXT]!;
    if (next >= 0) {
      // the next event heads the group: it takes the group's link and first sequence (a rebuild
      // that stops the wheel moves a partly taken group into the heap with it)
      this.bHead[b] = next;
      this.slotI[next * SLOT_I + I_GNEXT] = this.slotI[top * SLOT_I + I_GNEXT]!;
      this.slotF[next * SLOT_F + F_SEQ] = this.slotF[top * SLOT_F + F_SEQ]!;
      return top;
    }
    const g = this.slotI[top * SLOT_I + I_GNEXT]!;
    this.bHead[b] = g;
    if (g < 0) this.bBits[b >> 5]! &= ~(1 << (b & 31));
    this.wheelGroups--;
    const t = this.slotF[top * SLOT_F + F_TIME]!;
    this.slotF[top * SLOT_F + F_TIME] = NaN; // no key equals NaN: `recent` no longer finds it
    if (--this.tuneLeft < 0) this.tune(t);
    return top;
  }

  /**
   * Moves curBucket (and cur) forward to the next non-empty bucket, which exists (wheelGroups > 0),
   * and returns it.
   */
  protected advance(): number {
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
  protected tune(t: number): void {
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
    while (buckets < BUCKETS_PER_PENDING * this.pending && buckets < MAX_BUCKETS) buckets *= 2;
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
      for (let g = this.bHead[(this.curBucket + k) & this.mask]!; g >= 0; g = this.slotI[g * SLOT_I + I_GNEXT]!) groups.push(g);
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
      const time = this.slotF[g * SLOT_F + F_TIME]!;
      const d = Math.floor(time * inv) - cur;
      if (d >= 0 && d < buckets) {
        // groups come in key order and buckets keep it: append at the bucket's end
        if (last[d]! < 0) {
          this.bHead[d] = g;
          this.bBits[d >> 5]! |= 1 << (d & 31);
        } else this.slotI[(last[d]!) * SLOT_I + I_GNEXT] = g;
        this.slotI[g * SLOT_I + I_GNEXT] = -1;
        last[d] = g;
        continue;
      }
      this.wheelGroups--;
      this.key[0] = time;
      this.key[1] = this.slotF[g * SLOT_F + F_PRIO]!;
      this.siftUp(this.slotF[g * SLOT_F + F_SEQ]!, g);
    }
    if (!wasOn) this.wheelGroups = 0;
  }
}
