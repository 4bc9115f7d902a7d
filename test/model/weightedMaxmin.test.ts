/**
 * The weighted max-min allocation (src/model/routes/weightedMaxmin.ts; docs/models.md §13.7): max-min
 * over the links, each port's VLs sharing it by the arbitration table — a VL gets its table share or its
 * demand, whichever is less, the leftover to the others. Hand-built networks; every expected rate worked
 * out by hand as a fraction of the link (weights 32 and 96 with 2048-byte packets: one and three packets
 * a round, shares 1/4 and 3/4).
 */
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/model/spec/compile.js';
import { weightedMaxMin } from '../../src/model/routes/weightedMaxmin.js';
import type { ModelFlow, ModelNetwork, ModelPort } from '../../src/model/index.js';

const RATE = 2e9; // bytes/s
const LINK = RATE / 2048; // packets/s of 2048 bytes
const TABLE = { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }], limitOfHighPriority: 0 };
const port = (name: string, host: boolean): ModelPort => ({ name, rate: RATE, delay: 0, exponential: false, host, downstreamBufferBytes: host ? 8192 : Infinity, downstreamLatency: 0, arbitration: TABLE });
/** Hosts a, b, c (ports 0–2) into one switch; its output S:4 (port 3) to host d, S:5 (port 4) to host e. */
const PORTS = [port('a', true), port('b', true), port('c', true), port('S:4', false), port('S:5', false)];
const flow = (name: string, path: number[], vl: number, load: number): ModelFlow => ({ name, path, vls: path.map(() => vl), lambda: load * LINK, ca2: 1, meanBytes: 2048, secondMomentBytes: 2048 * 2048, sendQueuePackets: Infinity });
const net = (flows: ModelFlow[]): ModelNetwork => ({ ports: PORTS, flows, vls: 2, cutThrough: true });
const solve = (n: ModelNetwork, held?: number[], headTime?: Float64Array) => {
  const w = weightedMaxMin(compileModel(n), n, { held: held ? Float64Array.from(held, (x) => x * LINK) : undefined, headTime });
  return { rates: Array.from(w.rate, (r) => r / LINK), w };
};

describe('weighted max-min over links and VL tables', () => {
  it('two greedy VLs on one link: the table shares 1/4 and 3/4, both capped by the channel', () => {
    const { rates, w } = solve(net([flow('f0', [0, 3], 0, 5), flow('f1', [1, 3], 1, 5)]));
    expect(rates[0]).toBeCloseTo(1 / 4, 12);
    expect(rates[1]).toBeCloseTo(3 / 4, 12);
    expect(w.settled).toBe(true);
    expect(w.bottleneck[0]).toBeGreaterThanOrEqual(0);
  });

  it('a VL below its share keeps its demand, the other takes the leftover (0.1 → 0.9; 0.4 → 0.6)', () => {
    for (const d of [0.1, 0.4]) {
      const { rates, w } = solve(net([flow('f0', [0, 3], 0, 5), flow('f1', [1, 3], 1, d)]));
      expect(rates[1]).toBeCloseTo(d, 12);
      expect(rates[0]).toBeCloseTo(1 - d, 12);
      expect(w.bottleneck[1]).toBe(-1);
    }
  });

  it('the favoured VL held back by its own host link elsewhere: its flow capped at a (1/2 each with a second flow), SL 0 gets the rest of S:4', () => {
    // f1 (a → d, VL 1) and g (a → e, VL 1) share host link a: 1/2 each; f0 (b → d, VL 0) greedy: S:4 carries f1's 1/2 and f0 1/2.
    const { rates } = solve(net([flow('f0', [1, 3], 0, 5), flow('f1', [0, 3], 1, 5), flow('g', [0, 4], 1, 5)]));
    expect(rates[1]).toBeCloseTo(1 / 2, 12);
    expect(rates[2]).toBeCloseTo(1 / 2, 12);
    expect(rates[0]).toBeCloseTo(1 / 2, 12);
  });

  it('two flows on the favoured VL from two hosts and one on the other: 3/8, 3/8 and 1/4', () => {
    const { rates } = solve(net([flow('f0', [0, 3], 0, 5), flow('f1', [1, 3], 1, 5), flow('f2', [2, 3], 1, 5)]));
    expect(rates[0]).toBeCloseTo(1 / 4, 12);
    expect(rates[1]).toBeCloseTo(3 / 8, 12);
    expect(rates[2]).toBeCloseTo(3 / 8, 12);
  });

  it('held flows keep their rates and count in their VL’s demand: f1 held at 0.2 leaves f0 0.8; held at 0.9, f0 gets 0.1', () => {
    for (const h of [0.2, 0.9]) {
      const { rates } = solve(net([flow('f0', [0, 3], 0, 5), flow('f1', [1, 3], 1, 5)]), [NaN, h]);
      expect(rates[1]).toBe(h);
      expect(rates[0]).toBeCloseTo(1 - h, 12);
    }
  });

  it('a VL held by the head time of the buffer it leaves (change 106) is met at the next port: f1 capped at 2/5 by a head of 5/2 transmissions, f0 takes the other 3/5 of S:4 (1/4 without the head time)', () => {
    const n = net([flow('f0', [0, 3], 0, 5), flow('f1', [1, 3], 1, 5)]);
    const head = new Float64Array(PORTS.length * 2);
    head[1 * 2 + 1] = 2.5 * (2048 / RATE); // the switch's input buffer behind host b's VL 1: 5/2 transmissions a packet
    const { rates, w } = solve(n, undefined, head);
    expect(rates[1]).toBeCloseTo(2 / 5, 12);
    expect(rates[0]).toBeCloseTo(3 / 5, 12);
    expect(w.settled).toBe(true);
    expect(w.bottleneck[1]).toBe(PORTS.length + 2 * PORTS.length + 1 * 2 + 1); // the input buffer behind channel (b, VL 1)
  });
});
