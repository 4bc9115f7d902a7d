/**
 * Issue 18's Table 2 acceptance on the seed's own network size: 16 switches, 1000 refusals in a row
 * per SL, the mean of 5 random networks (seeds 1–5, as benchmarks/alfaro.ts). The seed's Table 2
 * (alfaro-packet-size-qos-arbitration-tables.txt, §4.3, "Av. utilization for host interfaces (%)"):
 * 72.58, 74.32, 75.07 and 76.07 at 256, 1024, 2048 and 4096 bytes. Ours is read with the headers
 * (the reading the seed's own table supports: docs/alfaro.md, "What the seed's utilisation counts").
 * Checked: within 3 points of the paper at every size, and connections and host utilisation (with
 * the headers and payload alone) larger at 4096 bytes than at 256. Not checked, because it does not
 * hold: growth at every step (ours dips 0.08 points from 2048 to 4096 bytes with the headers;
 * docs/alfaro.md, "Why the numbers differ"). About 100 s of CPU.
 */
import { describe, expect, it } from 'vitest';
import { admitAlfaroWorkload, irregularTopology, RandomStreams } from '../../../src/index.js';

const PAPER_HOST_UTILIZATION: Record<number, number> = { 256: 72.58, 1024: 74.32, 2048: 75.07, 4096: 76.07 };

function mean(packetBytes: number) {
  let connections = 0;
  let wire = 0;
  let payload = 0;
  for (let seed = 1; seed <= 5; seed++) {
    const streams = new RandomStreams(seed);
    const topology = irregularTopology({ switches: 16 }, streams.stream('alfaro/topology'));
    const a = admitAlfaroWorkload({ topology, packetBytes, attempts: 1000, rng: streams.stream('alfaro/requests') });
    connections += a.connections.length / 5;
    wire += (100 * a.hostWireUtilization) / 5;
    payload += (100 * a.hostUtilization) / 5;
  }
  return { connections, wire, payload };
}

describe("Alfaro et al.'s Table 2 at 16 switches, mean of 5 networks", () => {
  const means = new Map<number, ReturnType<typeof mean>>();
  const at = (size: number) => {
    if (!means.has(size)) means.set(size, mean(size));
    return means.get(size)!;
  };

  for (const size of [256, 1024, 2048, 4096]) {
    it(`${size} bytes: host utilisation with the headers within 3 points of the paper's ${PAPER_HOST_UTILIZATION[size]} %`, () => {
      expect(Math.abs(at(size).wire - PAPER_HOST_UTILIZATION[size]!)).toBeLessThanOrEqual(3);
    }, 300_000);
  }

  it('from 256 to 4096 bytes: more connections, higher host utilisation (with the headers and payload alone)', () => {
    const small = at(256);
    const large = at(4096);
    expect(large.connections).toBeGreaterThan(small.connections);
    expect(large.wire).toBeGreaterThan(small.wire);
    expect(large.payload).toBeGreaterThan(small.payload);
  }, 300_000);
});
