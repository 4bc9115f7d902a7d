/**
 * Bare mechanism of try 130 (H31ua, docs/fabric-model.md): hosts a0–a2 on switch u send SL 0 (VL 0, weight 32 = one
 * 2 KB packet a visit) over one link to switch s, where host b's SL 1 (VL 1, weight 96 = three packets) joins them for
 * host o. s's VL 0 buffer of that link holds only packets for o, so each of its heads that was queued as its
 * predecessor started is that predecessor's successor at the same output; VL 0's visit ends with every packet (its
 * weight spent), and b's ready VL 1 head then goes first.
 * Prints per SL the simulator's mean latency (5 replications, ± 95 % half-width) beside the model's, in transmissions x.
 *
 *     nice -n 10 npx tsx benchmarks/visit-end-bare.ts [rho1=0.45] [rho0=0.45]   (PACKETS=400000 by default 100,000; TRY130=1
 *     turns the try on, on branch i31ua-tried only; results in docs/fabric-model.md method change 130)
 */
import { fabricModelNetwork, solveFabric } from '../src/model/index.js';
import { simulate } from '../src/index.js';
import { TWO_SLS, trainIntoOne } from '../test/helpers/twoSls.js';

const MTU_S = (2048 * 8) / 2.5e9;
const [rho1 = 0.45, rho0 = 0.45] = process.argv.slice(2).map(Number);
const r1 = rho1 / MTU_S;
const r0 = rho0 / MTU_S;
const params = {
  topology: trainIntoOne(),
  ...TWO_SLS,
  flows: [
    ...[0, 1, 2].map((i) => ({ name: `a${i}-sl0`, source: `a${i}`, destination: 'o', sl: 0, traffic: { kind: 'poisson' as const, rate: r0 / 3 }, packetBytes: 2048 })),
    { name: 'b-sl1', source: 'b', destination: 'o', sl: 1, traffic: { kind: 'poisson' as const, rate: r1 }, packetBytes: 2048 },
  ],
};
const until = Number(process.env.PACKETS ?? 100000) / Math.min(r0, r1);
const sim = process.env.NOSIM ? { metrics: { latency: {} } } as never : simulate({ scenario: 'fabric', params } as never, { replications: 5, seed: 1, until, warmup: until / 5 }) as unknown as {
  metrics: { latency: Record<string, { mean: number; halfWidth?: number; ci95?: number }> };
};
const r = solveFabric(fabricModelNetwork(params as never));
for (const f of r.flows) {
  const s = sim.metrics.latency[f.name] ?? { mean: NaN };
  const hw = (s as Record<string, unknown>).halfWidth ?? (s as Record<string, unknown>).ci95 ?? JSON.stringify(s);
  console.log(`${f.name}: sim ${(s.mean / MTU_S / 1e6).toFixed(3)} x (± ${typeof hw === 'number' ? ((hw / s.mean) * 100).toFixed(2) + ' %' : hw}), model ${(f.latency / MTU_S / 1e6).toFixed(3)} x (${((f.latency / s.mean - 1) * 100).toFixed(1)} %)`);
}
