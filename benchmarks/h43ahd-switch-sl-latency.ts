/** One switch (switch8-2sl, heads.test.ts set-up) per-SL model latency in x beside the simulator (entry 344); H43lo aid, copied for entries 367–368. */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/index.js';
import { simCaseParams } from './sim-case-params.js';
const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const r = solveFabric(fabricModelNetwork(params as never));
const x = (2048 * 8) / 2.5e3; // µs (latencies are in µs)
for (const sl of [0, 1]) { const f = r.flows.filter((f: any) => f.name.endsWith(`sl${sl}`)); console.log(`SL ${sl}: ${(f.reduce((a: number, f: any) => a + f.latency, 0) / f.length / x).toFixed(3)} x  (sim 5.791 / 3.055)`); }
