/** wrr4to4 (heads.test.ts change-170 test set-up) per-SL model latency in x against the test's simulator values (entries 367–368). */
import { fabricModelNetwork, solveFabric } from '../src/model/index.js';
import { wrrSwitchParams } from './fabric-model-wrr-switch.js';
const MTU_US = (2048 * 8) / 2.5e3;
const res = solveFabric(fabricModelNetwork(wrrSwitchParams(0.6).params as never));
const sim = [4.86, 2.655];
for (const sl of [0, 1]) { const fl = res.flows.filter((f) => f.name.endsWith(`sl${sl}`)); const m = fl.reduce((z, f) => z + f.latency, 0) / fl.length / MTU_US; console.log(`wrr4to4 SL ${sl}: ${m.toFixed(3)} (${((m / sim[sl]! - 1) * 100).toFixed(1)} %)`); }
