/**
 * The admitted connections carried by the fabric (seed alfaro-… §4.3, Fig. 3): every packet of
 * every admitted connection meets its deadline — the bound the broker's tables give its SL on every
 * output port of its path (workload.ts), its own transmissions, propagation and switch latencies — on
 * a 16-switch network at the full admitted load (1000 refusals in a row per SL, ≈ 74 % of every
 * host link) with a shortened steady state, on the seed's switch (§4.1: input and output VL
 * buffers of 4 packets, a multiplexed crossbar; docs/alfaro.md for the crossbar's speed-up).
 * Hosts send each VL's packets in the order they were generated (`hostQueueing: 'vl-fifo'`,
 * docs/alfaro.md). The broker's bound B(d) itself (a head packet of an output VL buffer, ready with
 * credits, starts within B(d)/rate) is checked at every switch output port and every host interface,
 * every VL, at 1024, 2048 and 4096 bytes. Every packet within D holds at 1024 and 2048 bytes; at
 * 4096 bytes it does not on this network (one SL 0 packet at 1.018 D: it waited behind SL 0 packets
 * for the same host, which D does not count — docs/alfaro.md), so there the test asks ≥ 99.5 % and
 * states every packet within D as `it.fails`. Also: the traffic delivered
 * matches what the CBR sources offer, the shares are consistent (D/100 ⊆ D/10 ⊆ D), and the
 * input-buffered switch without output buffers (the departure kept as an option) misses deadlines
 * of SL 0 at this load — head-of-line blocking in the VL 0 input FIFOs, docs/alfaro.md.
 */
import { describe, expect, it } from 'vitest';
import { admitAlfaroWorkload, carryAlfaroConnections, irregularTopology, RandomStreams, type AlfaroCarryResult } from '../../../src/index.js';

function check(result: AlfaroCarryResult, everyPacket: boolean) {
  const m = result.metrics as Record<string, Record<string, number>>;
  let packets = 0;
  for (const sl of Object.keys(m.packetsDelivered!)) {
    packets += m.packetsDelivered![sl]!;
    if (everyPacket) {
      expect(m.withinDeadline![sl], `SL ${sl}`).toBe(1);
      expect(m.worstDelayOverDeadline![sl]!, `SL ${sl}`).toBeLessThanOrEqual(1);
    } else expect(m.withinDeadline![sl], `SL ${sl}`).toBeGreaterThanOrEqual(0.995);
    expect(m.withinDeadline10![sl]!).toBeLessThanOrEqual(m.withinDeadline![sl]!);
    expect(m.withinDeadline100![sl]!).toBeLessThanOrEqual(m.withinDeadline10![sl]!);
    // The broker's own bound at every switch output port and host interface: the wait of a ready head packet.
    expect(result.worstReadyWaitOverBound![sl]!, `SL ${sl} B(d), switches`).toBeLessThanOrEqual(1);
    expect(result.worstHostReadyWaitOverBound![sl]!, `SL ${sl} B(d), hosts`).toBeLessThanOrEqual(1);
  }
  expect(packets).toBeGreaterThan(1000);
  let worst = 0;
  for (const r of result.worstDelayOverDeadline) worst = Math.max(worst, r);
  expect(worst).toBeGreaterThan(0.1);
  if (everyPacket) expect(worst).toBeLessThanOrEqual(1);
  // The waits are measured (not all zero) at both kinds of port.
  expect(Math.max(...Object.values(result.worstReadyWaitOverBound!))).toBeGreaterThan(0.05);
  expect(Math.max(...Object.values(result.worstHostReadyWaitOverBound!))).toBeGreaterThan(0.05);
  return m;
}

describe('carryAlfaroConnections', () => {
  const streams = new RandomStreams(11);
  const topology = irregularTopology({ switches: 16 }, streams.stream('alfaro/topology'));
  const admit = (packetBytes: number) => admitAlfaroWorkload({ topology, packetBytes, attempts: 1000, rng: streams.stream('alfaro/requests') });
  const admission = admit(1024);
  const until = 4e-4;

  it('16 switches at the full admitted load, 1024-byte packets: no packet of any connection exceeds its deadline', () => {
    expect(admission.hostUtilization).toBeGreaterThan(0.7);
    const result = carryAlfaroConnections(admission, { until, warmup: 1e-4, streams, replication: 0 });
    const m = check(result, true);
    // CBR: what is delivered in the window is what is offered, within the packets in flight.
    const injected = m.injectedTraffic as unknown as number;
    const delivered = m.deliveredTraffic as unknown as number;
    expect(Math.abs(delivered - injected) / injected).toBeLessThan(0.05);
  }, 240_000);

  it('2048-byte packets: no packet exceeds its deadline', () => {
    const a2048 = admit(2048);
    expect(a2048.hostUtilization).toBeGreaterThan(0.7);
    check(carryAlfaroConnections(a2048, { until, warmup: 1e-4, streams, replication: 0 }), true);
  }, 240_000);

  // One run at 4096 bytes, shared by the two tests below (admitted after 2048 bytes, as before).
  let run4096: AlfaroCarryResult | undefined;
  const carried4096 = () => {
    if (run4096 === undefined) {
      const a4096 = admit(4096);
      expect(a4096.hostUtilization).toBeGreaterThan(0.7);
      run4096 = carryAlfaroConnections(a4096, { until, warmup: 1e-4, streams, replication: 0 });
    }
    return run4096;
  };

  it('4096-byte packets: B(d) holds at every port, ≥ 99.5 % of every SL within D', () => {
    check(carried4096(), false);
  }, 240_000);

  // Issue 18's unmet point, stated: the seed's claim at 4096 bytes. On this network one SL 0 packet
  // arrives at 1.018 D, queued behind older SL 0 packets, which the broker's D does not count
  // (docs/alfaro.md, "What does not hold"). Fails while that is so; passes (and so fails here) when it holds.
  it.fails('4096-byte packets: every packet of every SL within D (the seed, Fig. 3; does not hold here)', () => {
    check(carried4096(), true);
  }, 240_000);

  it('without output buffers (input VL FIFOs feeding the links, the departure) SL 0 misses deadlines at this load', () => {
    const result = carryAlfaroConnections(admission, { until, warmup: 1e-4, streams, replication: 0, outputBuffers: false });
    const m = result.metrics as Record<string, Record<string, number>>;
    expect(m.withinDeadline!['0']!).toBeLessThan(1);
    expect(m.worstDelayOverDeadline!['0']!).toBeGreaterThan(1);
    expect(result.worstReadyWaitOverBound).toBeNull();
  }, 240_000);
});
