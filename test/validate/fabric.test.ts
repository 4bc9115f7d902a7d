import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { singleSwitchTopology } from '../../src/network/index.js';
import { parseFlowResults, validateFabric } from '../../src/validate/index.js';

const params = {
  topology: singleSwitchTopology(3),
  vls: 1,
  flows: [
    { name: 'a', source: 'h0', destination: 'h2', traffic: { kind: 'poisson', rate: 50000 } },
    { name: 'b', source: 'h1', destination: 'h2', traffic: { kind: 'poisson', rate: 50000 } },
  ],
};

describe('validateFabric: per-flow results against the analytic model', () => {
  const model = solveFabric(fabricModelNetwork(params)).metrics;

  it("the model's own latencies → every flow passes with error 0; 20 % off → fails at tolerance 0.1", () => {
    const same = validateFabric(params, { latency: new Map(Object.entries(model.latency)) });
    expect(same.pass).toBe(true);
    expect(same.summary.latency!.max).toBe(0);
    const off = validateFabric(params, { latency: new Map(Object.entries(model.latency).map(([k, v]) => [k, v * 1.2])) });
    expect(off.pass).toBe(false);
    expect(off.summary.latency!.median).toBeCloseTo(0.2, 12);
  });

  it('CSV and JSON (the simulator’s --json shape) read the same values; errors name file, line and field', () => {
    const csv = parseFlowResults('# mine\nflow,latency\na,10\nb,11\n', 'r.csv', 'csv');
    const json = parseFlowResults(JSON.stringify({ metrics: { latency: { a: { mean: 10, halfWidth: 0.1 }, b: 11 } } }), 'r.json', 'json');
    expect([...csv.latency!]).toEqual([...json.latency!]);
    expect(() => parseFlowResults('flow,latency\na,x\n', 'r.csv', 'csv')).toThrow(/r\.csv: line 2, latency/);
    expect(() => parseFlowResults('name,latency\na,1\n', 'r.csv', 'csv')).toThrow(/column named flow/);
    expect(() => validateFabric(params, { latency: new Map([['zz', 1]]) })).toThrow(/latency\.zz/);
  });
});
