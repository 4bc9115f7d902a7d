/**
 * Numbers for pairs of non-negative integers (a, b), 0, 1, 2, … in the order first seen: an
 * open-addressing hash table that doubles as it fills (a Map of 10⁶ numeric keys was the slow part of
 * compiling the model). Used for the route nodes (channel, next node) and the turns (in, out).
 */
export class PairIndex {
  private size: number;
  private keyA: Int32Array;
  private keyB: Int32Array;
  private id: Int32Array;
  private firstA: Int32Array;
  private firstB: Int32Array;
  /** Pairs numbered so far. */
  count = 0;

  /** `expected`: about how many pairs there will be (the table is made that large at once rather than doubled to it). */
  constructor(expected = 0) {
    let size = 1 << 12;
    while (size < 2 * expected) size *= 2;
    this.size = size;
    this.keyA = new Int32Array(size).fill(-1);
    this.keyB = new Int32Array(size);
    this.id = new Int32Array(size);
    this.firstA = new Int32Array(size >> 1);
    this.firstB = new Int32Array(size >> 1);
  }

  private slot(a: number, b: number): number {
    const mask = this.size - 1;
    let slot = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b)) & mask;
    while (this.keyA[slot] !== -1 && (this.keyA[slot] !== a || this.keyB[slot] !== b)) slot = (slot + 1) & mask;
    return slot;
  }

  /** The number of (a, b), a new one if the pair is new. */
  of(a: number, b: number): number {
    let slot = this.slot(a, b);
    if (this.keyA[slot] !== -1) return this.id[slot]!;
    if (2 * (this.count + 1) > this.size) {
      this.grow();
      slot = this.slot(a, b);
    }
    this.keyA[slot] = a;
    this.keyB[slot] = b;
    this.id[slot] = this.count;
    this.firstA[this.count] = a;
    this.firstB[this.count] = b;
    return this.count++;
  }

  /** The pairs in number order: a[k], b[k] of pair k. */
  pairs(): { readonly a: Int32Array; readonly b: Int32Array } {
    return { a: this.firstA.slice(0, this.count), b: this.firstB.slice(0, this.count) };
  }

  private grow(): void {
    this.size *= 2;
    this.keyA = new Int32Array(this.size).fill(-1);
    this.keyB = new Int32Array(this.size);
    this.id = new Int32Array(this.size);
    const a = new Int32Array(this.size >> 1);
    const b = new Int32Array(this.size >> 1);
    a.set(this.firstA.subarray(0, this.count));
    b.set(this.firstB.subarray(0, this.count));
    this.firstA = a;
    this.firstB = b;
    for (let k = 0; k < this.count; k++) {
      const slot = this.slot(a[k]!, b[k]!);
      this.keyA[slot] = a[k]!;
      this.keyB[slot] = b[k]!;
      this.id[slot] = k;
    }
  }
}
