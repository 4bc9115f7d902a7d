/**
 * The two cases of the fabric model's speed benchmarks (fabric-model.ts, fabric-model-ab.ts): Gran's
 * 648-host radix-36 folded Clos at 16 Gb/s with VoQ inputs, (a) 10,000 random source–destination
 * pairs (a seeded LCG, the same pairs on every call), Poisson at 30 % of a host link in all per host,
 * and (b) the all-to-all, 648 × 647 = 419,256 flows at 50 % of each host's link in all.
 */
import { foldedClosTopology, validateFabricTopology } from '../src/network/index.js';

/** The topology, and the params of the two cases (`fabric` scenario params). */
export function fabricModelCases() {
  const topology = validateFabricTopology(foldedClosTopology(36, { rateGbps: 16 }));
  const hosts = topology.hosts.map((h) => h.name);
  const H = hosts.length;
  /** Packets per second of 2048-byte packets at `load` of 16 Gb/s. */
  const pps = (load: number) => (load * 16e9) / (2048 * 8);
  let seed = 12345;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pairs = [];
  for (let i = 0; i < 10_000; i++) {
    const s = Math.floor(next() * H);
    let d = Math.floor(next() * (H - 1));
    if (d >= s) d++;
    pairs.push({ name: `f${i}`, source: hosts[s]!, destination: hosts[d]!, traffic: { kind: 'poisson', rate: pps(0.3) / (10_000 / H) } });
  }
  const all = [];
  for (let s = 0; s < H; s++) for (let d = 0; d < H; d++) if (s !== d) all.push({ name: `${hosts[s]}>${hosts[d]}`, source: hosts[s]!, destination: hosts[d]!, traffic: { kind: 'poisson', rate: pps(0.5) / (H - 1) } });
  return {
    topology,
    pairs: { topology, vls: 1, inputQueueing: 'voq', flows: pairs },
    allToAll: { topology, vls: 1, inputQueueing: 'voq', flows: all },
  };
}
