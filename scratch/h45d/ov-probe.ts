
import { meshTopology } from '../../src/index.js';
import { fabricModelNetwork } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
{
  const topology = meshTopology(4, 4, { rateGbps: 2.5, torus: true, datelines: true });
  const rate = (2 * 2.5e9) / (2048 * 8) / 2;
  const flows = topology.hosts.flatMap((h) => [0, 1].map((q) => ({ name: `${h.name}-sl${q}`, source: h.name, destination: 'uniform', sl: q, traffic: { kind: 'poisson' as const, rate }, packetBytes: 2048 })));
  const low = [0, 1, 2, 3].map((vl) => ({ vl, weight: vl < 2 ? 32 : 96 }));
  const net = fabricModelNetwork({ topology, vls: 4, slToVl: Array.from({ length: 16 }, (_, q) => (q < 2 ? 2 * q : 0)), arbitration: { high: [], low, limitOfHighPriority: 0 }, mtu: 2048, bufferBytes: 8192, switchLatencyNs: 100, cutThrough: true, flows });
  const sm = solveModel(net, 1e-7, 200, 0.5, 'plain') as any;
  console.log('converged', sm.converged, 'iterations', sm.iterations, 'residual', sm.residual, Object.keys(sm).join(','));
}
