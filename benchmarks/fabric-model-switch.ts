/**
 * One switch, the fabric model's head-of-line case alone (docs/models.md §13.4–13.5): eight hosts on
 * one 8-port switch with FIFO input buffers of four 2 KB packets, uniform Poisson traffic (each packet
 * to another host at random), 2.5 Gb/s links, cut-through; the model's mean latency beside the
 * simulator's (five replications, 12,000 packets per host measured) at 0.30, 0.45 and 0.55 of the
 * link (an 8 × 8 FIFO switch saturates near 0.62: Karol, Hluchyj and Morgan 1987, Table I).
 *
 *     nice -n 10 npx tsx benchmarks/fabric-model-switch.ts [--loads 0.3,0.45,0.55]
 */
import { simulate } from '../src/index.js';
import { fabricModelNetwork, solveFabric } from '../src/model/index.js';

const args = process.argv.slice(2);
const at = args.indexOf('--loads');
const loads = (at >= 0 ? args[at + 1]! : '0.3,0.45,0.55').split(',').map(Number);
const N = 8;
const RATE_GBPS = 2.5;
const BYTES = 2048;

function params(load: number) {
  const pps = (load * RATE_GBPS * 1e9) / (BYTES * 8);
  return {
    topology: {
      switches: [{ name: 's', ports: N }],
      hosts: Array.from({ length: N }, (_, i) => ({ name: `h${i}` })),
      links: Array.from({ length: N }, (_, i) => ({ a: `h${i}`, b: `s:${i + 1}`, rateGbps: RATE_GBPS })),
    },
    vls: 1,
    arbitration: { high: [], low: [{ vl: 0, weight: 32 }], limitOfHighPriority: 0 },
    mtu: BYTES,
    bufferBytes: 4 * BYTES,
    switchLatencyNs: 100,
    cutThrough: true,
    flows: Array.from({ length: N }, (_, i) => ({ name: `h${i}`, source: `h${i}`, destination: 'uniform', sl: 0, traffic: { kind: 'poisson', rate: pps }, packetBytes: BYTES })),
  };
}

console.log('load | sim latency µs (95 % half-width, mean over hosts) | model µs | error');
for (const load of loads) {
  const p = params(load);
  const pps = (load * RATE_GBPS * 1e9) / (BYTES * 8);
  const until = 12000 / pps;
  const sim = simulate({ scenario: 'fabric', params: p }, { replications: 5, seed: 1, until, warmup: until / 4 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth: number }> } };
  const lat = Object.values(sim.metrics.latency);
  const mean = lat.reduce((a, v) => a + v.mean, 0) / lat.length;
  const hw = lat.reduce((a, v) => a + v.halfWidth, 0) / lat.length;
  const model = solveFabric(fabricModelNetwork(p as never)).metrics.latency['h0']!;
  console.log(`${load} | ${mean.toFixed(3)} (${hw.toFixed(3)}) | ${model.toFixed(3)} | ${(((model - mean) / mean) * 100).toFixed(1)} %`);
}
