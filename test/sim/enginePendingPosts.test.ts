import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/index.js';

/** The pairs (a, b) of a pendingPosts answer, sorted (it promises no order). */
function pairs(x: Int32Array): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k < x.length; k += 2) out.push([x[k]!, x[k + 1]!]);
  return out.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

describe('Engine.pendingPosts (the fabric credit audit reads the wires from it)', () => {
  it('lists the posted events of one handler not yet run, none of another handler, and none run or freed', () => {
    const engine = new Engine();
    const seen: number[] = [];
    const h1 = engine.addHandler((a) => seen.push(a));
    const h2 = engine.addHandler(() => undefined);
    for (let i = 0; i < 10; i++) engine.post(i, h1, i, 100 + i);
    engine.post(3.5, h2, 7, 7);
    engine.schedule(4.5, () => undefined);
    engine.run({ until: 5 }); // runs h1's 0 … 4 (times 0 … 4), h2's and the closure
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(pairs(engine.pendingPosts(h1))).toEqual([5, 6, 7, 8, 9].map((i) => [i, 100 + i]));
    expect(engine.pendingPosts(h2).length).toBe(0);
    // freed slots are reused: a new post is listed once, the freed ones never
    engine.post(20, h1, 42, -1);
    expect(pairs(engine.pendingPosts(h1))).toEqual([...[5, 6, 7, 8, 9].map((i): [number, number] => [i, 100 + i]), [42, -1]]);
    engine.run();
    expect(engine.pendingPosts(h1).length).toBe(0);
  });

  it('inside a handler, the event being run is no longer pending', () => {
    const engine = new Engine();
    let during: [number, number][] = [];
    const h = engine.addHandler((a, _b, e) => {
      if (a === 1) during = pairs(e.pendingPosts(h));
    });
    engine.post(1, h, 1, 10);
    engine.post(2, h, 2, 20);
    engine.run();
    expect(during).toEqual([[2, 20]]);
  });
});
