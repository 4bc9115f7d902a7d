import { describe, expect, it } from 'vitest';
import { Engine, InvalidParameterError } from '../../src/index.js';

describe('Engine', () => {
  it('runs events in time order whatever the scheduling order', () => {
    const engine = new Engine();
    const log: number[] = [];
    for (const t of [5, 1, 3, 2, 4]) engine.schedule(t, (e) => log.push(e.now));
    engine.run();
    expect(log).toEqual([1, 2, 3, 4, 5]);
  });

  it('equal times → smaller priority first, then scheduling order (sequence)', () => {
    const engine = new Engine();
    const log: string[] = [];
    engine.schedule(1, () => log.push('p0-a'));
    engine.schedule(1, () => log.push('p1-a'), 1);
    engine.schedule(1, () => log.push('p-1'), -1);
    engine.schedule(1, () => log.push('p0-b'));
    engine.schedule(1, () => log.push('p1-b'), 1);
    engine.run();
    expect(log).toEqual(['p-1', 'p0-a', 'p0-b', 'p1-a', 'p1-b']);
  });

  it('an event scheduled with delay 0 from an action runs after those already due at that time', () => {
    const engine = new Engine();
    const log: string[] = [];
    engine.schedule(1, (e) => {
      log.push('a');
      e.schedule(0, () => log.push('c'));
    });
    engine.schedule(1, () => log.push('b'));
    engine.run();
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('heap order holds for many random events (checked against a sort)', () => {
    const engine = new Engine();
    const expected: [number, number, number][] = [];
    const got: [number, number, number][] = [];
    let x = 12345;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const t = x % 50;
      const p = (x >> 8) % 3;
      expected.push([t, p, i]);
      engine.schedule(t, (e) => got.push([e.now, p, i]), p);
    }
    engine.run();
    expected.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(got).toEqual(expected);
  });

  it('run({ until }) runs events before until, leaves those at until, and sets the clock', () => {
    const engine = new Engine();
    const log: number[] = [];
    for (const t of [1, 2, 3]) engine.schedule(t, (e) => log.push(e.now));
    const out = engine.run({ until: 2 });
    expect(log).toEqual([1]);
    expect(out).toEqual({ reason: 'until', time: 2, events: 1 });
    expect(engine.now).toBe(2);
    expect(engine.run({ until: 10 }).events).toBe(2);
  });

  it('run({ maxEvents }) and run({ stopWhen }) stop where asked; an empty calendar says so', () => {
    const engine = new Engine();
    let count = 0;
    const tick = (e: Engine): void => {
      count++;
      e.schedule(1, tick);
    };
    engine.schedule(0, tick);
    expect(engine.run({ maxEvents: 7 })).toEqual({ reason: 'maxEvents', time: 6, events: 7 });
    expect(engine.run({ stopWhen: () => count === 10 }).reason).toBe('condition');
    expect(count).toBe(10);
    const idle = new Engine();
    idle.schedule(3, () => undefined);
    expect(idle.run()).toEqual({ reason: 'empty', time: 3, events: 1 });
  });

  it('cancel() removes a pending event; pending reflects it', () => {
    const engine = new Engine();
    const log: number[] = [];
    const a = engine.schedule(1, () => log.push(1));
    engine.schedule(2, () => log.push(2));
    engine.cancel(a);
    expect(a.pending).toBe(false);
    expect(engine.peek()).toBe(2);
    engine.run();
    expect(log).toEqual([2]);
    expect(engine.step()).toBe(false);
  });

  it('bad input → InvalidParameterError naming the parameter, nothing scheduled', () => {
    const engine = new Engine();
    expect(() => engine.schedule(-1, () => undefined)).toThrow(InvalidParameterError);
    expect(() => engine.schedule(NaN, () => undefined)).toThrow(/delay/);
    expect(() => engine.schedule(Infinity, () => undefined)).toThrow(/delay/);
    expect(() => engine.schedule(1, () => undefined, NaN)).toThrow(/priority/);
    expect(() => engine.scheduleAt(-1, () => undefined)).toThrow(/time/);
    expect(() => engine.run({ until: -1 })).toThrow(/until/);
    expect(() => engine.run({ maxEvents: 1.5 })).toThrow(/maxEvents/);
    expect(() => engine.run({ untill: 3 } as never)).toThrow(/options.untill/);
    expect(engine.calendarSize).toBe(0);
  });
});

describe('Engine handler events (addHandler + post)', () => {
  it('share the (time, priority, sequence) order with closure events (checked against a sort)', () => {
    const engine = new Engine();
    const expected: [number, number, number][] = [];
    const got: [number, number, number][] = [];
    const h = engine.addHandler((i, p, e) => got.push([e.now, p, i]));
    let x = 987;
    for (let i = 0; i < 3000; i++) {
      x = (x * 1103515245 + 12345) % 2147483648;
      const t = x % 40;
      const p = (x >> 8) % 3;
      expected.push([t, p, i]);
      if (i % 2 === 0) engine.post(t, h, i, p, p);
      else engine.schedule(t, (e) => got.push([e.now, p, i]), p);
    }
    engine.run();
    expected.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    expect(got).toEqual(expected);
    expect(engine.eventsProcessed).toBe(3000);
  });

  it('handlers post further events; cancelled closure events among them are skipped', () => {
    const engine = new Engine();
    const log: string[] = [];
    const h = engine.addHandler((a, b, e) => {
      log.push(`h${a}@${e.now}`);
      if (b > 0) e.post(e.now + 1, h, a + 1, b - 1);
    });
    engine.post(0, h, 0, 3);
    const c = engine.schedule(1.5, () => log.push('cancelled'));
    engine.schedule(2, () => log.push('c@2'), -1);
    engine.cancel(c);
    expect(engine.run({ until: 3 })).toEqual({ reason: 'until', time: 3, events: 4 });
    expect(log).toEqual(['h0@0', 'h1@1', 'c@2', 'h2@2']);
    engine.run();
    expect(log).toEqual(['h0@0', 'h1@1', 'c@2', 'h2@2', 'h3@3']);
    expect(engine.calendarSize).toBe(0);
  });

  it('bad input → InvalidParameterError naming the parameter, nothing scheduled', () => {
    const engine = new Engine();
    const h = engine.addHandler(() => undefined);
    expect(() => engine.addHandler(3 as never)).toThrow(/handler/);
    expect(() => engine.post(-1, h, 0, 0)).toThrow(/time/);
    expect(() => engine.post(NaN, h, 0, 0)).toThrow(/time/);
    expect(() => engine.post(1, h + 1, 0, 0)).toThrow(/handler/);
    expect(() => engine.post(1, h, 0.5, 0)).toThrow(/\ba\b/);
    expect(() => engine.post(1, h, 0, 2 ** 31)).toThrow(/\bb\b/);
    expect(() => engine.post(1, h, 0, 0, Infinity)).toThrow(/priority/);
    expect(engine.calendarSize).toBe(0);
  });
});
