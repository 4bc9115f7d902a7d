/**
 * The engine's wheel of buckets (src/sim/engine/timingWheel.ts: groups opened near now go into a
 * bucket of a timing wheel, far ones into the heap) against an independent reference: a plain list
 * scanned for the smallest (time, priority, sequence) at every step. The workloads drive what the
 * wheel adds: events exactly on bucket boundaries and one double either side, far events (heap)
 * that tie with near ones (wheel), events posted before the wheel's current bucket, rebuilds when
 * the density of times changes (groups moved into the heap), a wheel that wraps around, long walks
 * in one bucket, priorities and cancellations inside buckets, negative and large times.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/index.js';
import { ListCalendar } from '../helpers/listCalendar.js';

/** The wheel's state, read for the tests' own checks (private fields). */
interface WheelState {
  wheelOn: boolean;
  pending: number;
  inv: number;
  buckets: number;
  cur: number;
  n: number;
}
const wheelOf = (e: Engine): WheelState => e as unknown as WheelState;

/** Adjacent doubles (x > 0 or x < 0, finite). */
function nextUp(x: number): number {
  const f = new Float64Array([x]);
  const i = new BigInt64Array(f.buffer);
  i[0] = x >= 0 ? i[0]! + 1n : i[0]! - 1n;
  return f[0]!;
}
function nextDown(x: number): number {
  return -nextUp(-x);
}

/** A child of an event: when, with what priority, closure or handler; a leaf posts no children. */
interface Child {
  readonly time: number;
  readonly priority: number;
  readonly closure: boolean;
  readonly leaf?: boolean;
  /** Posts exactly one leaf child at its own time and priority 0 when it runs (then nothing else). */
  readonly echo?: boolean;
}

/**
 * Runs a workload on the engine and on the reference: event `id` at time `now` posts the children
 * `children(id, now, wheel)` returns (`wheel`: the engine's wheel state when the engine runs it, the
 * same object read-only for both sides: the children must not depend on which side asks, so they
 * get the state the engine had when it ran that id); every 7th closure child cancels its closure
 * sibling posted just before it; a leaf child's own children are none, an echo child's one leaf. Stops at each of `stops`,
 * then runs dry; returns at the first stop where the two logs differ.
 */
function runBoth(
  start: number,
  initial: readonly { time: number; priority: number }[],
  children: (id: number, now: number, wheel: { inv: number; cur: number; buckets: number; pending: number }) => Child[],
  stops: readonly number[],
): { engine: string[]; reference: string[]; seen: { inv: Set<number>; heapUsed: boolean; wheelOn: boolean; stopped: boolean } } {
  const engine = new Engine(start);
  const ref = new ListCalendar(start);
  const engineLog: string[] = [];
  const refLog: string[] = [];
  const wheelAt = new Map<number, { inv: number; cur: number; buckets: number; pending: number }>();
  const seen = { inv: new Set<number>(), heapUsed: false, wheelOn: false, stopped: false };
  const leavesE = new Set<number>();
  const leavesR = new Set<number>();
  const echoesE = new Set<number>();
  const echoesR = new Set<number>();
  const echo = (id: number, now: number, echoes: Set<number>, leaves: Set<number>): Child[] | null =>
    echoes.has(id) ? [{ time: now, priority: 0, closure: false, leaf: true }] : leaves.has(id) ? [] : null;
  let nextE = initial.length;
  let nextR = initial.length;
  const fireE = (id: number): void => {
    engineLog.push(`${id}@${engine.now}`);
    const w = wheelOf(engine);
    const state = { inv: w.wheelOn ? w.inv : 0, cur: w.cur, buckets: w.buckets, pending: w.pending };
    wheelAt.set(id, state);
    if (seen.wheelOn && !w.wheelOn) seen.stopped = true;
    if (w.wheelOn) {
      seen.wheelOn = true;
      seen.inv.add(w.inv);
      if (w.n > 0) seen.heapUsed = true;
    }
    let last: ReturnType<Engine['schedule']> | null = null;
    for (const c of echo(id, engine.now, echoesE, leavesE) ?? children(id, engine.now, state)) {
      const child = nextE++;
      if (c.leaf === true) leavesE.add(child);
      if (c.echo === true) echoesE.add(child);
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
    // the same children as the engine's run of this id (the reference runs after the engine)
    for (const c of echo(id, ref.now, echoesR, leavesR) ?? children(id, ref.now, wheelAt.get(id) ?? { inv: 0, cur: 0, buckets: 0, pending: 0 })) {
      const child = nextR++;
      if (c.leaf === true) leavesR.add(child);
      if (c.echo === true) echoesR.add(child);
      const item = ref.add(c.time, c.priority, child);
      if (c.closure) {
        if (child % 7 === 0 && last !== null) last.cancelled = true;
        last = item;
      }
    }
  };
  initial.forEach((e, id) => {
    engine.post(e.time, h, id, 0, e.priority);
    ref.add(e.time, e.priority, id);
  });
  // stop at the first stop where the two differ (a wrong order may make the workloads diverge)
  for (const until of [...stops, Infinity]) {
    engine.run({ until });
    ref.run(until, fireR);
    if (engineLog.length !== refLog.length || engineLog.some((x, k) => x !== refLog[k])) break;
  }
  return { engine: engineLog, reference: refLog, seen };
}

/** An LCG seeded by `id`: the workloads' children depend on the id only. */
function lcg(id: number): () => number {
  let x = (Math.imul(id, 2654435761) + 12345) >>> 0;
  return () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x >>> 8;
  };
}

describe('Engine calendar: the wheel of buckets', () => {
  it('keeps the reference order for events on bucket boundaries and one double either side', () => {
    // a tied grid workload turns the wheel on; then every event also posts children at the start
    // of a bucket a few buckets ahead (k / inv), at the double before and the double after it, with
    // mixed priorities, some several times (equal keys in one bucket and across two buckets)
    const last = 40_000;
    const children = (id: number, now: number, w: { inv: number }): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const out: Child[] = [{ time: now + [1, 1, 2, 5, 11][r() % 5]!, priority: r() % 9 === 0 ? -1 : 0, closure: r() % 5 === 0 }];
      // at now, priority 0, then its echo at now: posted by the last event of the group (now, 0),
      // whose slot was just freed and is the table's entry for that key
      if (r() % 6 === 0) out.push({ time: now, priority: 0, closure: false, echo: true });
      if (w.inv > 0 && r() % 3 === 0) {
        const edge = (Math.floor(now * w.inv) + 1 + (r() % 4)) / w.inv;
        for (const t of [edge, nextDown(edge), nextUp(edge), edge]) {
          if (t >= now) out.push({ time: t, priority: r() % 4 === 0 ? 1 : 0, closure: r() % 4 === 0, leaf: true });
        }
      }
      return out;
    };
    const initial = Array.from({ length: 80 }, (_, k) => ({ time: (k % 7) + (k % 8) / 8, priority: 0 }));
    const { engine, reference, seen } = runBoth(0, initial, children, [100, 200.5, 300, 400, 500.5, 700, 1000, 1500]);
    expect(seen.wheelOn).toBe(true);
    expect(engine.length).toBeGreaterThan(0.9 * last);
    expect(engine).toEqual(reference);
  });

  it('orders far events (heap) against near ones (wheel) of the same time and priority', () => {
    // every 10th event posts one far ahead (past the wheel's end: the heap) at a time that later
    // near events hit exactly, with the same and with other priorities
    const last = 60_000;
    const children = (id: number, now: number): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const out: Child[] = [{ time: now + 1 + (r() % 3) + (r() % 8) / 8, priority: 0, closure: r() % 6 === 0 }];
      if (r() % 2 === 0) out.push({ time: now + 1 + (r() % 3) + (r() % 8) / 8, priority: r() % 5 === 0 ? -1 : 0, closure: false, leaf: true });
      if (id % 20 === 0) out.push({ time: Math.floor(now) + 500, priority: (r() % 3) - 1, closure: r() % 4 === 0, leaf: true });
      return out;
    };
    const initial = Array.from({ length: 100 }, (_, k) => ({ time: (k % 3) + (k % 8) / 8, priority: 0 }));
    const { engine, reference, seen } = runBoth(0, initial, children, [100, 300, 600, 1000, 1500, 2500.5, 4000]);
    expect(seen.wheelOn && seen.heapUsed).toBe(true);
    expect(engine).toEqual(reference);
  });

  it('keeps the order when the density of times changes (rebuilds move groups into the heap)', () => {
    // phase 1: delays ~1, tied on a grid; phase 2: continuous delays ~1e-3 (much narrower buckets:
    // the phase-1 events left over land past the new wheel's end); phase 3: delays ~50 (wider)
    const p1 = 30_000;
    const p2 = 90_000;
    const last = 130_000;
    const children = (id: number, now: number): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const out: Child[] = [];
      const count = r() % 3 === 0 ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const u = (r() + 1) / 2 ** 24;
        const time = id < p1 ? now + 1 + (r() % 4) : id < p2 ? now + 1e-3 * u : now + 50 * u;
        out.push({ time, priority: r() % 13 === 0 ? -1 : 0, closure: r() % 7 === 0, leaf: k > 0 });
      }
      // a few tied events far ahead in every phase
      if (id % 97 === 0) out.push({ time: Math.ceil(now) + 200, priority: 0, closure: false, leaf: true });
      return out;
    };
    const initial = Array.from({ length: 150 }, (_, k) => ({ time: k % 5, priority: 0 }));
    const { engine, reference, seen } = runBoth(0, initial, children, [100, 300, 1000, 1000.0005, 1000.001, 1000.003, 1000.01, 1000.03, 1000.1, 1001, 1003, 5000, 10000]);
    expect(seen.inv.size).toBeGreaterThan(2); // the wheel was built again with other widths
    expect(seen.heapUsed).toBe(true);
    expect(engine.length).toBeGreaterThan(0.9 * last);
    expect(engine).toEqual(reference);
  });

  it('keeps the order around the wheel: wrap-around, posts before its current bucket, long walks', () => {
    // Delays from 0 to about the wheel's span, so buckets are reused all round; an event often
    // posts at `now` with a smaller priority (before the rest of its bucket) and, after a far
    // (heap) event ran, between it and the wheel's next bucket; bursts of many distinct times in one
    // bucket force long walks
    const last = 60_000;
    const children = (id: number, now: number, w: { inv: number; buckets: number }): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const span = w.inv > 0 ? w.buckets / w.inv : 100;
      const out: Child[] = [{ time: now + (span * (r() % 1000)) / 900, priority: 0, closure: r() % 5 === 0 }];
      if (r() % 4 === 0) out.push({ time: now, priority: -1 - (r() % 2), closure: r() % 3 === 0, leaf: true });
      if (r() % 50 === 0 && w.inv > 0) {
        const base = (Math.floor(now * w.inv) + 3) / w.inv;
        for (let k = 0; k < 30; k++) out.push({ time: base + (k * 0.01) / w.inv, priority: k % 3 === 0 ? 1 : 0, closure: false, leaf: true });
      }
      if (r() % 30 === 0) out.push({ time: now + 3 * span, priority: 0, closure: false, leaf: true });
      return out;
    };
    const initial = Array.from({ length: 120 }, (_, k) => ({ time: k, priority: 0 }));
    const { engine, reference, seen } = runBoth(0, initial, children, [50, 100, 200, 400, 777.25, 1500, 3000]);
    expect(seen.wheelOn && seen.heapUsed).toBe(true);
    expect(engine).toEqual(reference);
  });

  it('keeps the order at negative and at large times', () => {
    for (const start of [-1e6 - 0.5, 1e12]) {
      const last = 40_000;
      const children = (id: number, now: number): Child[] => {
        if (id >= last) return [];
        const r = lcg(id);
        const delay = [0.5, 0.5, 1, 2.25][r() % 4]! + (r() % 8) / 8;
        const out: Child[] = [{ time: now + delay, priority: r() % 7 === 0 ? -1 : 0, closure: r() % 5 === 0 }];
        if (r() % 3 === 0) out.push({ time: now + (r() % 1000) * 1e-3, priority: 0, closure: false, leaf: true });
        return out;
      };
      const initial = Array.from({ length: 60 }, (_, k) => ({ time: start + (k % 4) * 0.5, priority: 0 }));
      const { engine, reference, seen } = runBoth(start, initial, children, [start + 100, start + 300, start + 1000, start + 3000]);
      expect(seen.wheelOn).toBe(true);
      expect(engine).toEqual(reference);
    }
  });

  it('keeps the order when the wheel stops (few pending events: groups go into the heap) and starts again', () => {
    // the population follows a target that alternates between 120 and 6 pending events every 2000
    // time units; tied times on a 1/8 grid, echoes at now (groups partly taken when the wheel
    // stops), priorities
    const last = 200_000;
    const children = (id: number, now: number, w: { pending: number }): Child[] => {
      if (id >= last) return [];
      const r = lcg(id);
      const target = Math.floor(now / 2000) % 2 === 0 ? 120 : 6;
      const count = w.pending < target ? 2 : w.pending > target && r() % 2 === 0 ? 0 : 1;
      const out: Child[] = [];
      for (let k = 0; k < count; k++) {
        out.push({ time: now + 1 + (r() % 3) + (r() % 8) / 8, priority: r() % 9 === 0 ? -1 : 0, closure: r() % 6 === 0 });
      }
      if (r() % 5 === 0) out.push({ time: now, priority: 0, closure: false, echo: true });
      return out;
    };
    const initial = Array.from({ length: 100 }, (_, k) => ({ time: (k % 3) + (k % 8) / 8, priority: 0 }));
    const { engine, reference, seen } = runBoth(0, initial, children, [1000, 2000, 3000, 4000, 5000, 6000, 7000]);
    expect(seen.stopped).toBe(true); // the wheel was on, then off
    expect(seen.inv.size).toBeGreaterThan(1);
    expect(engine).toEqual(reference);
  });
});
