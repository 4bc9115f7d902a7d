/**
 * The admitted connections carried by the fabric (seed alfaro-… §4.3, Fig. 3): every packet of
 * every admitted connection meets its deadline — the bound the broker's tables give its SL on every
 * output port of its path (workload.ts), its own transmissions, propagation and switch latencies — on
 * a 16-switch network at the full admitted load (1000 refusals in a row per SL, ≈ 74 % of every
 * host link) with a shortened steady state, on the seed's switch (§4.1: input and output VL
 * buffers of 4 packets, a multiplexed crossbar; docs/alfaro.md for the crossbar's speed-up).
 * The broker's bound B(d) itself (a head packet of an output VL buffer, ready with credits, starts
 * within B(d)/rate) is checked at every switch output port and VL. Also: the traffic delivered
 * matches what the CBR sources offer, the shares are consistent (D/100 ⊆ D/10 ⊆ D), and the
 * input-buffered switch without output buffers (the departure kept as an option) misses deadlines
 * of SL 0 at this load — head-of-line blocking in the VL 0 input FIFOs, docs/alfaro.md.
 */
import { describe, expect, it } from 'vitest';
import { admitAlfaroWorkload, carryAlfaroConnections, irregularTopology, RandomStreams } from '../../../src/index.js';

describe('carryAlfaroConnections', () => {
  const streams = new RandomStreams(11);
  const topology = irregularTopology({ switches: 16 }, streams.stream('alfaro/topology'));
  const admission = admitAlfaroWorkload({ topology, packetBytes: 1024, attempts: 1000, rng: streams.stream('alfaro/requests') });
  const until = 4e-4;

  it('16 switches at the full admitted load, 1024-byte packets: no packet of any connection exceeds its deadline', () => {
    expect(admission.hostUtilization).toBeGreaterThan(0.7);
    const result = carryAlfaroConnections(admission, { until, warmup: 1e-4, streams, replication: 0 });
    const m = result.metrics as Record<string, Record<string, number>>;
    let packets = 0;
    for (const sl of Object.keys(m.packetsDelivered!)) {
      packets += m.packetsDelivered![sl]!;
      expect(m.withinDeadline![sl], `SL ${sl}`).toBe(1);
      expect(m.worstDelayOverDeadline![sl]!, `SL ${sl}`).toBeLessThanOrEqual(1);
      expect(m.withinDeadline10![sl]!).toBeLessThanOrEqual(m.withinDeadline![sl]!);
      expect(m.withinDeadline100![sl]!).toBeLessThanOrEqual(m.withinDeadline10![sl]!);
      // The broker's own bound at every switch output port: the wait of a ready head packet.
      expect(result.worstReadyWaitOverBound![sl]!, `SL ${sl} B(d)`).toBeLessThanOrEqual(1);
    }
    expect(packets).toBeGreaterThan(5000);
    let worst = 0;
    for (const r of result.worstDelayOverDeadline) worst = Math.max(worst, r);
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(1);
    expect(Math.max(...Object.values(result.worstReadyWaitOverBound!))).toBeGreaterThan(0.05);
    // CBR: what is delivered in the window is what is offered, within the packets in flight.
    const injected = m.injectedTraffic as unknown as number;
    const delivered = m.deliveredTraffic as unknown as number;
    expect(Math.abs(delivered - injected) / injected).toBeLessThan(0.05);
  }, 240_000);

  it('without output buffers (input VL FIFOs feeding the links, the departure) SL 0 misses deadlines at this load', () => {
    const result = carryAlfaroConnections(admission, { until, warmup: 1e-4, streams, replication: 0, outputBuffers: false });
    const m = result.metrics as Record<string, Record<string, number>>;
    expect(m.withinDeadline!['0']!).toBeLessThan(1);
    expect(m.worstDelayOverDeadline!['0']!).toBeGreaterThan(1);
    expect(result.worstReadyWaitOverBound).toBeNull();
  }, 240_000);
});
