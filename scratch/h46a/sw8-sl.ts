// H45d: the model's per-SL mean latency (x) at heads.test.ts's 8-port switch, 0.6 (simulator, session 21: SL 0 5.781, SL 1 3.050 x).
import { fabricModelNetwork } from '../../src/model/index.js';
import { solveFabric } from '../../src/model/solve.js';
const x = (2048 * 8) / 2.5e3;
const rate = 0.6 / 2 / (x * 1e-6);
const params = {
  topology: { switches: [{ name: 's', ports: 8 }], hosts: Array.from({ length: 8 }, (_, i) => ({ name: `h${i}` })), links: Array.from({ length: 8 }, (_, i) => ({ a: `h${i}`, b: `s:${i + 1}`, rateGbps: 2.5 })) },
  vls: 2, slToVl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }], limitOfHighPriority: 0 },
  mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true,
  flows: Array.from({ length: 8 }, (_, i) => [0, 1].map((sl) => ({ name: `h${i}-sl${sl}`, source: `h${i}`, destination: 'uniform', sl, traffic: { kind: 'poisson', rate }, packetBytes: 2048 }))).flat(),
};
const r = solveFabric(fabricModelNetwork(params as never));
for (const sl of [0, 1]) {
  const m = r.flows.filter((f) => f.name.endsWith(`sl${sl}`)).reduce((a, f) => a + f.latency, 0) / 8;
  console.log(`SL ${sl}: ${(m / x).toFixed(3)} x (${(m / x / (sl === 0 ? 5.781 : 3.05) * 100 - 100).toFixed(1)} % against session 21's simulator)`);
}
