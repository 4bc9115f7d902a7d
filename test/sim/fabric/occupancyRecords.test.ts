/**
 * The input buffers' occupancy recorders live in two places (measure/occupancy.ts, session 23): in the
 * FIFO buffers' own record sections (16-bit packet counts: buffers of at most 32,767 blocks), or in a
 * table of their own through a log (larger buffers, and virtual output queues). Both must give the
 * same figures to the bit. A load that never runs a sender out of credits behaves the same with
 * 1 MiB buffers (16,384 blocks: in the records) as with 4 MiB ones (65,536 blocks: the table), so
 * the two runs' measurements — every buffer's mean and most held among them — must be equal,
 * with and without a warm-up's reset; and some buffers must have held several packets, or the test
 * would compare zeros.
 */
import { describe, expect, it } from 'vitest';
import { fatTreeTopology } from '../../../src/network/index.js';
import { buildFabric } from '../../../src/sim/fabric/index.js';

/** Every host of a k = 4 fat-tree sends Poisson packets of mixed sizes at 60 % of its link to uniform destinations, on two SLs. */
function run(bufferBytes: number, warmUp: number) {
  const topology = fatTreeTopology(4);
  const fabric = buildFabric({
    topology,
    vls: 2,
    bufferBytes,
    seed: 3,
    flows: topology.hosts.map((h, i) => ({
      name: h.name,
      source: h.name,
      destination: 'uniform',
      sl: i % 2,
      packetBytes: { kind: 'mix', bytes: [256, 2048], weights: [1, 3] },
      traffic: { kind: 'poisson', rate: 0.6 * 4e6 },
    })),
  });
  fabric.run(3e-4, warmUp);
  return fabric.measurements();
}

describe('occupancy recorders in the buffers\' records and in their own table agree to the bit', () => {
  for (const warmUp of [0, 1e-4]) {
    it(`FIFO buffers, warm-up ${warmUp * 1e6} µs`, () => {
      const inRecords = run(1 << 20, warmUp);
      const inTable = run(1 << 22, warmUp);
      expect(inRecords.packetHops).toBeGreaterThan(1000);
      expect(inRecords.buffers.filter((b) => b.maxOccupancy >= 3).length).toBeGreaterThan(0);
      expect(inRecords.buffers.some((b) => b.meanOccupancy > 0 && !Number.isInteger(b.meanOccupancy))).toBe(true);
      expect(inRecords).toEqual(inTable);
    });
  }
});
