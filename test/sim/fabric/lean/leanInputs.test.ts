/**
 * The lean engine's front door: options outside its subset are refused with an InvalidParameterError
 * naming the option (or flow field) and what the lean engine lacks; the standard checks still apply;
 * the `fabric` scenario's `engine` param selects it and gives the standard engine's metrics and keys.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError, simulate, singleSwitchTopology, type FabricOptions } from '../../../../src/index.js';
import { buildLeanFabric } from '../../../../src/sim/fabric/lean/index.js';

const poisson = { kind: 'poisson', rate: 50_000 } as const;
const base = (): FabricOptions => ({
  topology: singleSwitchTopology(3),
  flows: [
    { name: 'a', source: 'h0', destination: 'h1', traffic: poisson },
    { name: 'b', source: 'h1', destination: 'h2', traffic: poisson },
  ],
});

/** Expects building with `change` applied to throw an InvalidParameterError for `parameter` whose rule mentions `words`. */
function refused(change: (o: Record<string, unknown>) => void, parameter: string, words: string): void {
  const o = base() as unknown as Record<string, unknown>;
  change(o);
  let error: unknown = null;
  try {
    buildLeanFabric(o as unknown as FabricOptions);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(InvalidParameterError);
  expect((error as InvalidParameterError).parameter).toBe(parameter);
  expect((error as InvalidParameterError).rule).toContain(words);
}

const flow0 = (o: Record<string, unknown>): Record<string, unknown> => (o.flows as Record<string, unknown>[])[0]!;

describe('buildLeanFabric: options outside the lean subset', () => {
  it('a base case inside the subset builds and runs', () => {
    const fabric = buildLeanFabric(base());
    fabric.run(1e-4);
    expect(fabric.measurements().packetHops).toBeGreaterThan(0);
  });

  const cases: [string, (o: Record<string, unknown>) => void, string, string][] = [
    ['ECN marking', (o) => (o.marking = { kind: 'ecn' }), 'marking', 'no congestion marking'],
    ['virtual output queues', (o) => (o.inputQueueing = 'voq'), 'inputQueueing', 'FIFO input buffers only'],
    ['a shared input buffer', (o) => (o.inputBufferSharing = 'shared'), 'inputBufferSharing', 'no shared input buffers'],
    ['output buffers', (o) => (o.outputBufferBytes = 4096), 'outputBufferBytes', 'no output buffers'],
    ['multipath', (o) => (o.multipath = { paths: 2 }), 'multipath', 'no multipath'],
    ['a host receive cap', (o) => (o.hostReceiveGbps = 1), 'hostReceiveGbps', 'no host receive cap'],
    ['a host injection cap', (o) => (o.hostInjectionGbps = 1), 'hostInjectionGbps', 'no host injection cap'],
    ['a deadlock watchdog', (o) => (o.deadlockUs = 100), 'deadlockUs', 'no deadlock watchdog'],
    ['an unknown option', (o) => (o.turbo = true), 'options.turbo', 'absent'],
    ['rate control', (o) => (flow0(o).rateControl = { kind: 'lipd', rMin: 1 }), 'flows[0].rateControl', 'no congestion control'],
    ['uniform destinations', (o) => (flow0(o).destination = 'uniform'), 'flows[0].destination', 'one path per flow'],
    ['saturated sources', (o) => (flow0(o).traffic = { kind: 'saturated' }), 'flows[0].traffic', "'poisson'"],
    ['GE arrivals', (o) => (flow0(o).traffic = { kind: 'ge', rate: 1000, ca2: 4 }), 'flows[0].traffic', "'cbr'"],
    ['a packet-size law', (o) => (flow0(o).packetBytes = { kind: 'uniform', minBytes: 256, maxBytes: 2048 }), 'flows[0].packetBytes', 'a fixed size'],
    ['two flows from one host', (o) => ((o.flows as Record<string, unknown>[])[1]!.source = 'h0'), 'flows[1].source', 'no other flow'],
    ['flows on two VLs', (o) => ((o.flows as Record<string, unknown>[])[1]!.sl = 1), 'flows[1].sl', 'one VL in use'],
    ['exponential links', (o) => {
        const t = singleSwitchTopology(3);
        o.topology = { ...t, links: t.links.map((l) => ({ ...l, service: 'exponential' })) };
      }, 'links[0].service', 'no exponential links'],
    ['a standard check: a bad buffer size', (o) => (o.bufferBytes = 1000), 'bufferBytes', 'at least one MTU'],
    ['a standard check: a flow to itself', (o) => (flow0(o).destination = 'h0'), 'flows[0].destination', 'other than the source'],
  ];
  for (const [what, change, parameter, words] of cases) {
    it(`${what}: refused, naming ${parameter}`, () => refused(change, parameter, words));
  }

  it('run: a time before now or a bad warm-up is refused, naming it', () => {
    const fabric = buildLeanFabric(base());
    fabric.run(2e-5);
    expect(() => fabric.run(1e-5)).toThrow(InvalidParameterError);
    expect(() => buildLeanFabric(base()).run(1e-5, -1)).toThrow(/warmUp/);
  });
});

describe("the fabric scenario's engine param", () => {
  const spec = (engine?: string) => ({ scenario: 'fabric', params: { ...base(), ...(engine === undefined ? {} : { engine }) } });
  it("engine: 'lean' gives the standard engine's metrics under the same keys, equal to rounding", () => {
    const run = { seed: 9, replications: 5, until: 0.002, warmup: 0.0002 };
    const standard = simulate(spec(), run).metrics;
    const lean = simulate(spec('lean'), run).metrics;
    const flat = (m: typeof standard): Map<string, { mean: number; halfWidth: number }> =>
      new Map(Object.entries(m).flatMap(([metric, byKey]) => Object.entries(byKey as Record<string, { mean: number; halfWidth: number }>).map(([k, v]) => [`${metric}.${k}`, v] as const)));
    const s = flat(standard);
    const l = flat(lean);
    expect([...l.keys()].sort()).toEqual([...s.keys()].sort());
    for (const [key, m] of s) {
      expect(l.get(key)!.mean).toBeCloseTo(m.mean, 10);
      expect(l.get(key)!.halfWidth).toBeCloseTo(m.halfWidth, 10);
    }
    expect([...s.keys()]).toContain('utilization.S:2');
    expect([...s.keys()]).toContain('creditStall.h0');
    expect(s.get('throughput.a')!.mean).toBeGreaterThan(0);
  });

  it("engine: 'lean' outside the subset, or an unknown engine: refused naming params.engine or the option", () => {
    expect(() => simulate({ scenario: 'fabric', params: { ...base(), engine: 'turbo' } }, { replications: 2, until: 1e-4 })).toThrow(/engine/);
    expect(() => simulate({ scenario: 'fabric', params: { ...base(), engine: 'lean', marking: { kind: 'ecn' } } }, { replications: 2, until: 1e-4 })).toThrow(/marking/);
  });
});

describe('the lean record layout', () => {
  it("leanFabric.ts's copy of the layout is leanRecords.ts's", async () => {
    const records = await import('../../../../src/sim/fabric/lean/leanRecords.js');
    const { LEAN_RECORD_LAYOUT } = await import('../../../../src/sim/fabric/lean/leanFabric.js');
    for (const [name, value] of Object.entries(LEAN_RECORD_LAYOUT)) expect([name, (records as unknown as Record<string, number>)[name]]).toEqual([name, value]);
  });
});
