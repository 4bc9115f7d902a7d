import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { InvalidParameterError } from '../../src/core/errors.js';

// The adaptive damping (src/model/fixedPoint/damping.ts, docs/models.md §13.7) against the solve with ω throughout,
// both measured against the fixed point solved to 1e-13 (a relation between solves, no value of the code's own).
const DIR = join(import.meta.dirname, '..', 'fixtures', 'fabric-model');
const scenario = JSON.parse(readFileSync(join(DIR, 'scenarios', '4ary2tree-transpose-1sl.json'), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
const network = (pps: number, inputQueueing: string) => fabricModelNetwork({ ...scenario.params, inputQueueing, flows: scenario.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) });
/** Largest relative difference of a flow's latency between two solves. */
const apart = (a: ReturnType<typeof solveFabric>, b: ReturnType<typeof solveFabric>) => Math.max(...a.perFlow.latency.map((x, i) => Math.abs(x - b.perFlow.latency[i]!) / b.perFlow.latency[i]!));

describe('solveFabric: adaptive damping', () => {
  // 4ary2tree transpose, 1 SL, virtual output queues, at 50 % and 70 % of the simulated saturation load
  // (the reference fixture's points): the damped residual halves at every step there.
  it.each([25558.4716796875, 35781.86035156249])('VoQ at %d packets/s: fewer iterations, converged, and no farther from the 1e-13 fixed point than ω = 0.5 throughout', (pps) => {
    const net = network(pps, 'voq');
    const plain = solveFabric(net, { adaptiveDamping: false });
    const adaptive = solveFabric(net);
    const tight = solveFabric(net, { adaptiveDamping: false, tolerance: 1e-13, maxIterations: 2000 });
    expect(tight.diagnostics.converged).toBe(true);
    expect(adaptive.diagnostics.converged).toBe(true);
    expect(adaptive.diagnostics.residual).toBeLessThan(1e-7);
    expect(adaptive.diagnostics.iterations).toBeLessThan(plain.diagnostics.iterations);
    expect(apart(adaptive, tight)).toBeLessThanOrEqual(apart(plain, tight));
    expect(adaptive.flows.map((f) => f.flags.join())).toEqual(plain.flows.map((f) => f.flags.join()));
  });

  it('with ω = 1 there is nothing to adapt: the same solve either way', () => {
    const net = network(35781.86035156249, 'voq');
    const a = solveFabric(net, { damping: 1 });
    const b = solveFabric(net, { damping: 1, adaptiveDamping: false });
    expect(a.diagnostics.iterations).toBe(b.diagnostics.iterations);
    expect([...a.perFlow.latency]).toEqual([...b.perFlow.latency]);
  });

  it('a non-boolean adaptiveDamping is refused naming the option', () => {
    const net = network(25558.4716796875, 'voq');
    expect(() => solveFabric(net, { adaptiveDamping: 'yes' as unknown as boolean })).toThrow(InvalidParameterError);
    expect(() => solveFabric(net, { adaptiveDamping: 'yes' as unknown as boolean })).toThrow(/adaptiveDamping/);
  });
});
