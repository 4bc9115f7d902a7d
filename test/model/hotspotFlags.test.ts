/**
 * The fabric model's flags on Gran's hotspot set-up (issue 31, "where it fails is shown"): the
 * simulator's stored runs at radix 12 (test/fixtures/fabric-model/hotspot/, written by
 * benchmarks/fabric-model-reference/hotspot.ts) say which flows are hurt; the model must flag them.
 * Where it does not (the victims of the congestion tree: docs/fabric-model.md, "Where it fails"), the
 * test is kept as an expected failure, so a fix shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { FABRIC_MODEL_FIXTURES } from '../helpers/fabricModelReference.js';

interface Stored {
  readonly classes: Record<string, string>;
  readonly flows: Record<string, number[]>;
  readonly params: unknown;
}

const runs = (['off', 'on'] as const).flatMap((cc) => [0.3, 0.6].map((load) => [cc, load] as const));
const read = (cc: string, load: number) => JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', `radix12-cc${cc}-${load}.json`), 'utf8')) as Stored;
const model = (s: Stored) => new Map(solveFabric(fabricModelNetwork(s.params)).flows.map((f) => [f.name, f.flags]));
const names = (s: Stored, cls: string) => Object.keys(s.classes).filter((n) => s.classes[n] === cls);
/** Hurt in the simulator: under 95 % of its packets delivered, or a latency over twice the class-`other` median. */
const hurt = (s: Stored) => {
  const calm = names(s, 'other').map((n) => s.flows[n]![2]!).sort((a, b) => a - b);
  const median = calm[(calm.length - 1) >> 1]!;
  return (n: string) => s.flows[n]![4]! < 0.95 || s.flows[n]![2]! > 2 * median;
};

describe('fabric model flags on the hotspot runs (radix 12, 72 hosts)', () => {
  it.each(runs)('CC %s, load %d: every hotspot flow is hurt in the simulator and flagged saturated by the model', (cc, load) => {
    const s = read(cc, load);
    const flags = model(s);
    const isHurt = hurt(s);
    for (const n of names(s, 'hotspot')) {
      expect(isHurt(n), n).toBe(true);
      expect(flags.get(n), n).toContain('saturated');
    }
  });

  it.each(runs)('CC %s, load %d: rate-control on every flow exactly when CC is on', (cc, load) => {
    const s = read(cc, load);
    for (const [n, f] of model(s)) expect(f.includes('rate-control'), n).toBe(cc === 'on');
  });

  it.each(runs)('CC %s, load %d: no flow the simulator shows unhurt is flagged congestion-tree', (cc, load) => {
    const s = read(cc, load);
    const flags = model(s);
    const isHurt = hurt(s);
    // One exception measured: CC on, load 0.3, one victim flagged but not hurt (docs/fabric-model.md: 2 of 38 at radix 36).
    const wrong = Object.keys(s.classes).filter((n) => !isHurt(n) && flags.get(n)!.includes('congestion-tree'));
    expect(wrong.length, wrong.join(' ')).toBeLessThanOrEqual(cc === 'on' && load === 0.3 ? 1 : 0);
  });

  it.fails.each(runs.filter(([cc]) => cc === 'off'))('CC %s, load %d: every victim the simulator shows hurt is flagged congestion-tree or saturated (a known miss: docs/fabric-model.md)', (cc, load) => {
    const s = read(cc, load);
    const flags = model(s);
    const isHurt = hurt(s);
    for (const n of names(s, 'victim').filter(isHurt)) expect(flags.get(n)!.some((g) => g === 'congestion-tree' || g === 'saturated'), n).toBe(true);
  });
});

describe('fabric model on the hotspot run at radix 36 (648 hosts), where its fixed point diverges', () => {
  // At radix 36 the hotspot trees' queues run away (residual > 10⁶). The overload fallback of change 42
  // (one common scale for every flow) once answered that with every flow at the hotspots' 0.239 Gb/s; the
  // flows of class `other` cross no hotspot link and carry their whole offered rate in the simulator.
  it('CC off, load 0.6: every flow of class `other` that the simulator shows unhurt carries within 2 % of its throughput (stored run)', () => {
    const s = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', 'radix36-ccoff-0.6.json'), 'utf8')) as Stored;
    const r = solveFabric(fabricModelNetwork(s.params));
    expect(r.diagnostics.converged).toBe(false);
    const byName = new Map(r.flows.map((f) => [f.name, f]));
    const isHurt = hurt(s);
    const others = names(s, 'other').filter((n) => !isHurt(n));
    expect(others.length).toBeGreaterThan(50);
    for (const n of others) expect(Math.abs(byName.get(n)!.throughput / s.flows[n]![0]! - 1), n).toBeLessThan(0.02);
  }, 120_000);

  // The diverged iterate's waits on the capped flows' paths are the runaway's (2.2·10¹³ µs in median on the
  // hotspot flows before change 73): no such number may be printed as a latency. The simulator measured
  // for 15 ms (5 ms warm-up, 10 ms window): no packet it timed waited longer.
  it('CC off, load 0.6: every capped flow\'s latency is Infinity with the diverged reason, every other latency under the run\'s 15 ms (stored run)', () => {
    const s = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, 'hotspot', 'radix36-ccoff-0.6.json'), 'utf8')) as Stored;
    const r = solveFabric(fabricModelNetwork(s.params));
    expect(r.diagnostics.converged).toBe(false);
    const capped = r.flows.filter((f) => f.capped);
    expect(capped.length).toBeGreaterThan(500);
    for (const f of capped) {
      expect(f.latency, f.name).toBe(Infinity);
      expect(r.metrics.latency[f.name], f.name).toBe(Infinity);
      expect(f.flags, f.name).toEqual(expect.arrayContaining(['saturated', 'unstable', 'not-converged']));
      expect(f.reasons.some((x) => x.startsWith('fixed point diverged')), f.name).toBe(true);
    }
    for (const f of r.flows.filter((x) => Number.isFinite(x.latency))) expect(f.latency, f.name).toBeLessThan(15_000);
  }, 120_000);
});
