/**
 * The engine's grouped calendar (src/sim/engine/calendar.ts) against an independent reference: a
 * plain list scanned for the smallest (time, priority, sequence) at every step, written here in a
 * few lines. Workloads chosen to stress what the groups add to a heap: many events per time (ties),
 * more distinct pending keys than the table of recent groups has entries (so one key gets several
 * groups), priorities mixed inside one time, events scheduled at the current time while its group
 * is being run, cancellations inside groups, and runs stopped and resumed at `until`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/index.js';
import { ListCalendar } from '../helpers/listCalendar.js';
import * as slotLayout from '../../src/sim/engine/groupHeap.js';

/** What a workload does when event `id` runs: its children (delay, priority, closure or not, cancel one). */
interface Child {
  readonly delay: number;
  readonly priority: number;
  readonly closure: boolean;
}

/** A deterministic workload: event `id`'s children depend only on `id` (an LCG seeded by it). */
function childrenOf(id: number, delays: readonly number[], maxId: number): Child[] {
  let x = (id * 2654435761 + 12345) >>> 0;
  const next = (): number => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return x >>> 8;
  };
  if (id >= maxId) return [];
  const count = next() % 3; // 0, 1 or 2 children: the population wanders
  const out: Child[] = [];
  for (let k = 0; k < count; k++) {
    const r = next();
    out.push({ delay: delays[r % delays.length]!, priority: r % 11 === 0 ? -1 : r % 13 === 0 ? 0.5 : 0, closure: r % 5 === 0 });
  }
  return out;
}

/**
 * Runs the workload on the engine and on the reference, stopping at each of `stops` then running
 * dry; every 7th closure child cancels its closure sibling scheduled just before it, if any.
 */
function runBoth(delays: readonly number[], initial: number, maxId: number, stops: readonly number[]): { engine: string[]; reference: string[] } {
  const engineLog: string[] = [];
  const refLog: string[] = [];
  let nextIdE = initial;
  let nextIdR = initial;
  const engine = new Engine();
  const ref = new ListCalendar();
  const fireE = (id: number): void => {
    engineLog.push(`${id}@${engine.now}`);
    let last: ReturnType<Engine['schedule']> | null = null;
    for (const c of childrenOf(id, delays, maxId)) {
      const child = nextIdE++;
      if (c.closure) {
        const ev = engine.schedule(c.delay, () => fireE(child), c.priority);
        if (child % 7 === 0 && last !== null) engine.cancel(last);
        last = ev;
      } else engine.post(engine.now + c.delay, h, child, 0, c.priority);
    }
  };
  const h = engine.addHandler((id) => fireE(id));
  const fireR = (id: number): void => {
    refLog.push(`${id}@${ref.now}`);
    let last: { cancelled: boolean } | null = null;
    for (const c of childrenOf(id, delays, maxId)) {
      const child = nextIdR++;
      const item = ref.add(ref.now + c.delay, c.priority, child);
      if (c.closure) {
        if (child % 7 === 0 && last !== null) last.cancelled = true;
        last = item;
      }
    }
  };
  for (let id = 0; id < initial; id++) {
    const t = delays[id % delays.length]! * (id % 3);
    engine.post(t, h, id, 0);
    ref.add(t, 0, id);
  }
  for (const until of [...stops, Infinity]) {
    engine.run({ until });
    ref.run(until, fireR);
  }
  return { engine: engineLog, reference: refLog };
}

describe('Engine calendar (groups of one time and priority)', () => {
  it('runs a tie-heavy workload in the reference order: quantised delays, mixed priorities, zero delays, cancellations, stops', () => {
    // integer delays from a small set: ~10 events per pending time, as in the switch fabric
    const { engine, reference } = runBoth([0, 1, 1, 4, 4, 4, 10, 11], 60, 6000, [7, 7, 30.5, 100]);
    expect(engine.length).toBeGreaterThan(3000);
    expect(engine).toEqual(reference);
  });

  it('stays in order when the pending keys outnumber the table of recent groups (one key, several groups)', () => {
    // 5000 distinct times, each posted to four times in turn: the 1024-entry table loses most keys
    // between their posts, so most keys get several groups
    const engine = new Engine();
    const got: number[] = [];
    const h = engine.addHandler((i) => got.push(i));
    const times = 5000;
    const expected: { t: number; p: number; i: number }[] = [];
    for (let i = 0; i < 4 * times; i++) {
      const t = (i * 7919) % times;
      const p = i % 17 === 0 ? -2 : 0;
      engine.post(t, h, i, 0, p);
      expected.push({ t, p, i });
    }
    expect(engine.calendarSize).toBe(4 * times);
    engine.run();
    expected.sort((a, b) => a.t - b.t || a.p - b.p || a.i - b.i);
    expect(got).toEqual(expected.map((e) => e.i));
    expect(engine.calendarSize).toBe(0);
  });

  it('an event posted for now during the current time joins it after the events already due then', () => {
    const engine = new Engine();
    const log: string[] = [];
    const h = engine.addHandler((a, _b, e) => {
      log.push(`${a}@${e.now}`);
      if (a < 3) e.post(e.now, h, a + 10, 0); // same time, same priority: after a, b, c
      if (a === 1) e.post(e.now, h, 99, 0, -1); // smaller priority: before the rest of this time
    });
    for (const a of [1, 2, 3]) engine.post(5, h, a, 0);
    engine.run();
    expect(log).toEqual(['1@5', '99@5', '2@5', '3@5', '11@5', '12@5']);
  });
});

describe('Engine calendar windows that skip the table of recent keys', () => {
  it('keeps the reference order across windows with and without the table, with a key pending across them', () => {
    // A hold model of 50 events: ids below 90 000 post their child at a continuous (fractional)
    // time, never tied, so the calendar's windows stop using the table; later ids post on an integer
    // grid, tied, so it uses the table again. Every 500th id also posts an event at T = 1e7 (one key
    // pending throughout, inserted in every kind of window), after every other event.
    const engine = new Engine();
    const ref = new ListCalendar();
    const T = 1e7;
    const last = 200_000;
    const got: number[] = [];
    const want: number[] = [];
    const modes = new Set<string>();
    const childOf = (id: number, now: number): { time: number; priority: number } => {
      const x = Math.imul(id, 2654435761) >>> 8;
      if (id < 90_000) return { time: now + (x + 1) / 2 ** 23, priority: 0 };
      return { time: Math.floor(now) + 1 + [0, 0, 1, 3][x & 3]!, priority: x % 11 === 0 ? -1 : 0 };
    };
    let nextE = 50;
    const h = engine.addHandler((id) => {
      got.push(id);
      modes.add(`${id < 90_000 ? 'continuous' : 'tied'}:${String((engine as unknown as { lookups: boolean }).lookups)}`);
      if (id >= T) return;
      if (id % 500 === 0) engine.post(T, h, T + id, 0);
      if (id >= last) return;
      const c = childOf(id, engine.now);
      engine.post(c.time, h, nextE++, 0, c.priority);
    });
    let nextR = 50;
    const fireR = (id: number): void => {
      want.push(id);
      if (id >= T) return;
      if (id % 500 === 0) ref.add(T, 0, T + id);
      if (id >= last) return;
      const c = childOf(id, ref.now);
      ref.add(c.time, c.priority, nextR++);
    };
    for (let id = 0; id < 50; id++) {
      engine.post(id / 7, h, id, 0);
      ref.add(id / 7, 0, id);
    }
    engine.run({ until: 5000 });
    ref.run(5000, fireR);
    engine.run();
    ref.run(Infinity, fireR);
    expect(got.length).toBeGreaterThan(last);
    expect(got).toEqual(want);
    // the workload did drive the calendar through both kinds of window
    expect(modes).toContain('continuous:false');
    expect(modes).toContain('tied:true');
  });
});

describe('Engine handler ids', () => {
  it('a handler receives the id it was posted to, so one function can serve several ids', () => {
    const engine = new Engine();
    const seen: [number, number][] = [];
    const one = (a: number, _b: number, _e: Engine, id: number): void => void seen.push([id, a]);
    const ids = [engine.addHandler(one), engine.addHandler(one), engine.addHandler(one)];
    engine.post(1, ids[2]!, 20, 0);
    engine.post(2, ids[0]!, 0, 0);
    engine.post(3, ids[1]!, 10, 0);
    engine.run();
    expect(seen).toEqual([
      [ids[2], 20],
      [ids[0], 0],
      [ids[1], 10],
    ]);
  });
});

describe('event slot record layout', () => {
  it('calendar.ts, timingWheel.ts and engine.ts copy groupHeap.ts\'s slot constants with the same values', () => {
    const names = ['SLOT_F', 'F_TIME', 'F_PRIO', 'F_SEQ', 'SLOT_I', 'I_NEXT', 'I_HANDLER', 'I_A', 'I_B', 'I_GNEXT'] as const;
    let copies = 0;
    for (const file of ['calendar', 'timingWheel', 'engine']) {
      const text = readFileSync(new URL(`../../src/sim/engine/${file}.ts`, import.meta.url), 'utf8');
      for (const m of text.matchAll(/^const (\w+) = (\d+);$/gm)) {
        if (!(names as readonly string[]).includes(m[1]!)) continue;
        copies++;
        expect(Number(m[2]), `${file}.ts ${m[1]}`).toBe(slotLayout[m[1] as (typeof names)[number]]);
      }
    }
    expect(copies).toBeGreaterThanOrEqual(15);
  });
});
