/**
 * Routing engines (OpenSM's minhop, updn, ftree) on generated fabrics: uniform all-to-all link loads
 * against the closed form of a non-blocking two-level fat-tree and against the generator's own
 * D-mod-k tables; fat-tree detection; the engine chain's fallback.
 */
import { describe, expect, it } from 'vitest';
import {
  fabricRoute,
  fatTreeTopology,
  foldedClosTopology,
  irregularTopology,
  parseRoutingEngines,
  RandomStreams,
  routeFabric,
  switchGraph,
  uniformLinkLoad,
  validateFabricTopology,
  type FabricTopology,
  type FabricTopologySpec,
} from '../../../../src/index.js';


const withoutTables = (spec: FabricTopologySpec | FabricTopology): FabricTopologySpec => ({
  switches: spec.switches,
  hosts: spec.hosts,
  links: spec.links.map((l) => ({ ...l, a: typeof l.a === 'string' ? l.a : `${l.a.node}:${l.a.port}`, b: typeof l.b === 'string' ? l.b : `${l.b.node}:${l.b.port}` })),
});

describe('routing engines', () => {
  // Two-level folded Clos of radix 12: 12 leaves × 6 hosts, 6 spines, every link one rate. Uniform
  // all-to-all: a leaf sends 6 · (72 − 6)/71 host-rates to other leaves over 6 uplinks, so a
  // perfectly spread routing loads every uplink (and every spine down-link) at 66/71.
  const spec = foldedClosTopology(12);
  const topo = validateFabricTopology(withoutTables(spec));
  const g = switchGraph(topo);
  const names = topo.switches.map((s) => s.name);
  const generator = validateFabricTopology(spec);

  for (const engine of ['ftree', 'minhop'] as const) {
    it(`${engine} spreads uniform all-to-all on a two-level fat-tree: max within 10 % of the mean, mean 66/71, as the generator's own tables`, () => {
      const r = routeFabric(topo, [engine]);
      expect(r.engine).toBe(engine);
      const load = uniformLinkLoad(g, r.ports, names);
      expect(load.mean).toBeCloseTo(66 / 71, 12);
      expect(load.max).toBeLessThanOrEqual(1.1 * load.mean);
      const own = uniformLinkLoad(g, generator.forwardingPorts, names);
      expect(own.mean).toBeCloseTo(66 / 71, 12);
      expect(Math.abs(load.max - own.max)).toBeLessThanOrEqual(0.1 * own.max);
      // The tables are valid: every route reaches its host without a loop.
      const routed = validateFabricTopology({ ...withoutTables(spec), forwarding: r.forwarding });
      expect(fabricRoute(routed, routed.hosts[0]!.name, routed.hosts[71]!.name)).toHaveLength(3);
    });
  }

  it('detects a fat-tree: ranks, switches per rank, oversubscription 1 for the non-blocking trees', () => {
    const two = routeFabric(topo, ['ftree']).fatTree;
    expect([two.isFatTree, two.tiers, two.switchesPerRank, two.oversubscription]).toEqual([true, 2, [12, 6], 1]);
    const three = validateFabricTopology(withoutTables(fatTreeTopology(4)));
    const r = routeFabric(three, ['ftree']);
    expect([r.engine, r.fatTree.tiers, r.fatTree.switchesPerRank]).toEqual(['ftree', 3, [8, 8, 4]]);
    const load = uniformLinkLoad(switchGraph(three), r.ports, three.switches.map((s) => s.name));
    expect(load.max).toBeLessThanOrEqual(1.1 * load.mean);
  });

  it('ftree on an irregular network fails with the rule broken, and the chain falls back (updn, then minhop)', () => {
    const net = validateFabricTopology(withoutTables(irregularTopology({ switches: 8, routing: 'shortest' }, new RandomStreams(1).stream('t'))));
    const r = routeFabric(net, ['ftree', 'updn']);
    expect(r.engine).toBe('updn');
    expect(r.failed[0]!.engine).toBe('ftree');
    expect(r.failed[0]!.reason).toMatch(/^not a fat-tree: /);
    expect(routeFabric(net, ['ftree']).engine).toBe('minhop');
    validateFabricTopology({ ...withoutTables(net), forwarding: r.forwarding });
  });

  it('engine names as OpenSM spells them; anything else is an error naming the option', () => {
    expect(parseRoutingEngines('ftree,minhop')).toEqual(['ftree', 'minhop']);
    expect(() => parseRoutingEngines('ftree,lash', '--routing-engine')).toThrow(/--routing-engine must be a comma-separated list of routing engines among minhop, updn, ftree/);
  });
});
