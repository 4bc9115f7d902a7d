/**
 * The seed's workload admitted on small random networks: the reservations obey the 80 % cap with
 * the headers counted (payload and with-header means agree with the connections), the stopping rules
 * (refusals in a row; a fixed number per SL) and the SL orders do what they say, larger packets
 * establish more connections and more payload (the trend of the seed's Table 2, here on 8-switch
 * networks with few attempts so it runs in seconds; benchmarks/alfaro.ts does the 16-switch study,
 * where the utilisation with headers — the reading the seed's table supports — is compared), and
 * bad input is refused.
 */
import { describe, expect, it } from 'vitest';
import { admitAlfaroWorkload, ALFARO_SERVICE_LEVELS, InvalidParameterError, irregularTopology, RandomStreams } from '../../../src/index.js';
import { thrownBy } from '../../helpers/errors.js';

function run(seed: number, packetBytes: number, attempts = 20, overhead = true) {
  const streams = new RandomStreams(seed);
  const topology = irregularTopology({ switches: 8 }, streams.stream('topology'));
  return admitAlfaroWorkload({ topology, packetBytes, attempts, overhead, rng: streams.stream('requests') });
}

describe('admitAlfaroWorkload', () => {
  it('every link: payload · (S + 26)/S summed over its connections < 80 % of 2500 Mb/s; the utilisations agree', () => {
    const a = run(1, 256);
    expect(a.connections.length).toBeGreaterThan(1000);
    const payload = new Map<string, number>();
    for (const c of a.connections) for (const p of c.path) payload.set(p, (payload.get(p) ?? 0) + c.mbps);
    for (const [port, mbps] of payload) expect((mbps * 282) / 256, port).toBeLessThan(2000 + 1e-9);
    const hostPorts = a.fabric.hosts.map((h) => `${h.name}:1`);
    const hostMean = hostPorts.reduce((s, p) => s + (payload.get(p) ?? 0), 0) / hostPorts.length;
    expect(a.hostReservationMbps).toBeCloseTo(hostMean, 9);
    expect(a.hostUtilization).toBeCloseTo(hostMean / 2500, 12);
    expect(a.hostWireUtilization).toBeCloseTo((hostMean * 282) / 256 / 2500, 9);
    expect(a.hostWireReservationMbps).toBeCloseTo((hostMean * 282) / 256, 6);
    const switchPorts = [...new Set(a.fabric.links.flatMap((l) => [l.a, l.b]).filter((e) => !hostPorts.includes(`${e.node}:${e.port}`)).map((e) => `${e.node}:${e.port}`))];
    const switchMean = switchPorts.reduce((s, p) => s + (payload.get(p) ?? 0), 0) / switchPorts.length;
    expect(a.switchReservationMbps).toBeCloseTo(switchMean, 9);
    expect(a.switchWireReservationMbps).toBeCloseTo((switchMean * 282) / 256, 6);
    expect(a.switchWireUtilization).toBeCloseTo((switchMean * 282) / 256 / 2500, 9);
    expect(a.connectionsPerSl.reduce((x, y) => x + y, 0)).toBe(a.connections.length);
    for (const c of a.connections) {
      const level = ALFARO_SERVICE_LEVELS[c.sl]!;
      expect(c.mbps).toBeGreaterThanOrEqual(level.minMbps);
      expect(c.mbps).toBeLessThanOrEqual(level.maxMbps);
      expect(c.path[0]).toBe(`${c.source}:1`);
    }
  });

  it('requests = connections + refusals, and the last `attempts` requests of every SL were refusals', () => {
    const a = run(2, 2048, 10);
    const refused = Object.values(a.refusals).reduce((x, y) => x + y, 0);
    expect(a.requests).toBe(a.connections.length + refused);
    // SLs are requested in turn: every SL's last admitted request is followed by ≥ 10 of its own refused.
    const lastId = ALFARO_SERVICE_LEVELS.map((l) => Math.max(-1, ...a.connections.filter((c) => c.sl === l.sl).map((c) => c.id)));
    for (const id of lastId) expect(a.requests - 1 - id).toBeGreaterThanOrEqual(10);
  });

  it("attemptsRule 'per-sl': every SL is requested exactly `attempts` times, admitted or not (in turn and at random)", () => {
    const streams = new RandomStreams(3);
    const topology = irregularTopology({ switches: 8 }, streams.stream('topology'));
    const inTurn = admitAlfaroWorkload({ topology, packetBytes: 1024, attempts: 200, attemptsRule: 'per-sl', rng: streams.stream('requests') });
    expect(inTurn.requests).toBe(2000);
    // In turn, request k is of SL k mod 10 (no SL closes before the others).
    for (const c of inTurn.connections) expect(c.id % 10).toBe(c.sl);
    const refused = Object.values(inTurn.refusals).reduce((x, y) => x + y, 0);
    expect(inTurn.connections.length + refused).toBe(2000);
    const random = admitAlfaroWorkload({ topology, packetBytes: 1024, attempts: 200, attemptsRule: 'per-sl', slOrder: 'random', rng: streams.stream('requests2') });
    expect(random.requests).toBe(2000);
    // The default rule on the same network runs on until 200 refusals in a row per SL: more requests.
    const inARow = admitAlfaroWorkload({ topology, packetBytes: 1024, attempts: 200, rng: streams.stream('requests3') });
    expect(inARow.requests).toBeGreaterThan(2000);
  });

  it("slOrder 'one-by-one': every connection of SL k was requested before any of SL k + 1", () => {
    const streams = new RandomStreams(4);
    const topology = irregularTopology({ switches: 8 }, streams.stream('topology'));
    const a = admitAlfaroWorkload({ topology, packetBytes: 2048, attempts: 5, slOrder: 'one-by-one', rng: streams.stream('requests') });
    const ids = a.connections.map((c) => c.id);
    const sls = a.connections.map((c) => c.sl);
    for (let k = 1; k < ids.length; k++) {
      expect(ids[k]!).toBeGreaterThan(ids[k - 1]!);
      expect(sls[k]!).toBeGreaterThanOrEqual(sls[k - 1]!);
    }
    expect(new Set(sls).size).toBeGreaterThan(1);
  });

  // The payload utilisation: on these small, lightly filled networks the utilisation with headers
  // does not grow (it is ~flat in the packet size even at 16 switches: docs/alfaro.md, Table 2).
  it("Table 2's trend, mean of 5 seeds: connections and host (payload) utilisation grow from 256 to 4096 bytes", () => {
    const mean = (size: number) => {
      const runs = [1, 2, 3, 4, 5].map((seed) => run(seed, size));
      return {
        connections: runs.reduce((s, a) => s + a.connections.length, 0) / 5,
        host: runs.reduce((s, a) => s + a.hostUtilization, 0) / 5,
      };
    };
    const small = mean(256);
    const large = mean(4096);
    expect(large.connections).toBeGreaterThan(small.connections);
    expect(large.host).toBeGreaterThan(small.host);
  });

  it('bad input: packet size outside 256..4096, attempts ≤ 0 → errors naming the option', () => {
    const topology = irregularTopology({ switches: 8 }, new RandomStreams(1).stream('t'));
    const rng = new RandomStreams(1).stream('r');
    for (const packetBytes of [128, 8192]) {
      const e = thrownBy(InvalidParameterError, () => admitAlfaroWorkload({ topology, packetBytes, attempts: 5, rng }));
      expect(e.parameter).toBe('packetBytes.payloadBytes');
    }
    for (const attempts of [0, -3, 1.5]) expect(thrownBy(InvalidParameterError, () => admitAlfaroWorkload({ topology, packetBytes: 256, attempts, rng })).parameter).toBe('attempts');
    const e = thrownBy(InvalidParameterError, () => admitAlfaroWorkload({ topology, packetBytes: 256, attempts: 5, rng, attemptsRule: 'total' as never }));
    expect(e.parameter).toBe('attemptsRule');
    expect(e.message).toMatch(/in-a-row.*per-sl.*total/);
  });
});
