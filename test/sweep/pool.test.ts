import { afterAll, describe, expect, it } from 'vitest';
import { runExperiments } from '../../src/report/experiment.js';
import { thesisExperiments, thesisSimulators } from '../../src/report/thesis.js';
import { simulate } from '../../src/sim/index.js';
import { WorkerPool, simulateOnPool } from '../../src/sweep/index.js';

const pool = new WorkerPool(2);
afterAll(() => pool.close());

describe('simulateOnPool', () => {
  it('simulateOnPool(gege1n) → the same result as simulate(), bit for bit', async () => {
    const spec = { scenario: 'gege1n', params: { lambda: 5, mu: 8, capacity: 12, ca2: 3, cs2: 2 } };
    const options = { seed: 3, replications: 4, jobs: 20_000 };
    expect(await simulateOnPool(pool, spec, options)).toEqual(simulate(spec, options));
  }, 60_000);

  it('simulateOnPool(congestion-spreading) → the same result as simulate(), bit for bit', async () => {
    const spec = { scenario: 'congestion-spreading', params: { rateControl: 'fimd' } };
    const options = { seed: 2, replications: 2, until: 0.002 };
    expect(await simulateOnPool(pool, spec, options)).toEqual(simulate(spec, options));
  }, 60_000);

  it('bad params → the InvalidParameterError of simulate, before any thread runs', async () => {
    await expect(simulateOnPool(pool, { scenario: 'gege1n', params: { lambda: -1, mu: 1 } })).rejects.toThrow(/params\.lambda/);
  });

  it('new WorkerPool(0) → an error naming workers', () => {
    expect(() => new WorkerPool(0)).toThrow(/workers must be an integer in 1\.\.1024/);
  });
});

describe('runExperiments on the pool', () => {
  it('the thesis ET experiment with concurrency 2 on the pool → the same points as one after another in this thread', async () => {
    const et = thesisExperiments().filter((e) => e.id === 'entry-threshold');
    const options = { quick: true, seed: 4, replications: 2 };
    const here = await runExperiments(et, { ...options, simulators: thesisSimulators() });
    const there = await runExperiments(et, { ...options, simulators: thesisSimulators((spec, o) => simulateOnPool(pool, spec, o)), concurrency: 2 });
    expect(there.experiments[0]!.points).toEqual(here.experiments[0]!.points);
    expect(there.experiments[0]!.points.length).toBeGreaterThan(3);
  }, 120_000);
});
