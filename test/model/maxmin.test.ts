/**
 * The model's progressive filling over the shared route table (maxmin.ts) and hop by hop
 * (maxminHops.ts) against the textbook form written here (Bertsekas & Gallager, Data Networks
 * §6.5.2: every unfrozen flow rises together, a resource saturates when Σ a·r reaches its capacity, freezing the flows through it; a
 * flow whose demand is met freezes at its demand), on random networks; and the front end's route
 * table (built off the forwarding tables) against the flows' own paths.
 */
import { describe, expect, it } from 'vitest';
import { compileModel, hopArrays, type CompiledModel } from '../../src/model/spec/compile.js';
import { maxMinRates } from '../../src/model/routes/maxmin.js';
import { maxMinRatesByHop } from '../../src/model/routes/maxminHops.js';
import { newState } from '../../src/model/fixedPoint/state.js';
import { routesFromPaths } from '../../src/model/routes/routes.js';
import { fabricModelNetwork, type ModelNetwork, type ModelPort } from '../../src/model/index.js';
import { fatTreeTopology } from '../../src/network/index.js';

/** The textbook filling, one flow and one hop at a time; resources: ports, channels, input buffers. */
function textbook(net: ModelNetwork, capacity: Float64Array, headTime: Float64Array): { rate: number[]; by: number[] } {
  const V = net.vls;
  const P = net.ports.length;
  const C = P * V;
  const uses = net.flows.map((f) => {
    const list: [number, number][] = [];
    f.path.forEach((p, k) => {
      const c = p * V + f.vls[k]!;
      const a = f.meanBytes / net.ports[p]!.rate;
      list.push([p, a], [P + c, a]);
      if (k > 0) list.push([P + C + f.path[k - 1]! * V + f.vls[k - 1]!, headTime[f.path[k - 1]! * V + f.vls[k - 1]!]!]);
    });
    return list;
  });
  const cap = (r: number) => (r < P ? 1 : r < P + C ? capacity[r - P]! : 1);
  const rate = net.flows.map(() => 0);
  const by = net.flows.map(() => -1);
  const frozen = net.flows.map((f) => !(f.lambda > 0));
  const full = new Set<number>();
  let level = 0;
  while (frozen.some((x) => !x)) {
    const load = new Map<number, number>();
    const slope = new Map<number, number>();
    uses.forEach((list, f) => {
      for (const [r, a] of list) {
        load.set(r, (load.get(r) ?? 0) + (frozen[f] ? rate[f]! * a : 0));
        if (!frozen[f]) slope.set(r, (slope.get(r) ?? 0) + a);
      }
    });
    let next = Infinity;
    for (const [r, sl] of slope) if (!full.has(r) && sl > 0) next = Math.min(next, (cap(r) - load.get(r)!) / sl);
    net.flows.forEach((f, i) => {
      if (!frozen[i]) next = Math.min(next, f.lambda);
    });
    next = Math.max(next, level);
    for (const [r, sl] of slope) if (!full.has(r) && sl > 0 && load.get(r)! + next * sl >= cap(r) * (1 - 1e-12)) full.add(r);
    net.flows.forEach((f, i) => {
      if (frozen[i]) return;
      if (f.lambda <= next) ((rate[i] = f.lambda), (frozen[i] = true));
      else {
        const hit = uses[i]!.find(([r]) => full.has(r));
        if (hit) ((rate[i] = next), (by[i] = hit[0]), (frozen[i] = true));
      }
    });
    level = next;
  }
  return { rate, by };
}

/** A seeded generator (reproducible). */
function lcg(seed: number) {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

const RR = { high: [], low: [{ vl: 0, weight: 1 }, { vl: 1, weight: 1 }], limitOfHighPriority: 255 };

function randomNetwork(seed: number): ModelNetwork {
  const rnd = lcg(seed);
  const P = 12;
  const ports: ModelPort[] = Array.from({ length: P }, (_, i) => ({ name: `p${i}`, rate: 1e9 * (0.5 + rnd()), delay: 0, exponential: false, host: i < 4, downstreamBufferBytes: 8192, downstreamLatency: 0, arbitration: RR }));
  const flows = Array.from({ length: 40 }, (_, i) => {
    const hops = 1 + Math.floor(rnd() * 4);
    const path = [Math.floor(rnd() * 4)];
    while (path.length < hops) {
      const p = 4 + Math.floor(rnd() * (P - 4));
      if (!path.includes(p)) path.push(p);
    }
    const greedy = rnd() < 0.3;
    return { name: `f${i}`, path, vls: path.map(() => Math.floor(rnd() * 2)), lambda: greedy ? Infinity : 1e5 * (0.2 + 3 * rnd()), ca2: 1, meanBytes: 256 + Math.floor(rnd() * 1800), secondMomentBytes: 0, sendQueuePackets: Infinity };
  });
  return { ports, flows, vls: 2, cutThrough: true };
}

describe('maxMinRates over the route table', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('random network %d: the textbook filling’s rates (to 1e-12) and bottlenecks', (seed) => {
    const net = randomNetwork(seed);
    const m: CompiledModel = compileModel(net);
    const rnd = lcg(seed + 100);
    const capacity = Float64Array.from({ length: m.C }, () => 0.3 + 0.7 * rnd());
    const headTime = Float64Array.from({ length: m.C }, () => (rnd() < 0.5 ? 0 : 2e-6 * rnd()));
    const got = maxMinRates(m, { channelCapacity: capacity, headTime }, newState(m).scratch);
    const byHop = maxMinRatesByHop(m, hopArrays(m), { channelCapacity: capacity, headTime });
    const want = textbook(net, capacity, headTime);
    for (let f = 0; f < m.F; f++) {
      expect(Math.abs(got.rate[f]! - want.rate[f]!) / want.rate[f]!, `flow ${f}`).toBeLessThan(1e-12);
      expect(got.bottleneck[f], `flow ${f}`).toBe(want.by[f]);
      expect(Math.abs(byHop.rate[f]! - want.rate[f]!) / want.rate[f]!, `flow ${f}, hop by hop`).toBeLessThan(1e-12);
      expect(byHop.bottleneck[f], `flow ${f}, hop by hop`).toBe(want.by[f]);
    }
    expect(want.by.some((b) => b >= 0)).toBe(true);
  });
});

describe('the route table', () => {
  it('built off the forwarding tables (the front end) gives every flow its own path and VLs', () => {
    const topology = fatTreeTopology(4);
    const hosts = topology.hosts.map((h) => h.name);
    const net = fabricModelNetwork({ topology, vls: 2, flows: hosts.map((h, i) => ({ name: h, source: h, destination: 'uniform', sl: i % 2, traffic: { kind: 'poisson', rate: 1000 } })) });
    const m = compileModel(net);
    const fresh = routesFromPaths(net);
    // At most one node per switch, destination and VL: the first hops are the flows' own.
    expect(m.N).toBeLessThanOrEqual(fresh.channel.length);
    net.flows.forEach((f, i) => {
      const walked: number[] = [m.flowChannel[i]!];
      for (let n = m.flowRest[i]!; n >= 0; n = m.nodeNext[n]!) {
        expect(m.nodeNext[n]!).toBeLessThan(n);
        walked.push(m.nodeChannel[n]!);
      }
      expect(walked).toEqual(f.path.map((p, k) => p * 2 + f.vls[k]!));
    });
  });
});
