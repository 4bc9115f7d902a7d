/**
 * A port's input VL buffers shared as one pool (`inputBufferSharing: 'shared'`, complete sharing)
 * and ECN's output-buffer reading (`marking.buffer: 'output'`), each against figures known without
 * the simulator: a blocked flow fills exactly the pool (V × bufferBytes) where it fills one VL's
 * buffer otherwise; the credit ledger of a pool balances and never exceeds the pool; with one VL the
 * pool is the VL buffer, so the run is the per-VL run; an output that never has a backlog never arms.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';
import { singleSwitchTopology } from '../../../src/network/index.js';
import { buildFabric, type FabricOptions, type FlowSpec } from '../../../src/sim/fabric/index.js';
import { congestionSpreadingFabric, parseCongestionSpreading } from '../../../src/studies/index.js';
import { thrownBy } from '../../helpers/errors.js';

/** 2048-byte packets = 32 credit blocks of 64 bytes; a 4096-byte VL buffer = 64 blocks = 2 packets. */
const PACKET_BLOCKS = 2048 / 64;
const VL_BLOCKS = 4096 / 64;

/** h0 sends greedily to h1, whose sink takes a 2048-byte packet in 16.4 ms (0.001 Gb/s): at 1 ms nothing has been taken. */
const blocked = (flows: FlowSpec[], inputBufferSharing: 'per-vl' | 'shared'): FabricOptions => ({
  topology: singleSwitchTopology(2),
  flows,
  vls: 2,
  bufferBytes: 4096,
  hostReceiveGbps: 0.001,
  inputBufferSharing,
});

describe("shared input buffer (inputBufferSharing: 'shared')", () => {
  it('one VL blocked: the switch input holds the whole pool (4 packets, 128 blocks) where per-VL buffers hold 2 packets', () => {
    const flows: FlowSpec[] = [{ name: 'f', source: 'h0', destination: 'h1', sl: 0 }];
    const shared = buildFabric(blocked(flows, 'shared'));
    shared.run(1e-3);
    const row = shared.auditCredits().find((r) => r.port === 'h0')!;
    expect(row).toEqual({ port: 'h0', vl: -1, capacity: 2 * VL_BLOCKS, credits: 0, inFlight: 0, buffered: 4 * PACKET_BLOCKS, creditsReturning: 0 });
    // The host's receive buffer is a pool too: 4 packets there, 4 in the switch.
    expect(shared.packetLedger().inNetwork).toBe(8);

    const split = buildFabric(blocked(flows, 'per-vl'));
    split.run(1e-3);
    const rows = split.auditCredits().filter((r) => r.port === 'h0');
    expect(rows.map((r) => [r.vl, r.credits, r.buffered])).toEqual([
      [0, 0, 2 * PACKET_BLOCKS],
      [1, VL_BLOCKS, 0],
    ]);
    expect(split.packetLedger().inNetwork).toBe(4);
  });

  it('two VLs blocked share the pool: the ledger balances at every step and the pool is never exceeded', () => {
    const flows: FlowSpec[] = [
      { name: 'low', source: 'h0', destination: 'h1', sl: 0 },
      { name: 'high', source: 'h0', destination: 'h1', sl: 1 },
    ];
    const fabric = buildFabric(blocked(flows, 'shared'));
    for (let t = 2e-6; t <= 2e-4; t += 2e-6) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) {
        expect(row.vl).toBe(-1);
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning).toBe(row.capacity);
        expect(row.buffered).toBeLessThanOrEqual(row.capacity);
        expect(row.credits).toBeGreaterThanOrEqual(0);
      }
    }
    expect(fabric.auditCredits().find((r) => r.port === 'h0')!.buffered).toBe(4 * PACKET_BLOCKS);
  });

  it('with one VL the pool is the VL buffer: every measurement equals the per-VL run (ECN marking, PIPD)', () => {
    const rateControl = { kind: 'pipd', rMin: 2.5e9 / 8 / 2048 / 256, m: 4 } as const;
    const options = (inputBufferSharing: 'per-vl' | 'shared'): FabricOptions => ({
      topology: singleSwitchTopology(3),
      flows: [
        { name: 'a', source: 'h0', destination: 'h2', rateControl },
        { name: 'b', source: 'h1', destination: 'h2', rateControl },
      ],
      vls: 1,
      bufferBytes: 8192,
      hostReceiveGbps: 1.5,
      marking: { kind: 'ecn' },
      inputBufferSharing,
      seed: 7,
    });
    const run = (sharing: 'per-vl' | 'shared') => {
      const fabric = buildFabric(options(sharing));
      fabric.run(0.005, 0.0005);
      return fabric.measurements().flows.map((f) => [f.delivered, f.marked, f.meanLatencyUs]);
    };
    const split = run('per-vl');
    expect(run('shared')).toEqual(split);
    expect(split[0]![1]).toBeGreaterThan(0); // marks happen: the comparison covers the marking path
  });

  it('congestion-spreading with the 4-packet port pool: credits conserved, a VL takes more than half the pool, ECN marks', () => {
    const fabric = congestionSpreadingFabric(parseCongestionSpreading({ rateControl: 'pipd', bufferPackets: 2, bufferSharing: 'shared' }), new RandomStreams(1));
    let most = 0;
    for (let t = 5e-5; t <= 3e-3; t += 5e-5) {
      fabric.run(t);
      for (const row of fabric.auditCredits()) {
        expect(row.credits + row.inFlight + row.buffered + row.creditsReturning).toBe(row.capacity);
        expect(row.capacity).toBe(2 * VL_BLOCKS);
      }
    }
    // One VL's share of a split buffer is VL_BLOCKS; read the switch's VL buffers of the inter-switch input.
    const queues = (fabric as unknown as { queues: { blocksOf(q: number): number } }).queues;
    for (let t = 3e-3; t <= 6e-3; t += 2e-5) {
      fabric.run(t);
      for (let q = 0; q < 14; q++) most = Math.max(most, queues.blocksOf(q));
    }
    expect(most).toBeGreaterThan(VL_BLOCKS);
    expect(fabric.measurements().flows.some((f) => f.marked > 0)).toBe(true);
  });

  it('rejects an unknown sharing, naming the option; the scenario names its parameter', () => {
    const flows: FlowSpec[] = [{ name: 'f', source: 'h0', destination: 'h1' }];
    const bad = { topology: singleSwitchTopology(2), flows, inputBufferSharing: 'pooled' } as unknown as FabricOptions;
    expect(thrownBy(InvalidParameterError, () => buildFabric(bad)).parameter).toBe('inputBufferSharing');
    expect(thrownBy(InvalidParameterError, () => parseCongestionSpreading({ bufferSharing: 'pool' })).parameter).toBe('bufferSharing');
  });
});

describe("ECN by the output's buffer (marking.buffer: 'output')", () => {
  const run = (flows: FlowSpec[]) => {
    const fabric = buildFabric({ topology: singleSwitchTopology(3), flows, vls: 1, bufferBytes: 4096, marking: { kind: 'ecn', buffer: 'output' } });
    fabric.run(0.002, 0.0002);
    return fabric.measurements().flows;
  };

  it('one greedy flow at the link rate never has a packet waiting behind another: nothing is marked', () => {
    const [f] = run([{ name: 'a', source: 'h0', destination: 'h2' }]);
    expect(f!.delivered).toBeGreaterThan(100);
    expect(f!.marked).toBe(0);
  });

  it('two greedy flows into one output keep 4 packets waiting for a 2-packet buffer: it refills at every departure, every packet is marked', () => {
    const flows = run([
      { name: 'a', source: 'h0', destination: 'h2' },
      { name: 'b', source: 'h1', destination: 'h2' },
    ]);
    for (const f of flows) expect(f.marked).toBe(f.delivered);
  });

  it('rejects an unknown buffer, naming the field', () => {
    const e = thrownBy(InvalidParameterError, () =>
      buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }], marking: { kind: 'ecn', buffer: 'both' } as never }),
    );
    expect(e.parameter).toBe('marking.buffer');
  });
});
