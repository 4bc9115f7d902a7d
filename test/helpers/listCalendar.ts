/**
 * The reference calendar of the engine's tests (engineCalendar, engineWheel): an unsorted list; the
 * next event is found by a linear scan for the smallest (time, priority, sequence). Independent of
 * src/sim/engine: a few lines whose order is plainly the one the engine promises.
 */
export class ListCalendar {
  now: number;
  private seq = 0;
  private readonly items: { time: number; priority: number; seq: number; id: number; cancelled: boolean }[] = [];
  constructor(start = 0) {
    this.now = start;
  }
  add(time: number, priority: number, id: number): { cancelled: boolean } {
    const item = { time, priority, seq: this.seq++, id, cancelled: false };
    this.items.push(item);
    return item;
  }
  /** Runs everything before `until` in order, calling `fire` with each id. */
  run(until: number, fire: (id: number) => void): void {
    for (;;) {
      let best = -1;
      for (let k = 0; k < this.items.length; k++) {
        const a = this.items[k]!;
        const b = best < 0 ? null : this.items[best]!;
        if (b === null || a.time < b.time || (a.time === b.time && (a.priority < b.priority || (a.priority === b.priority && a.seq < b.seq)))) best = k;
      }
      if (best < 0 || !(this.items[best]!.time < until)) break;
      const [item] = this.items.splice(best, 1);
      if (item!.cancelled) continue;
      this.now = item!.time;
      fire(item!.id);
    }
    if (until !== Infinity) this.now = until;
  }
}
