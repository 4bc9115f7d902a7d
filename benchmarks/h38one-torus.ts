/** Scratch (H38one): overload.test.ts's 4 × 4 torus at 2 × offered, the plain fixed point's convergence at 200 and 1,000 passes. */
import { meshTopology } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/index.js';
import { solveModel } from '../src/model/solve.js';
function torus(load: number, n = 4) {
  const topology = meshTopology(n, n, { rateGbps: 2.5, torus: true, datelines: true });
  const rate = (load * 2.5e9) / (2048 * 8) / 2;
  const flows = topology.hosts.flatMap((h) => [0, 1].map((q) => ({ name: `${h.name}-sl${q}`, source: h.name, destination: 'uniform', sl: q, traffic: { kind: 'poisson', rate }, packetBytes: 2048 })));
  const low = [0, 1, 2, 3].map((vl) => ({ vl, weight: vl < 2 ? 32 : 96 }));
  return fabricModelNetwork({ topology, vls: 4, slToVl: Array.from({ length: 16 }, (_, q) => (q < 2 ? 2 * q : 0)), arbitration: { high: [], low, limitOfHighPriority: 0 }, mtu: 2048, bufferBytes: 8192, switchLatencyNs: 100, cutThrough: true, flows } as never);
}
for (const passes of [200, 1000]) {
  const sm = solveModel(torus(2), 1e-7, passes, 0.5, 'plain') as unknown as { converged: boolean; iterations: number; residual: number };
  console.log(`passes ${passes}: converged ${sm.converged} iterations ${sm.iterations} residual ${sm.residual}`);
}
