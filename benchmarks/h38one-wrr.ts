/** Scratch (H38one): heads.test.ts's wrr4to4 switch at 0.6, the model's SL means in x beside the test's simulator numbers. */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/solve.js';
import { wrrSwitchParams } from './fabric-model-wrr-switch.js';
const sim = [4.86, 2.655];
const res = solveFabric(fabricModelNetwork(wrrSwitchParams(0.6).params as never));
for (const sl of [0, 1]) {
  const fl = res.flows.filter((f) => f.name.endsWith(`sl${sl}`));
  const model = fl.reduce((z, f) => z + f.latency, 0) / fl.length / 6.5536;
  console.log(`SL${sl} model ${model.toFixed(3)} sim ${sim[sl]} ${((model / sim[sl]! - 1) * 100).toFixed(1)} %`);
}
