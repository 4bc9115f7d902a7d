/**
 * The wheel's events in its buckets (src/sim/engine/wheelLines.ts, session 26): three events to a
 * 64-byte line, a bucket a chain of lines in key order, an event stored whole (priority 0 posts) or
 * naming a slot (closures, other priorities). Against the independent reference (a list scanned for
 * the smallest (time, priority, sequence)), workloads that drive what the layout can get wrong: a
 * bucket overflowing its line into a chain (puts between full lines, takes that empty the first
 * line), equal keys spread over the heap and the wheel when a rebuild moves the wheel's events into
 * the heap, and the pending posts of a wheel whose events are not in slots.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/index.js';
import { ListCalendar } from '../helpers/listCalendar.js';

/** The wheel's state (private fields), read for the tests' own checks and to aim posts at buckets. */
interface WheelState {
  readonly wheelOn: boolean;
  readonly inv: number;
  readonly buckets: number;
  readonly n: number;
}
const wheelOf = (e: Engine): WheelState => e as unknown as WheelState;

/** A child event: time, priority, closure (else a post), leaf (posts nothing when it runs). */
interface Child {
  readonly time: number;
  readonly priority: number;
  readonly closure: boolean;
  readonly leaf?: boolean;
}

/** An LCG seeded by `id`. */
function lcg(id: number): () => number {
  let x = (Math.imul(id, 2654435761) + 12345) >>> 0;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x >>> 8;
  };
}

/**
 * Runs a workload on the engine and the reference (each id's children computed once, from the engine's
 * wheel state when the engine ran it, and replayed on the reference); every 7th closure child cancels
 * the closure child before it. Returns both logs and what the engine's wheel did.
 */
function runBoth(initial: readonly number[], children: (id: number, now: number, w: WheelState) => Child[], stops: readonly number[]) {
  const engine = new Engine();
  const ref = new ListCalendar();
  const log: string[] = [];
  const refLog: string[] = [];
  const kids = new Map<number, Child[]>();
  const seen = { heapUsed: false, wheelOn: false, widths: new Set<number>() };
  let nextE = initial.length;
  let nextR = initial.length;
  const leaves = new Set<number>();
  const fireE = (id: number): void => {
    log.push(`${id}@${engine.now}`);
    const w = wheelOf(engine);
    if (w.wheelOn) {
      seen.wheelOn = true;
      seen.widths.add(w.inv);
      if (w.n > 0) seen.heapUsed = true;
    }
    const cs = leaves.has(id) ? [] : children(id, engine.now, w);
    kids.set(id, cs);
    let last: ReturnType<Engine['schedule']> | null = null;
    for (const c of cs) {
      const child = nextE++;
      if (c.leaf === true) leaves.add(child);
      if (c.closure) {
        const ev = engine.scheduleAt(c.time, () => fireE(child), c.priority);
        if (child % 7 === 0 && last !== null) engine.cancel(last);
        last = ev;
      } else engine.post(c.time, h, child, 0, c.priority);
    }
  };
  const h = engine.addHandler((id) => fireE(id));
  const fireR = (id: number): void => {
    refLog.push(`${id}@${ref.now}`);
    let last: { cancelled: boolean } | null = null;
    for (const c of kids.get(id) ?? []) {
      const child = nextR++;
      const item = ref.add(c.time, c.priority, child);
      if (c.closure) {
        if (child % 7 === 0 && last !== null) last.cancelled = true;
        last = item;
      }
    }
  };
  initial.forEach((t, id) => {
    engine.post(t, h, id, 0);
    ref.add(t, 0, id);
  });
  for (const until of [...stops, Infinity]) {
    engine.run({ until });
    ref.run(until, fireR);
    if (log.length !== refLog.length || log.some((x, k) => x !== refLog[k])) break;
  }
  return { log, refLog, seen };
}

describe('Engine calendar: crowded buckets, equal keys over the heap and the wheel, rebuilds', () => {
  it('keeps the order in crowded buckets (bursts of a few times, shuffled, several priorities, into the current bucket too)', () => {
    // a tied base load turns the wheel on; every 40th event then posts a burst of 4–40 events into one
    // bucket a few buckets ahead, in shuffled order, with repeated times, priorities −1/0/1 and
    // closures; some bursts go into the current bucket (at now and just after), between its takes
    const last = 60_000;
    const children = (id: number, now: number, w: WheelState): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const out: Child[] = [{ time: now + 1 + (r() % 3) + (r() % 8) / 8, priority: 0, closure: r() % 9 === 0 }];
      if (w.wheelOn && id % 40 === 0) {
        const ahead = r() % 4 === 0 ? 0 : 1 + (r() % 5);
        const base = Math.max(now, (Math.floor(now * w.inv) + ahead) / w.inv);
        const width = 1 / w.inv;
        const count = 4 + (r() % 37);
        for (let k = 0; k < count; k++) {
          const time = base + (width * (r() % 6)) / 7; // six distinct times in the bucket, repeated
          const p = r() % 5;
          out.push({ time, priority: p === 0 ? -1 : p === 1 ? 1 : 0, closure: r() % 6 === 0, leaf: true });
        }
      }
      return out;
    };
    const initial = Array.from({ length: 90 }, (_, k) => (k % 7) + (k % 8) / 8);
    const { log, refLog, seen } = runBoth(initial, children, [100, 333.3, 700, 1200, 2000]);
    expect(seen.wheelOn).toBe(true);
    expect(log.length).toBeGreaterThan(0.9 * last);
    expect(log).toEqual(refLog);
  });

  it('keeps the order of equal keys over the heap and the wheel across rebuilds that move the wheel into the heap', () => {
    // Keys on a grid of 10 time units are posted from far (the heap) and again when near (the wheel),
    // at two priorities; the density of the other events changes three times, so the wheel is built
    // again with other widths and its events (with keys still being posted) move into the heap
    const last = 120_000;
    const children = (id: number, now: number): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const phase = Math.floor(id / 30_000) % 3;
      const u = (r() + 1) / 2 ** 24;
      const delay = phase === 0 ? 1 + (r() % 4) : phase === 1 ? 0.01 * u : 5 * u;
      const out: Child[] = [{ time: now + delay, priority: 0, closure: r() % 7 === 0 }];
      if (r() % 3 === 0) {
        const grid = (Math.floor(now / 10) + 1 + (r() % 30)) * 10;
        out.push({ time: grid, priority: r() % 4 === 0 ? 1 : 0, closure: r() % 5 === 0, leaf: true });
      }
      return out;
    };
    const initial = Array.from({ length: 150 }, (_, k) => k % 5);
    const { log, refLog, seen } = runBoth(initial, children, [50, 200, 1000, 3000, 10_000]);
    expect(seen.widths.size).toBeGreaterThan(2);
    expect(seen.heapUsed).toBe(true);
    expect(log.length).toBeGreaterThan(0.9 * last);
    expect(log).toEqual(refLog);
  });

  it('lists the pending posts of a running wheel (pendingPosts)', () => {
    const engine = new Engine();
    const h = engine.addHandler((a, _b, e) => {
      if (a < 20_000) e.post(e.now + 1 + (a % 97) / 97, h, a + 1000, 7);
    });
    const other = engine.addHandler(() => undefined);
    for (let k = 0; k < 1000; k++) engine.post((k % 89) / 89, h, k, 7);
    engine.run({ until: 10 });
    expect(wheelOf(engine).wheelOn).toBe(true);
    const expected: [number, number][] = [];
    for (let k = 0; k < 50; k++) {
      engine.post(engine.now + 0.5 + (k % 9) * 0.25, h, 100_000 + k, 3 * k - 70);
      engine.post(engine.now + 0.5, other, k, k);
      expected.push([100_000 + k, 3 * k - 70]);
    }
    const got = engine.pendingPosts(h);
    const pairs: [number, number][] = [];
    for (let k = 0; k < got.length; k += 2) pairs.push([got[k]!, got[k + 1]!]);
    // every event of h pending: the 1000 chains' next posts (one each) and the 50 just posted
    expect(pairs.length).toBe(1050);
    expect(pairs.filter((p) => p[0] >= 100_000).sort((p, q) => p[0] - q[0])).toEqual(expected);
    expect(engine.pendingPosts(other).length).toBe(100);
  });
});
