/**
 * The fabric mechanisms of issue 15 (thesis ch. 3), each against a value worked out by hand or an
 * invariant:
 * - the window limit: with a window of one packet a lone flow sends one packet per round trip, so
 *   its throughput is 2048·8 bits / (T + 4d + 2s) exactly (T the transmission time, d the cable
 *   delay, s the switch latency: the packet's cut-through path and its ACK's way back), and an
 *   in-band ACK of a bytes adds a / rate to the round trip;
 * - ECN counters per output link and VL: a light VL on a congested output is never marked; with one
 *   counter pair per output it catches the heavy VL's marks;
 * - the response functions' rate unit and start rate.
 */
import { describe, expect, it } from 'vitest';
import { fimd } from '../../../src/congestion/index.js';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric, ResponseInjectionControl, type MarkingSpec } from '../../../src/sim/fabric/index.js';

const R = 2.5e9 / 8 / 2048; // MTU packets per second of a 2.5 Gb/s link

describe('the window limit', () => {
  it('a window of one packet: one packet per round trip, throughput 16384 bits / (T + 4d + 2s)', () => {
    const fabric = buildFabric({
      topology: singleSwitchTopology(2),
      vls: 1,
      flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: { kind: 'fimd', rMin: R / 256, n: 4 }, windowPackets: 1 }],
      marking: { kind: 'ecn' },
    });
    fabric.run(0.0105, 0.0005);
    const T = 2048 / (2.5e9 / 8);
    const roundTrip = T + 4 * 10e-9 + 2 * 100e-9; // 10 ns cables, 100 ns switch latency (the defaults)
    // Within one packet of the 10 ms window (about 1 500 packets): 1e-3 relative.
    expect(Math.abs(fabric.measurements().flows[0]!.throughputGbps / ((2048 * 8) / roundTrip / 1e9) - 1)).toBeLessThan(1e-3);
  });

  it('an in-band ACK of 30 bytes adds its transmission time to the round trip (cut-through: once)', () => {
    const fabric = buildFabric({
      topology: singleSwitchTopology(2),
      vls: 1,
      ackBytes: 30,
      flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: { kind: 'fimd', rMin: R / 256, n: 4 }, windowPackets: 1 }],
      marking: { kind: 'ecn' },
    });
    fabric.run(0.0105, 0.0005);
    const roundTrip = 2048 / (2.5e9 / 8) + 4 * 10e-9 + 2 * 100e-9 + 30 / (2.5e9 / 8);
    // Within one packet of the 10 ms window (about 1 500 packets): 1e-3 relative.
    expect(Math.abs(fabric.measurements().flows[0]!.throughputGbps / ((2048 * 8) / roundTrip / 1e9) - 1)).toBeLessThan(1e-3);
    expect(() => buildFabric({ topology: singleSwitchTopology(2), ackBytes: -1, flows: [] })).toThrow(/ackBytes/);
  });

  it('without a window the same flow runs at the link rate; a window needs rate control', () => {
    const fabric = buildFabric({
      topology: singleSwitchTopology(2),
      vls: 1,
      flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: { kind: 'fimd', rMin: R / 256, n: 4 } }],
      marking: { kind: 'ecn' },
    });
    fabric.run(0.0105, 0.0005);
    expect(fabric.measurements().flows[0]!.throughputGbps).toBeCloseTo(2.5, 3);
    expect(() => buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1', windowPackets: 2 }] })).toThrow(
      /flows\[0\]\.windowPackets must be absent for a flow without rate control/,
    );
    expect(() =>
      buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: { kind: 'fimd', rMin: 1, n: 4 }, windowPackets: 0 }] }),
    ).toThrow(/flows\[0\]\.windowPackets/);
  });
});

/** h1 and h2 greedy on VL 0 into h0 (congested); h3 light on VL 1 into h0; marks per flow. */
function twoVls(marking: MarkingSpec) {
  const rateControl = { kind: 'fimd', rMin: R / 256, n: 4 } as const;
  const fabric = buildFabric({
    topology: singleSwitchTopology(4),
    vls: 2,
    bufferBytes: 4 * 2048,
    marking,
    seed: 11,
    flows: [
      { name: 'a', source: 'h1', destination: 'h0', sl: 0, rateControl },
      { name: 'b', source: 'h2', destination: 'h0', sl: 0, rateControl },
      { name: 'light', source: 'h3', destination: 'h0', sl: 1, traffic: { kind: 'poisson', rate: 0.05 * R }, rateControl },
    ],
  });
  fabric.run(0.02, 0.002);
  return fabric.measurements().flows;
}

describe('ECN marking per output link and VL', () => {
  it('per-VL counters never mark the light VL; shared counters pass the heavy VL’s marks on to it', () => {
    const perVl = twoVls({ kind: 'ecn', outputs: 'congested', perVl: true });
    const shared = twoVls({ kind: 'ecn', outputs: 'congested', perVl: false });
    expect(perVl[0]!.marked + perVl[1]!.marked).toBeGreaterThan(0);
    expect(perVl[2]!.marked).toBe(0);
    expect(shared[2]!.marked).toBeGreaterThan(0);
  });

  it('rejects bad marking options, naming them', () => {
    const build = (marking: unknown) =>
      buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }], marking: marking as MarkingSpec });
    expect(() => build({ kind: 'ecn', outputs: 'all' })).toThrow(/marking\.outputs/);
    expect(() => build({ kind: 'ecn', perVl: 1 })).toThrow(/marking\.perVl/);
  });
});

describe('the rate unit and the start rate', () => {
  it('ResponseInjectionControl gives the fabric MTU packets per second: the function’s rate over the units per packet', () => {
    const rc = new ResponseInjectionControl(fimd({ rMin: 1000, rMax: 256000, n: 4 }), { unitsPerPacket: 32, initialRate: 1000 });
    expect(rc.rate).toBe(1000 / 32);
    rc.onAck(false);
    expect(rc.rate).toBe(4000 / 32);
  });

  it('buildFabric: unitBytes 10^6 (MB/s, larger than a packet) → R_min = 1.220703125 MB/s is 596.05 packets of 2 KB per second', () => {
    // 2.5 Gb/s = 312.5 MB/s; R_min = 312.5/256 MB/s = 10^6·312.5/256/2048 packets/s (exact arithmetic).
    const fabric = buildFabric({
      topology: singleSwitchTopology(2),
      flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: { kind: 'pipd', rMin: 312.5 / 256, m: 4, unitBytes: 1e6, start: 'rMin' } }],
    });
    fabric.run(1e-7);
    expect(fabric.measurements().flows[0]!.meanInjectionRate).toBeCloseTo((1e6 * 312.5) / 256 / 2048, 9);
  });

  it('buildFabric: unitBytes 64 and start rMin put a 2 KB-packet flow at R_min = link/64/256 blocks/s, i.e. R/256 packets/s', () => {
    const fabric = buildFabric({
      topology: singleSwitchTopology(2),
      flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: { kind: 'fimd', rMin: 2.5e9 / 8 / 64 / 256, n: 4, unitBytes: 64, start: 'rMin' } }],
    });
    fabric.run(1e-7);
    expect(fabric.measurements().flows[0]!.meanInjectionRate).toBeCloseTo(R / 256, 9);
    const bad = (rateControl: unknown) =>
      buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1', rateControl: rateControl as never }] });
    expect(() => bad({ kind: 'fimd', rMin: 1, n: 4, unitBytes: 2e9 })).toThrow(/flows\[0\]\.rateControl\.unitBytes/);
    expect(() => bad({ kind: 'fimd', rMin: 1, n: 4, unitBytes: 0 })).toThrow(/flows\[0\]\.rateControl\.unitBytes/);
    expect(() => bad({ kind: 'pipd', rMin: 2, m: 4, start: 'low' })).toThrow(/flows\[0\]\.rateControl\.start/);
  });
});
