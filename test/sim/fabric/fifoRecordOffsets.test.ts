/**
 * The FIFO input buffers live in their input port's wire record and are named by the offset of
 * their fields there (link/portWires.ts, switch/inputFifo.ts; session 22). These checks hold for
 * every VL count 1..15, whose records are 16 to 128 integers (the record's size a power of two):
 * the maps between a buffer's number b = g·V + v and its queue number (the offset) are inverse, the
 * offsets stay inside their port's record and clear of its wire fields, and a buffer's blocks held
 * touch no other field. Then a whole fabric at several VL counts: a flow blocked at its sink fills
 * exactly its own VL buffer at the switch (bufferBytes / 64 blocks, bufferBytes / 2048 packets) and
 * no other buffer — read back through the credit audit and the occupancy statistics, which both
 * speak buffer numbers.
 */
import { describe, expect, it } from 'vitest';
import { portWires } from '../../../src/sim/fabric/link/portWires.js';
import { FifoInputQueues, type OutputRequestRecords } from '../../../src/sim/fabric/switch/inputFifo.js';
import type { PacketPool } from '../../../src/sim/fabric/packets.js';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric } from '../../../src/sim/fabric/index.js';

/** Ports 0..G−1: peers, switches (−1 a host port) and delays chosen so that each port's wire fields differ. */
function queuesOf(V: number, G = 5) {
  const peer = Int32Array.from({ length: G }, (_, g) => (g + 1) % G);
  const sw = Int32Array.from({ length: G }, (_, g) => (g % 3 === 0 ? -1 : g));
  const delay = Float64Array.from({ length: G }, (_, g) => 1e-9 * (g + 1));
  const ports = portWires(peer, sw, delay, V);
  // The methods checked here read neither the packet pool nor the outputs' request records.
  const outputs: OutputRequestRecords = { i32: new Int32Array(0), stride: 0, vls: 0, vl0: 0, perVl: 2, head: 0, tail: 1 };
  const queues = new FifoInputQueues(G * V, V, null as unknown as PacketPool, outputs, ports);
  return { G, peer, sw, delay, ports, queues };
}

describe('FIFO buffers named by their record offset', () => {
  for (let V = 1; V <= 15; V++) {
    it(`V = ${V}: queue and buffer numbers map both ways, inside the port's record, clear of the wire and of each other`, () => {
      const { G, peer, sw, delay, ports, queues } = queuesOf(V);
      const stride = 1 << ports.shift;
      expect(ports.i32.length).toBe(G * stride);
      const used = new Set<number>();
      for (let g = 0; g < G; g++) {
        // The wire fields as written (peer, switch, delay at integers 0, 1 and the double over 2–3).
        expect(ports.i32[g * stride]).toBe(peer[g]);
        expect(ports.i32[g * stride + 1]).toBe(sw[g]);
        expect(ports.f64[(g * stride) / 2 + 1]).toBe(delay[g]);
        for (let v = 0; v < V; v++) {
          const b = g * V + v;
          const x = queues.queueOf(g, v);
          expect(queues.queueOfBuffer(b)).toBe(x);
          expect(queues.bufferOf(x)).toBe(b);
          expect(queues.inputOf(x)).toBe(g);
          expect(x).toBe(queues.firstQueue(g) + queues.queueStep * v);
          // Four list fields, inside the record, past the wire's four integers; no two buffers share one.
          expect(x).toBeGreaterThanOrEqual(g * stride + 4);
          expect(x + 3).toBeLessThan((g + 1) * stride);
          for (let k = 0; k < 4; k++) {
            expect(used.has(x + k)).toBe(false);
            used.add(x + k);
            expect(ports.i32[x + k], 'list fields start NONE').toBe(-1);
          }
          expect(queues.headOf(x)).toBe(-1);
          expect(queues.blocksOf(b)).toBe(0);
        }
      }
      // Each buffer's blocks: freeing n blocks from one buffer shows in that buffer's blocksOf alone
      // and changes exactly one integer of the records, none of the list or wire fields.
      for (let b = 0; b < G * V; b++) {
        const before = ports.i32.slice();
        queues.freed(queues.queueOfBuffer(b), b + 1);
        const changed: number[] = [];
        for (let i = 0; i < before.length; i++) if (before[i] !== ports.i32[i]) changed.push(i);
        expect(changed.length).toBe(1);
        expect(used.has(changed[0]!)).toBe(false);
        expect(changed[0]! % stride).toBeGreaterThanOrEqual(4);
        expect(Math.floor(changed[0]! / stride)).toBe(Math.floor(b / V));
        for (let u = 0; u < G * V; u++) expect(queues.blocksOf(u)).toBe(u <= b ? -(u + 1) : 0);
      }
    });
  }
});

describe('a blocked flow fills its own VL buffer and no other, at any VL count', () => {
  const BUFFER = 4096;
  for (const [V, v] of [[1, 0], [3, 2], [4, 1], [8, 7], [9, 4], [13, 12], [15, 14], [15, 0]] as const) {
    it(`V = ${V}, the flow on VL ${v}`, () => {
      // h0 sends greedily to h1, whose sink takes a 2048-byte packet in 16.4 ms: at 1 ms the switch's
      // input buffer on h0's VL v holds BUFFER / 2048 packets, the credits of h0 on VL v are spent.
      const fabric = buildFabric({
        topology: singleSwitchTopology(2),
        vls: V,
        bufferBytes: BUFFER,
        hostReceiveGbps: 0.001,
        flows: [{ name: 'f', source: 'h0', destination: 'h1', sl: v }],
      });
      fabric.run(1e-3);
      for (const row of fabric.auditCredits()) {
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning, `${row.port} VL ${row.vl}`).toBe(row.capacity);
        const full = row.port === 'h0' && row.vl === v;
        if (row.port === 'h0') expect(row.buffered, `h0 VL ${row.vl}`).toBe(full ? BUFFER / 64 : 0);
      }
      // The switch's input buffers: only the one from h0 (S:1) on VL v ever held a packet.
      const held = fabric.measurements().buffers.filter((b) => b.maxOccupancy > 0);
      expect(held.map((b) => [b.name, b.vl, b.maxOccupancy])).toEqual([['S:1', v, BUFFER / 2048]]);
    });
  }
});
