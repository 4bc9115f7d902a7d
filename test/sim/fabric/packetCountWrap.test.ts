/**
 * Review H43rv (session 26): since H43port's step 1 a port's packets per VL are 32-bit counts in the port record
 * (links.ts, measurements.ts). A count passes 2^32 after 2^32 packets on one port and VL since the warm-up — on a two-host
 * fabric with 64-byte packets about 880 s of simulated time, well under an hour of CPU on an idle core — and then must go
 * on counting, not start again at 0 (the readout is what a user sees: measurements().ports[].packets, packetsPerVl and
 * packetHops). The count is set just below 2^32 through the stats' layout (a long run in a few microseconds); the packets
 * sent afterwards come from a twin run of the same seed, untouched (the simulator's own count, not an expected number).
 */
import { describe, expect, it } from 'vitest';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric } from '../../../src/sim/fabric/index.js';
import type { PortRecorderLayout } from '../../../src/sim/fabric/measure/measurements.js';

const options = () => ({
  topology: singleSwitchTopology(2),
  vls: 2,
  seed: 4,
  flows: [
    { name: 'a', source: 'h0', destination: 'h1', sl: 1, traffic: { kind: 'saturated' as const }, packetBytes: 64 },
    { name: 'b', source: 'h1', destination: 'h0', sl: 0, traffic: { kind: 'saturated' as const }, packetBytes: 64 },
  ],
});
type Inside = { portNames: readonly string[]; stats: { port: PortRecorderLayout } };
const countOf = (f: ReturnType<typeof buildFabric>, port: string) => f.measurements().ports.find((p) => p.name === port)!;

describe('packet counts per port and VL beyond 2^32', () => {
  it('go on past 2^32 (VL 1 of a host port, VL 0 of a switch port), and packetHops with them', () => {
    const twin = buildFabric(options());
    twin.run(2e-6);
    const fabric = buildFabric(options());
    fabric.run(2e-6);
    const inside = fabric as unknown as Inside;
    const L = inside.stats.port;
    const host = inside.portNames.indexOf('h0');
    const sw = inside.portNames.findIndex((n, g) => g !== host && n !== 'h1' && countOf(fabric, n).packetsPerVl[0]! > 0);
    expect(host).toBeGreaterThanOrEqual(0);
    expect(sw).toBeGreaterThanOrEqual(0);
    const at = (g: number, v: number) => 2 * g * L.stride + L.packets + L.packetsPerVl * v;
    const lifted = [
      [host, 1],
      [sw, 0],
    ] as const;
    const base = lifted.map(([g, v]) => L.u32[at(g, v)]!);
    for (const [g, v] of lifted) L.u32[at(g, v)] = 2 ** 32 - 3;
    const hopsBefore = twin.measurements().packetHops;
    twin.run(6e-6);
    fabric.run(6e-6);
    lifted.forEach(([g, v], i) => {
      const name = inside.portNames[g]!;
      const sent = countOf(twin, name).packetsPerVl[v]! - base[i]!;
      expect(sent, `${name} VL ${v}: packets sent after the lift`).toBeGreaterThan(3);
      expect(countOf(fabric, name).packetsPerVl[v]).toBe(2 ** 32 - 3 + sent);
    });
    const lift = base.reduce((a, b) => a + (2 ** 32 - 3 - b), 0);
    expect(fabric.measurements().packetHops).toBe(twin.measurements().packetHops + lift);
    expect(twin.measurements().packetHops).toBeGreaterThan(hopsBefore);
  });

  it('start again at 0 at the warm-up’s end', () => {
    // (The warm-up is the first call's argument: the window starts at 5 µs.)
    const twin = buildFabric(options());
    twin.run(2e-6, 5e-6);
    const fabric = buildFabric(options());
    fabric.run(2e-6, 5e-6);
    const inside = fabric as unknown as Inside;
    const L = inside.stats.port;
    const host = inside.portNames.indexOf('h0');
    L.u32[2 * host * L.stride + L.packets + L.packetsPerVl] = 2 ** 32 - 1;
    twin.run(3e-6);
    fabric.run(3e-6); // past 2^32
    expect(countOf(fabric, 'h0').packetsPerVl[1]).toBeGreaterThan(2 ** 32);
    twin.run(8e-6);
    fabric.run(8e-6);
    expect(countOf(fabric, 'h0').packetsPerVl).toEqual(countOf(twin, 'h0').packetsPerVl);
    expect(fabric.measurements().packetHops).toBe(twin.measurements().packetHops);
  });
});
