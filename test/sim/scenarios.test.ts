/**
 * The scenario registry as another module (the fabric) uses it: register a scenario with its own
 * options and run lengths, then run it through simulate() and `ibqos sim`.
 */
import { describe, expect, it } from 'vitest';
import {
  canonicalKey,
  deriveSeed,
  InvalidParameterError,
  knownKeys,
  oneOf,
  parseResultJson,
  plainObject,
  positiveRate,
  registerScenario,
  scenarioPointSimulator,
  scenarioNames,
  simulate,
} from '../../src/index.js';
import { runCli } from '../helpers/cli.js';

interface ToyParams {
  readonly rateControl: 'none' | 'pipd';
  readonly rate: number;
}

// A toy "fabric" scenario: two flows whose throughput is a noisy function of the options.
registerScenario<ToyParams>({
  name: 'toy-flows',
  description: 'a test scenario: two flows',
  parse(params) {
    const p = plainObject('params', params);
    knownKeys('params', p, ['rateControl', 'rate']);
    return {
      rateControl: p.rateControl === undefined ? 'none' : oneOf('rateControl', p.rateControl, ['none', 'pipd'] as const),
      rate: p.rate === undefined ? 1 : positiveRate('rate', p.rate),
    };
  },
  replicate(params, context) {
    const noise = context.streams.stream('noise', context.replication);
    const until = context.length.until!;
    const local = params.rate * (params.rateControl === 'pipd' ? 2 : 1) + 0.01 * (noise.next() - 0.5);
    return { metrics: { throughput: { local, remote: params.rate / 2 + 0.01 * (noise.next() - 0.5) } }, simulatedTime: until, events: 10 };
  },
  lengths: ['until'],
  defaultLength: { until: 5 },
  cliOptions: [
    { flag: '--rate-control <name>', param: 'rateControl', kind: 'string', description: "'none' or 'pipd'" },
    { flag: '--rate <r>', param: 'rate', kind: 'number', description: 'a rate' },
  ],
});

// A scenario with a time unit of its own (ms) and a metric the glossary does not know.
registerScenario<Record<string, never>>({
  name: 'toy-units',
  description: 'a test scenario: its own units',
  parse: () => ({}),
  replicate: (_p, context) => ({ metrics: { goodput: 1 + context.replication }, simulatedTime: context.length.until!, events: 1 }),
  lengths: ['until'],
  timeUnit: 'ms',
  metricUnits: 'goodput kB/ms',
});

describe('registering a scenario', () => {
  it('`ibqos sim` shows a scenario\'s own time unit and, for metrics the glossary lacks, its units line; µs options are refused', async () => {
    const r = await runCli(['sim', '--scenario', 'toy-units', '--until', '3', '--replications', '2']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^scenario toy-units: seed 1, 2 replications of 3 ms after a warm-up of 0\.3 ms\nsimulated time 6 ms /);
    expect(r.out).toMatch(/^units: goodput kB\/ms$/m);
    const us = await runCli(['sim', '--scenario', 'toy-units', '--until-us', '3']);
    expect(us.code).toBe(2);
    expect(us.err).toMatch(/--until-us must be absent: scenario 'toy-units' counts time in a unit of its own, not µs/);
  });


  it('simulate() runs it by name, with intervals keyed as its metrics', () => {
    expect(scenarioNames()).toContain('toy-flows');
    const r = simulate({ scenario: 'toy-flows', params: { rateControl: 'pipd', rate: 3 } }, { seed: 2, replications: 5 });
    const t = r.metrics as unknown as { throughput: { local: { mean: number; halfWidth: number } } };
    expect(Math.abs(t.throughput.local.mean - 6)).toBeLessThan(0.01);
    expect(t.throughput.local.halfWidth).toBeGreaterThan(0);
    expect(r.run).toMatchObject({ length: { until: 5 }, warmup: 0.5, simulatedTime: 25, events: 50 });
  });

  it('its run lengths and params are checked, errors named', () => {
    expect(() => simulate({ scenario: 'toy-flows' }, { jobs: 100 })).toThrow("options.jobs must be absent: scenario 'toy-flows' runs by until");
    expect(() => simulate({ scenario: 'toy-flows', params: { rateControl: 'fimd' } })).toThrow(/params.rateControl must be one of 'none', 'pipd'/);
  });

  it('`ibqos sim --scenario toy-flows --rate-control pipd --json` gives throughput.local as an interval', async () => {
    const r = await runCli(['sim', '--scenario', 'toy-flows', '--rate-control', 'pipd', '--rate', '2', '--until', '3', '--json']);
    expect(r.code, r.err).toBe(0);
    const json = parseResultJson(r.out) as { throughput: { local: { mean: number } }; params: ToyParams; run: { length: { until: number } } };
    expect(Math.abs(json.throughput.local.mean - 4)).toBeLessThan(0.01);
    expect(json.params).toEqual({ rateControl: 'pipd', rate: 2 });
    expect(json.run.length).toEqual({ until: 3 });
    const wrong = await runCli(['sim', '--scenario', 'toy-flows', '--mu1', '3']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/--mu1 must be absent: not an option of scenario 'toy-flows' \(its options: --rate-control, --rate\)/);
  });

  it('names must be new and well formed', () => {
    const def = { name: 'toy-flows', description: '', parse: (p: unknown) => p, replicate: () => ({ metrics: 0, simulatedTime: 0, events: 0 }) };
    expect(() => registerScenario(def)).toThrow(InvalidParameterError);
    expect(() => registerScenario({ ...def, name: 'Bad Name' })).toThrow(/definition.name/);
  });
});

describe('scenarioPointSimulator', () => {
  it('simulates a report point through a scenario: metrics as intervals, quick runs shorter', () => {
    const sim = scenarioPointSimulator('credit-tandem', (p: { m: number }) => ({ downstreamCapacity: p.m }), { full: 4000, quick: 1000 });
    const a = sim({ m: 3 }, { seed: 1, replications: 3, quick: true }) as unknown as { throughput: { mean: number; halfWidth: number } };
    expect(a.throughput.mean).toBeGreaterThan(0);
    expect(a.throughput.halfWidth).toBeGreaterThan(0);
    expect(sim({ m: 3 }, { seed: 1, replications: 3, quick: false })).not.toEqual(a);
    expect(sim({ m: 3 }, { seed: 1, replications: 3, quick: true })).toEqual(a);
    expect(() => scenarioPointSimulator('gege1n', () => ({}), { full: 0 })).toThrow(/jobs.full/);
  });

  it('each point runs with its own seed derived from the base seed and its params (independent points)', () => {
    const sim = scenarioPointSimulator('gege1n', (p: { lambda: number }) => ({ lambda: p.lambda, mu: 1, capacity: 5 }), { quick: 2000 });
    const at = (lambda: number, seed: number): unknown => sim({ lambda }, { seed, replications: 2, quick: true });
    const derived = deriveSeed(1, canonicalKey({ scenario: 'gege1n', params: { lambda: 0.5, mu: 1, capacity: 5 } }));
    expect(derived).not.toBe(1);
    const alone = simulate({ scenario: 'gege1n', params: { lambda: 0.5, mu: 1, capacity: 5 } }, { seed: derived, replications: 2, jobs: 2000 });
    expect(at(0.5, 1)).toEqual(alone.metrics);
    expect(at(0.5, 2)).not.toEqual(at(0.5, 1));
  });
});
