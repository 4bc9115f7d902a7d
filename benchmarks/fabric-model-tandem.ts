/**
 * The fabric model on the network where an exact answer exists: one Poisson flow h0 → S → h1,
 * exponential links, store-and-forward, no delays — the credit chain of thesis ch. 4. Prints the
 * decomposition's own numbers (what the model would say without its exact path, tandem.ts) beside
 * the chain's exact solution (src/credit), and their relative errors: the figures of
 * docs/fabric-model.md ("Where the model is exact").
 *
 *     npx tsx benchmarks/fabric-model-tandem.ts
 */
import { solveCreditChain } from '../src/credit/index.js';
import { fabricModelNetwork } from '../src/model/index.js';
import { modelResult } from '../src/model/results/assemble.js';
import { solveModel } from '../src/model/solve.js';
import { singleSwitchTopology } from '../src/network/index.js';
import { solveMergeChain } from '../src/model/exact/exactMerge.js';
import { solveTwoSwitchChain, twoSwitchScenario, TWO_SWITCH_CASES, type TwoSwitchChainParams } from '../src/model/exact/exactTwoSwitch.js';

const cases = [
  [5, 6, 8, 12, 2],
  [5, 6, 8, 12, 4],
  [2, 3, 4, 2, 2],
  [4, 6, 5, 8, 1],
  [1, 6, 8, 4, 1],
] as const;
console.log('λ μ1 μ2 n m | W decomposition, exact, error | X decomposition, exact, error   (rates per µs, W in µs)');
for (const [lambda, mu1, mu2, n, m] of cases) {
  const topo = singleSwitchTopology(2);
  const links = topo.links.map((l, i) => ({ ...l, delayNs: 0, service: 'exponential' as const, rateGbps: ((i === 0 ? mu1 : mu2) * 2048 * 8) / 1e3 }));
  const params = { topology: { ...topo, links }, vls: 1, switchLatencyNs: 0, cutThrough: false, bufferBytes: 2048 * m, flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: lambda * 1e6 }, sendQueuePackets: n }] };
  const f = modelResult(solveModel(fabricModelNetwork(params), 1e-10, 500, 0.5)).flows[0]!;
  const c = solveCreditChain({ lambda, mu1, mu2, upstreamCapacity: n, downstreamCapacity: m });
  const x = (f.throughput * 1e3) / (2048 * 8);
  const e = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
  console.log(`${lambda} ${mu1} ${mu2} ${n} ${m} | ${f.latency.toFixed(4)} ${c.responseTime.toFixed(4)} ${e(f.latency, c.responseTime)} | ${x.toFixed(4)} ${c.throughput.toFixed(4)} ${e(x, c.throughput)}`);
}

// Two flows merging at one switch output (src/model/exact/exactMerge.ts): h0 → S → h2, h1 → S → h2.
console.log('\ntwo flows into one output: λ per flow, μ host links, μ2 output, n, m | W decomposition, exact, error | X per flow decomposition, exact, error');
for (const [lambda, mu, mu2, n, m] of [
  [0.2, 1, 1, 4, 1],
  [0.3, 1, 1, 4, 2],
  [0.4, 1, 1, 6, 2],
  [0.2, 1, 0.6, 4, 1],
  [0.35, 2, 1, 5, 2],
] as const) {
  const topo = singleSwitchTopology(3);
  const links = topo.links.map((l, i) => ({ ...l, delayNs: 0, service: 'exponential' as const, rateGbps: ((i < 2 ? mu : mu2) * 2048 * 8) / 1e3 }));
  const flows = ['h0', 'h1'].map((h) => ({ name: h, source: h, destination: 'h2', traffic: { kind: 'poisson', rate: lambda * 1e6 }, sendQueuePackets: n }));
  const f = modelResult(solveModel(fabricModelNetwork({ topology: { ...topo, links }, vls: 1, switchLatencyNs: 0, cutThrough: false, bufferBytes: 2048 * m, flows }), 1e-10, 500, 0.5)).flows[0]!;
  const c = solveMergeChain({ lambda: [lambda, lambda], mu: [mu, mu], mu2, n, m });
  const x = (f.throughput * 1e3) / (2048 * 8);
  const e = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
  console.log(`${lambda} ${mu} ${mu2} ${n} ${m} | ${f.latency.toFixed(4)} ${c.responseTime[0].toFixed(4)} ${e(f.latency, c.responseTime[0])} | ${x.toFixed(4)} ${c.throughput[0].toFixed(4)} ${e(x, c.throughput[0])}`);
}

// Two switches in a row (src/model/exact/exactTwoSwitch.ts): h0, h1 → S1 → S2 → h3, h2 joining at S2.
console.log('\ntwo switches: λ0 λ1 λ2, μ host links, μ12, μout, n, m (states) | per flow: W decomposition, exact, error; X decomposition, exact, error');
for (const p of [...TWO_SWITCH_CASES, { lambda: [0.1, 0.1, 0.3], mu: [1, 1, 1], mu12: 0.6, muOut: 1, n: 1, m: 2 } satisfies TwoSwitchChainParams]) {
  const c = solveTwoSwitchChain(p);
  const r = modelResult(solveModel(fabricModelNetwork(twoSwitchScenario(p)), 1e-10, 500, 0.5));
  const e = (a: number, b: number) => `${(((a - b) / b) * 100).toFixed(1)} %`;
  const cells = r.flows.map((f) => {
    const i = Number(f.name.slice(1));
    const x = (f.throughput * 1e3) / (2048 * 8);
    return `${f.name}: ${f.latency.toFixed(3)} ${c.responseTime[i]!.toFixed(3)} ${e(f.latency, c.responseTime[i]!)}; ${x.toFixed(4)} ${c.throughput[i]!.toFixed(4)} ${e(x, c.throughput[i]!)}`;
  });
  console.log(`${p.lambda.join(' ')}, ${p.mu.join('/')}, ${p.mu12}, ${p.muOut}, ${p.n}, ${p.m} (${c.states}) | ${cells.join(' | ')}`);
}
