/**
 * The FIFO wait of an input buffer split over a busy and an idle output (docs/fabric-model.md method change 145, H33sp;
 * measurement 140's bare mechanism, benchmarks/merge-bare.ts --split): against the simulator's reference
 * test/fixtures/floor/split_fifo_reference.json (10 replications of 150,000 packets per flow and load, written by
 * `npx tsx benchmarks/merge-bare.ts 0.10 0.15 0.20 0.21 --split --reps 10 --packets 150000 --json …`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { raisedHead } from '../../src/model/queues/heads.js';
import { MTU_US, mergeBare } from '../helpers/mergeBare.js';

interface Reference { points: { lambdaX: number; flows: Record<string, { mean: number; halfWidth: number }> }[] }
const ref = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'floor', 'split_fifo_reference.json'), 'utf8')) as Reference;

function model(lx: number): Record<string, number> {
  const r = solveFabric(fabricModelNetwork(mergeBare(lx, true, true).params as never));
  expect(r.diagnostics.converged).toBe(true);
  return Object.fromEntries(r.flows.map((f) => [f.name, f.latency / MTU_US]));
}

describe('a buffer split over a busy and an idle output waits behind the busy output\'s heads (change 145, H33sp)', () => {
  it('the reference is tight enough to score: every flow\'s 95 % half-width within 2 % of its mean', () => {
    expect(ref.points.map((p) => p.lambdaX)).toEqual([0.1, 0.15, 0.2, 0.21]);
    for (const p of ref.points) for (const v of Object.values(p.flows)) expect(v.halfWidth).toBeLessThanOrEqual(0.02 * v.mean);
  });

  it('q, bound for the idle output behind p\'s heads, within 4 % of the simulator at every load up to busy output 0.84 (before: −16.5 % at 0.80, −21.3 % at 0.84)', () => {
    for (const p of ref.points) {
      const q = model(p.lambdaX).q!;
      expect(Math.abs(q / p.flows.q!.mean - 1)).toBeLessThan(0.04);
    }
  });

  it('the flows that meet the busy output keep their latencies: p, b, c-1 and d within 5 % at every load', () => {
    for (const p of ref.points) {
      const m = model(p.lambdaX);
      for (const f of ['p', 'b', 'c-1', 'd']) expect(Math.abs(m[f]! / p.flows[f]!.mean - 1), `${f} at λx ${p.lambdaX}`).toBeLessThan(0.05);
    }
  });

  it('raisedHead: the extra on the waiting heads alone (exact arithmetic)', () => {
    // h = 0.5, E[h²] = 1, a = 0.25 on heads that wait with probability 0.5: E[H²] = 1 + (2·0.25·0.5 + 0.0625)/0.5 = 1.625.
    expect(raisedHead(0.5, 1, 0.25, 0.5)).toEqual([0.75, 1.625]);
    expect(raisedHead(0.5, 1, 0, 0.5)).toEqual([0.5, 1]);
  });
});
