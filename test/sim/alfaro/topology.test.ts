/**
 * Random irregular networks (seed alfaro-… §4.1) and up*\/down* routing: the shape of the network,
 * the legality of every route (up links, then down links, with levels recomputed here by a
 * breadth-first search of our own) and deadlock freedom (the channel dependency graph of all routes
 * is acyclic, Dally & Seitz's condition), plus the errors.
 */
import { describe, expect, it } from 'vitest';
import {
  fabricRoute,
  InvalidParameterError,
  irregularTopology,
  RandomStreams,
  upDownForwarding,
  validateFabricTopology,
  type FabricTopologySpec,
} from '../../../src/index.js';
import { thrownBy } from '../../helpers/errors.js';

const net = (switches: number, seed: number) => irregularTopology({ switches }, new RandomStreams(seed).stream('topology'));

/** Switch adjacency and the switch each port leads to, from a validated topology. */
function peers(spec: FabricTopologySpec) {
  const t = validateFabricTopology(spec);
  const peer = new Map<string, string>();
  for (const l of t.links) {
    peer.set(`${l.a.node}:${l.a.port}`, l.b.node);
    peer.set(`${l.b.node}:${l.b.port}`, l.a.node);
  }
  return { t, peer };
}

describe('irregularTopology', () => {
  it.each([8, 16, 64])('%i switches → 4 hosts each, 8 ports all used, 4 switch links each, connected', (n) => {
    const spec = net(n, 3);
    const { t } = peers(spec);
    expect(t.switches.length).toBe(n);
    expect(t.hosts.length).toBe(4 * n);
    expect(t.links.length).toBe(4 * n + 2 * n);
    const used = new Map<string, number>();
    for (const l of t.links) for (const e of [l.a, l.b]) if (e.node.startsWith('s')) used.set(e.node, (used.get(e.node) ?? 0) + 1);
    for (const s of t.switches) expect(used.get(s.name)).toBe(8);
    const pairs = new Set(t.links.filter((l) => l.a.node.startsWith('s') && l.b.node.startsWith('s')).map((l) => [l.a.node, l.b.node].sort().join('-')));
    expect(pairs.size).toBe(2 * n); // no parallel links
  });

  it('same seed → same network; another seed → another network', () => {
    expect(JSON.stringify(net(16, 5))).toBe(JSON.stringify(net(16, 5)));
    expect(JSON.stringify(net(16, 5))).not.toBe(JSON.stringify(net(16, 6)));
  });

  it.each([1, 2])('seed %i: every route is up*/down* and the channel dependencies are acyclic', (seed) => {
    const spec = net(16, seed);
    const { t, peer } = peers(spec);
    // Levels: breadth-first from s0, order (level, index) — recomputed here.
    const adj = new Map<string, string[]>(t.switches.map((s) => [s.name, []]));
    for (const l of t.links) if (adj.has(l.a.node) && adj.has(l.b.node)) (adj.get(l.a.node)!.push(l.b.node), adj.get(l.b.node)!.push(l.a.node));
    const level = new Map([['s0', 0]]);
    for (const queue = ['s0']; queue.length > 0; ) {
      const u = queue.shift()!;
      for (const v of adj.get(u)!) if (!level.has(v)) (level.set(v, level.get(u)! + 1), queue.push(v));
    }
    const key = (s: string) => level.get(s)! * 1000 + Number(s.slice(1));
    const deps = new Map<string, Set<string>>();
    for (const a of t.hosts) {
      for (const b of t.hosts) {
        if (a === b) continue;
        const hops = fabricRoute(t, a.name, b.name);
        let wentDown = false;
        for (let k = 0; k + 1 < hops.length; k++) {
          const from = hops[k]!.split(':')[0]!;
          const to = peer.get(hops[k]!)!;
          const up = key(to) < key(from);
          expect(up && wentDown, `${a.name}→${b.name}: up after down at ${hops[k]}`).toBe(false);
          if (!up) wentDown = true;
          if (!deps.has(hops[k]!)) deps.set(hops[k]!, new Set());
          deps.get(hops[k]!)!.add(hops[k + 1]!);
        }
      }
    }
    // Kahn's algorithm over the channel dependency graph: every channel must be removed.
    const indeg = new Map<string, number>();
    for (const [c, next] of deps) {
      if (!indeg.has(c)) indeg.set(c, 0);
      for (const n of next) indeg.set(n, (indeg.get(n) ?? 0) + 1);
    }
    const ready = [...indeg].filter(([, d]) => d === 0).map(([c]) => c);
    let removed = 0;
    while (ready.length > 0) {
      const c = ready.pop()!;
      removed++;
      for (const n of deps.get(c) ?? []) if (indeg.set(n, indeg.get(n)! - 1).get(n) === 0) ready.push(n);
    }
    expect(removed).toBe(indeg.size);
  });

  it("'shortest' routing leaves the forwarding to the fabric's shortest paths", () => {
    const spec = irregularTopology({ switches: 8, routing: 'shortest' }, new RandomStreams(1).stream('topology'));
    expect(spec.forwarding).toBeUndefined();
  });

  it('switches outside 8..64 or fractional, or an unknown routing → errors naming the option', () => {
    const rng = new RandomStreams(1).stream('t');
    for (const switches of [7, 65, 8.5]) expect(thrownBy(InvalidParameterError, () => irregularTopology({ switches }, rng)).parameter).toBe('switches');
    expect(thrownBy(InvalidParameterError, () => irregularTopology({ switches: 8, routing: 'x' as never }, rng)).parameter).toBe('routing');
  });

  it('upDownForwarding: a host that up*/down* cannot reach → an error naming the host', () => {
    const islands: FabricTopologySpec = {
      switches: [{ name: 'A', ports: 2 }, { name: 'B', ports: 2 }],
      hosts: [{ name: 'x' }, { name: 'y' }],
      links: [{ a: 'x', b: 'A:1' }, { a: 'y', b: 'B:1' }],
    };
    const e = thrownBy(InvalidParameterError, () => upDownForwarding(islands));
    expect(e.parameter).toBe('topology.hosts');
    expect(e.message).toContain('cannot reach');
  });
});
