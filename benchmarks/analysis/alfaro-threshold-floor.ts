/**
 * Can a packet meet D/100 at all? (a diagnostic, not a test; run:
 * node --import tsx benchmarks/analysis/alfaro-threshold-floor.ts). The seed (§4.3, Fig. 5) chose
 * D/100 as "a very tight threshold so that the percentage of packets meeting the deadline was lower
 * than 100 % in Figure 3" and draws, for SLs 0–3 at every packet size, the connection that delivers
 * the most packets within it and the one that delivers the fewest. This script admits network
 * ALFARO_SEED (1) of 16 switches at each ALFARO_SIZES (256,1024,2048,4096) as the benchmark does and
 * prints, per SL, the share of connections whose D/100 (D: the broker's bound, workload.ts) is below
 * the least delay any of its packets can have: its own transmission once (cut-through) plus the
 * propagation of every link and the latency of every switch on its path. For such a connection no
 * packet can be within D/100 whatever the network does, so its best connection in Fig. 5 would
 * deliver 0 %. Exact arithmetic is not needed: the comparison is of two sums of a few doubles.
 */
import { admitAlfaroWorkload, irregularTopology, RandomStreams } from '../../src/index.js';
import { machineLine } from '../harness.js';

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const seed = Number(env('ALFARO_SEED', '1'));
const sizes = env('ALFARO_SIZES', '256,1024,2048,4096').split(',').map(Number);
const switchLatency = 100e-9;
const linkDelay = 10e-9;
const rate = 2.5e9 / 8; // bytes per second on every link (the seed's 2.5 Gb/s)

console.log(machineLine());
console.log(`network ${seed}, 16 switches; per SL 0-9: share of connections with D/100 below the least possible delay [median D in µs]`);
for (const size of sizes) {
  const streams = new RandomStreams(seed);
  const topology = irregularTopology({ switches: 16 }, streams.stream('alfaro/topology'));
  const admission = admitAlfaroWorkload({ topology, packetBytes: size, attempts: 1000, rng: streams.stream('alfaro/requests') });
  const wire = admission.format.wireBytes;
  const below = new Array<number>(10).fill(0);
  const count = new Array<number>(10).fill(0);
  const deadlines: number[][] = Array.from({ length: 10 }, () => []);
  for (const c of admission.connections) {
    const least = wire / rate + c.path.length * linkDelay + (c.path.length - 1) * switchLatency;
    count[c.sl]!++;
    deadlines[c.sl]!.push(c.deadline);
    if (c.deadline / 100 < least) below[c.sl]!++;
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const cells = below.map((b, sl) => `${((100 * b) / Math.max(1, count[sl]!)).toFixed(0)} % [${(median(deadlines[sl]!) * 1e6).toFixed(0)}]`);
  console.log(`${String(size).padEnd(5)} | least delay ${(wire / rate * 1e6).toFixed(1)} µs + path | ${cells.join(' | ')}`);
}
