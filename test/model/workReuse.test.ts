/**
 * The compiled model and its work arrays kept with a front-end network (compile.ts `compiledModel`,
 * work.ts; session 13, H31v): a later solve of the same network, a solve of another network in
 * between, or other options must not change an earlier answer or a later one. The reference is a
 * network built afresh from the same parameters (compiled once, its work arrays new), so every number
 * must be the same bit for bit — independent of what the code computes, only of its being computed
 * alike (the lead's review of session 13).
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric, type FabricModelResult } from '../../src/model/index.js';
import { readReferenceCase, scenarioAtPoint } from '../helpers/fabricModelReference.js';

const paramsOf = (name: string, point: number) => {
  const c = readReferenceCase(name);
  return scenarioAtPoint(c, c.points[point]!).params;
};
const numbers = (r: FabricModelResult) => r.flows.map((f) => [f.name, f.throughput, f.latency, f.creditWait, ...f.queueingPerHop]);

describe('solves of one front-end network share its compiled model and work arrays without changing any answer', () => {
  it('same network solved again, another network and other options in between, the first result read last: every number equal to a fresh network’s', () => {
    const pA = paramsOf('4ary2tree-uniform-2sl', 3);
    const pB = paramsOf('4ary2tree-transpose-1sl', 2);
    const a = fabricModelNetwork(pA);
    const first = solveFabric(a); // its per-flow records are built on first access: read below, after the others
    solveFabric(fabricModelNetwork(pB));
    const plain = solveFabric(a, { adaptiveDamping: false });
    const again = solveFabric(a);
    const fresh = solveFabric(fabricModelNetwork(pA));
    const freshPlain = solveFabric(fabricModelNetwork(pA), { adaptiveDamping: false });
    expect(numbers(first)).toEqual(numbers(fresh));
    expect(numbers(again)).toEqual(numbers(fresh));
    expect(numbers(plain)).toEqual(numbers(freshPlain));
    expect(first.diagnostics).toEqual(fresh.diagnostics);
  }, 60_000);

  it('one VL with virtual output queues and two packet sizes (session 14: the VL shares kept per compiled model, θ by running totals, the rates in the work arrays): a second solve equals a fresh network’s', () => {
    const base = paramsOf('4ary2tree-transpose-1sl', 3);
    const p = { ...base, inputQueueing: 'voq', flows: (base.flows as object[]).map((f, i) => ({ ...f, packetBytes: i % 2 ? 1024 : 2048 })) };
    const a = fabricModelNetwork(p);
    const first = solveFabric(a);
    solveFabric(fabricModelNetwork(paramsOf('4ary2tree-uniform-2sl', 2)));
    const again = solveFabric(a);
    const fresh = solveFabric(fabricModelNetwork(p));
    expect(numbers(again)).toEqual(numbers(fresh));
    expect(numbers(first)).toEqual(numbers(fresh));
    expect(again.diagnostics).toEqual(fresh.diagnostics);
  }, 60_000);

  it('a front-end network is frozen, its ports too: a change in place cannot leave the kept model stale', () => {
    const a = fabricModelNetwork(paramsOf('4ary2tree-uniform-2sl', 1));
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a.ports)).toBe(true);
    expect(a.ports.every((p) => Object.isFrozen(p))).toBe(true);
    expect(Object.isFrozen(a.flows)).toBe(true);
  });
});
