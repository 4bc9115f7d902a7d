/**
 * Issue 23's last fabric findings: forwarding tables stored as one Int32Array inside the validated
 * topology (a k = 32 fat-tree's 10.5 M entries were null-prototype records keyed by name), the
 * validated topology accepted wherever a topology is, and a link rate whose bytes/s overflow refused
 * with an error naming the field. The tables are checked against an independent breadth-first search
 * written here, not against the code under test.
 */
import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { admitAlfaroWorkload } from '../../../src/studies/alfaro/workload.js';
import { fabricRoute, fatTreeTopology, meshTopology, singleSwitchTopology, twoSwitchTopology, validateFabricTopology, type FabricTopology, type FabricTopologySpec } from '../../../src/network/index.js';
import { buildFabric } from '../../../src/sim/fabric/index.js';
import { congestionSpreadingFabric } from '../../../src/studies/index.js';
import { summarizeTopology } from '../../../src/network/import/summary.js';
import { multipathRoutes } from '../../../src/network/routing/multipath.js';
import { upDownForwarding } from '../../../src/network/routing/upDown.js';
import { parseCongestionSpreading } from '../../../src/studies/congestionSpreading/congestionSpreadingParams.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';

function errorOf(f: () => unknown): InvalidParameterError {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidParameterError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

/** Hop distance from every switch to host `to` over the links (a plain BFS over names, independent of src). */
function hopsTo(t: FabricTopology, to: string): Map<string, number> {
  const adj = new Map<string, string[]>();
  for (const l of t.links) {
    (adj.get(l.a.node) ?? adj.set(l.a.node, []).get(l.a.node)!).push(l.b.node);
    (adj.get(l.b.node) ?? adj.set(l.b.node, []).get(l.b.node)!).push(l.a.node);
  }
  const hostNames = new Set(t.hosts.map((h) => h.name));
  const dist = new Map([[to, 0]]);
  const queue = [to];
  for (let i = 0; i < queue.length; i++) {
    for (const n of adj.get(queue[i]!) ?? []) {
      if (!dist.has(n) && (!hostNames.has(n) || n === to)) {
        dist.set(n, dist.get(queue[i]!)! + 1);
        queue.push(n);
      }
    }
  }
  return dist;
}

describe('forwarding tables stored as one Int32Array (issue 23)', () => {
  it('a k = 4 fat-tree: forwardingPorts is an Int32Array of switches × hosts equal to the named view', () => {
    const t = validateFabricTopology(fatTreeTopology(4));
    const H = t.hosts.length;
    expect(t.forwardingPorts).toBeInstanceOf(Int32Array);
    expect(t.forwardingPorts.length).toBe(t.switches.length * H);
    t.switches.forEach((s, si) => t.hosts.forEach((h, hi) => expect(t.forwardingPorts[si * H + hi]).toBe(t.forwarding[s.name]![h.name])));
  });

  it('every computed entry of a k = 4 fat-tree steps one hop closer to its host (independent BFS)', () => {
    const t = validateFabricTopology(fatTreeTopology(4));
    const H = t.hosts.length;
    const peer = new Map<string, string>();
    for (const l of t.links) {
      peer.set(`${l.a.node}:${l.a.port}`, l.b.node);
      peer.set(`${l.b.node}:${l.b.port}`, l.a.node);
    }
    t.hosts.forEach((h, hi) => {
      const dist = hopsTo(t, h.name);
      t.switches.forEach((s, si) => {
        const next = peer.get(`${s.name}:${t.forwardingPorts[si * H + hi]}`)!;
        expect(dist.get(next)).toBe(dist.get(s.name)! - 1);
      });
    });
  });

  it('given tables: a loop is found and named by its first switch, as before', () => {
    const spec = twoSwitchTopology();
    const t = validateFabricTopology(spec);
    // Send A's packets for host Bc to B and B's back to A: a loop between the two switches.
    const toB = t.forwarding.A!.Bc!;
    const toA = t.forwarding.B!.A1!;
    const e = errorOf(() => validateFabricTopology({ ...spec, forwarding: { A: { Bc: toB }, B: { Bc: toA } } }));
    expect(e.parameter).toBe('forwarding.A.Bc');
    expect(e.rule).toBe('a route that reaches the host without a loop');
    // A's port to its own host A1 given for Bc: the route ends at the wrong host.
    const astray = errorOf(() => validateFabricTopology({ ...spec, forwarding: { A: { Bc: t.forwarding.A!.A1! } } }));
    expect(astray.parameter).toBe('forwarding.A.Bc');
    expect(astray.rule).toBe('a port leading towards Bc, not to host A1');
  });

  it('multipath LIDs carry the same arrays: LID 0 is the topology own forwardingPorts', () => {
    const t = validateFabricTopology(meshTopology(3, 3));
    const routes = multipathRoutes(t, 2);
    expect(routes.lids[0]!.ports).toBe(t.forwardingPorts);
    const H = t.hosts.length;
    t.switches.forEach((s, si) => t.hosts.forEach((h, hi) => expect(routes.lids[1]!.ports[si * H + hi]).toBe(routes.lids[1]!.forwarding[s.name]![h.name])));
  });
});

describe('a validated topology is accepted wherever a topology is (issue 23)', () => {
  const spec = singleSwitchTopology(3);
  const flows = [{ name: 'f', source: 'h0', destination: 'h1' }];

  it('validateFabricTopology(validated) → the same object, not "links[0].a must be a port written node:port"', () => {
    const t = validateFabricTopology(spec);
    expect(validateFabricTopology(t)).toBe(t);
  });

  it('buildFabric({ topology: validateFabricTopology(spec) }) runs and measures what the spec gives', () => {
    const fromSpec = buildFabric({ topology: spec, flows, seed: 3 });
    const fromValidated = buildFabric({ topology: validateFabricTopology(spec), flows, seed: 3 });
    fromSpec.run(2e-4);
    fromValidated.run(2e-4);
    expect(fromValidated.measurements().flows).toEqual(fromSpec.measurements().flows);
  });

  it('admitAlfaroWorkload and summarizeTopology take a validated topology', () => {
    const t = validateFabricTopology(spec);
    const a = admitAlfaroWorkload({ topology: t, packetBytes: 256, attempts: 2, rng: new RandomStreams(1).stream('alfaro') });
    expect(a.fabric).toBe(t);
    expect(summarizeTopology(t)).toMatchObject({ switches: 1, hosts: 3, links: 3, routesGiven: true, hostsWithoutRoute: [] });
  });

  it('upDownForwarding, fabricRoute and multipathRoutes take a validated topology', () => {
    const net = meshTopology(3, 3);
    const t = validateFabricTopology(net);
    expect(upDownForwarding(t)).toEqual(upDownForwarding(net));
    expect(fabricRoute(t, 'h0_0', 'h2_2').length).toBe(5);
    expect(multipathRoutes(t, 2).lids.length).toBe(2);
  });

  it('a copy of a validated topology with other tables is checked again as it stands: its tables are used, a bad entry is named', () => {
    const t = validateFabricTopology(fatTreeTopology(4));
    const { forwarding } = t;
    const edge = t.switches.find((s) => t.forwarding[s.name]![t.hosts[15]!.name] !== undefined && s.name.startsWith('e'))!.name;
    const up = Object.values(forwarding[edge]!).filter((p) => p > 2);
    const forced = { ...t, forwarding: { ...forwarding, [edge]: Object.fromEntries(Object.entries(forwarding[edge]!).map(([h, p]) => [h, p > 2 ? Math.max(...up) : p])) } };
    const again = validateFabricTopology(forced);
    expect(again).not.toBe(t);
    const H = again.hosts.length;
    const si = again.switches.findIndex((s) => s.name === edge);
    expect(new Set(Array.from(again.forwardingPorts.subarray(si * H, si * H + H)).filter((p) => p > 2))).toEqual(new Set([Math.max(...up)]));
    const wrong = { ...t, forwarding: { [edge]: { [t.hosts[0]!.name]: 99 } } };
    expect(errorOf(() => validateFabricTopology(wrong)).parameter).toBe(`forwarding.${edge}.${t.hosts[0]!.name}`);
  });

  it('the validated topology is frozen: it cannot be changed behind the mark that lets it through', () => {
    const t = validateFabricTopology(spec);
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t.links)).toBe(true);
    expect(Object.isFrozen(t.links[0]!.a)).toBe(true);
    // The named view too: a write to it would not reach forwardingPorts, which the fabric reads.
    expect(Object.isFrozen(t.forwarding.S)).toBe(true);
    expect(fabricRoute(t, 'h0', 'h2')).toEqual(['S:3']);
  });

  it('a JSON spec may not give forwardingPorts: the tables are written as forwarding', () => {
    const e = errorOf(() => validateFabricTopology({ ...spec, forwardingPorts: [1, 2, 3] } as FabricTopologySpec));
    expect(e.parameter).toBe('topology.forwardingPorts');
  });
});

describe('a link rate whose bytes/s overflow, or whose packets take no resolvable time, is refused naming its field (issue 23)', () => {
  it.each([1e308, 1e300, 1e299, 1.000001e6, Infinity, 0, -1, NaN])('links[0].rateGbps = %s → an error naming links[0].rateGbps, the rule and the value', (rate) => {
    const spec = singleSwitchTopology(2);
    const e = errorOf(() => validateFabricTopology({ ...spec, links: [{ ...spec.links[0]!, rateGbps: rate }, spec.links[1]!] }));
    expect(e.parameter).toBe('links[0].rateGbps');
    expect(e.rule).toMatch(/at most 1000000 \(Gb\/s/);
    expect(e.value).toBe(rate);
  });

  it('1e6 Gb/s (1 Pb/s) is still a rate, and a run on it ends (a 2 KB packet takes 1.6e-11 s: resolvable)', () => {
    const spec = singleSwitchTopology(2);
    expect(validateFabricTopology({ ...spec, links: [{ ...spec.links[0]!, rateGbps: 1e6 }, spec.links[1]!] }).links[0]!.rateGbps).toBe(1e6);
    const fabric = congestionSpreadingFabric(parseCongestionSpreading({ linkGbps: 1e6 }));
    fabric.run(1e-6);
    expect(fabric.measurements().packetHops).toBeGreaterThan(0);
  });

  it('congestion-spreading linkGbps 1e308 → an error naming linkGbps (not flows[2].traffic.rate … Infinity)', () => {
    const e = errorOf(() => parseCongestionSpreading({ linkGbps: 1e308 }));
    expect(e.parameter).toBe('linkGbps');
    expect(e.value).toBe(1e308);
  });

  it('buildFabric hostInjectionGbps / hostReceiveGbps 1e308 → errors naming them (an infinite cap read as "no cap")', () => {
    const spec = singleSwitchTopology(2);
    const flows = [{ name: 'f', source: 'h0', destination: 'h1' }];
    expect(errorOf(() => buildFabric({ topology: spec, flows, hostInjectionGbps: 1e308 })).parameter).toBe('hostInjectionGbps');
    expect(errorOf(() => buildFabric({ topology: spec, flows, hostReceiveGbps: 1e308 })).parameter).toBe('hostReceiveGbps');
  });
});
