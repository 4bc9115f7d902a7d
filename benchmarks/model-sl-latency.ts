/**
 * The model's mean latency per SL, in transmissions x, of one of sim-case-params.ts's set-ups (entries 344, 367–368:
 * heads.test.ts's one switch `switch8-2sl` and its `wrr4to4-2sl`), beside the simulator's means when given (`--sim`,
 * one per SL, in x: the test's references, e.g. switch8-2sl 0.6 5.791,3.055 and wrr4to4-2sl 0.6 4.86,2.655).
 *
 *     npx tsx benchmarks/model-sl-latency.ts [CASE] [LOAD] [--sim A,B]
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/index.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const simAt = args.indexOf('--sim');
const sim = simAt >= 0 ? args.splice(simAt, 2)[1]!.split(',').map(Number) : [];
const [name = 'switch8-2sl', label = '0.6'] = args;
const { params } = simCaseParams(name, label, 0);
const result = solveFabric(fabricModelNetwork(params as never));
const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet at 2.5 Gb/s, µs (latencies are in µs)
for (const sl of [0, 1]) {
  const flows = result.flows.filter((f) => f.name.endsWith(`sl${sl}`));
  const model = flows.reduce((sum, f) => sum + f.latency, 0) / flows.length / MTU_US;
  const ref = sim[sl];
  const error = ref === undefined ? '' : `  simulator ${ref} x, error ${((model / ref - 1) * 100).toFixed(1)} %`;
  console.log(`${name} ${label} SL ${sl}: model ${model.toFixed(3)} x${error}`);
}
