/**
 * The admitted connections carried by the fabric (seed alfaro-… §4.3, Fig. 3): every packet of
 * every admitted connection meets its deadline — the bound the broker's tables give its SL on every
 * output port of its path (delay.ts), its own transmissions, propagation and switch latencies — on
 * a 16-switch network with a shortened steady state. Also: the traffic delivered matches what the
 * CBR sources offer, and the shares are consistent (D/100 ⊆ D/10 ⊆ D).
 */
import { describe, expect, it } from 'vitest';
import { admitAlfaroWorkload, carryAlfaroConnections, irregularTopology, RandomStreams } from '../../../src/index.js';

describe('carryAlfaroConnections', () => {
  it('16 switches, 2048-byte packets: no packet of any connection exceeds its deadline', () => {
    const streams = new RandomStreams(11);
    const topology = irregularTopology({ switches: 16 }, streams.stream('alfaro/topology'));
    const admission = admitAlfaroWorkload({ topology, packetBytes: 2048, attempts: 30, rng: streams.stream('alfaro/requests') });
    expect(admission.hostUtilization).toBeGreaterThan(0.25);
    const until = 4e-4;
    const result = carryAlfaroConnections(admission, { until, warmup: 1e-4, streams, replication: 0 });
    const m = result.metrics as Record<string, Record<string, number>>;
    let packets = 0;
    for (const sl of Object.keys(m.packetsDelivered!)) {
      packets += m.packetsDelivered![sl]!;
      expect(m.withinDeadline![sl], `SL ${sl}`).toBe(1);
      expect(m.worstDelayOverDeadline![sl]!, `SL ${sl}`).toBeLessThanOrEqual(1);
      expect(m.withinDeadline10![sl]!).toBeLessThanOrEqual(m.withinDeadline![sl]!);
      expect(m.withinDeadline100![sl]!).toBeLessThanOrEqual(m.withinDeadline10![sl]!);
    }
    expect(packets).toBeGreaterThan(1000);
    let worst = 0;
    for (const r of result.worstDelayOverDeadline) worst = Math.max(worst, r);
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(1);
    // CBR: what is delivered in the window is what is offered, within the packets of one period per connection.
    const injected = m.injectedTraffic as unknown as number;
    const delivered = m.deliveredTraffic as unknown as number;
    expect(Math.abs(delivered - injected) / injected).toBeLessThan(0.1);
  });
});
