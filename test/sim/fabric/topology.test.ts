import { describe, expect, it } from 'vitest';
import { InvalidParameterError } from '../../../src/core/errors.js';
import { fabricRoute, fatTreeTopology, meshTopology, singleSwitchTopology, twoSwitchTopology, validateFabricTopology, type FabricTopologySpec } from '../../../src/network/index.js';

function errorOf(f: () => unknown): InvalidParameterError {
  try {
    f();
  } catch (e) {
    if (e instanceof InvalidParameterError) return e;
    throw e;
  }
  throw new Error('no error thrown');
}

const small: FabricTopologySpec = {
  switches: [{ name: 'S', ports: 3 }],
  hosts: [{ name: 'a' }, { name: 'b' }],
  links: [
    { a: 'a', b: 'S:1' },
    { a: 'b', b: 'S:2', rateGbps: 10, delayNs: 5 },
  ],
};

describe('validateFabricTopology', () => {
  it('fills in link defaults and the forwarding table', () => {
    const t = validateFabricTopology(small);
    expect(t.links[0]).toEqual({ a: { node: 'a', port: 1 }, b: { node: 'S', port: 1 }, rateGbps: 2.5, delayNs: 10, service: 'deterministic' });
    expect(t.links[1]!.rateGbps).toBe(10);
    expect(t.forwarding).toEqual({ S: { a: 1, b: 2 } });
  });

  it.each([
    [{ ...small, hosts: [] }, 'topology.hosts'],
    [{ ...small, switches: [{ name: 'S', ports: 0 }] }, 'switches[0].ports'],
    [{ ...small, switches: [{ name: '9S', ports: 3 }] }, 'switches[0].name'],
    [{ ...small, hosts: [{ name: 'a' }, { name: 'S' }] }, 'hosts[1].name'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S:4' }] }, 'links[1].b'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S:1' }] }, 'links[1].b'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S' }] }, 'links[1].b'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S:2', rateGbps: 0 }] }, 'links[1].rateGbps'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S:2', delayNs: -1 }] }, 'links[1].delayNs'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S:2', service: 'erlang' }] }, 'links[1].service'],
    [{ ...small, links: [small.links[0]!, { a: 'b', b: 'S:2', speed: 1 }] }, 'links[1].speed'],
    [{ ...small, links: [small.links[0]!] }, 'hosts[1]'],
    [{ ...small, forwarding: { S: { a: 3 } } }, 'forwarding.S.a'],
    [{ ...small, forwarding: { T: {} } }, 'forwarding.T'],
    [{ ...small, forwarding: { S: { c: 1 } } }, 'forwarding.S.c'],
    [{ ...small, forwarding: { S: { a: 2 } } }, 'forwarding.S.a'],
  ])('rejects a bad field and names it (%#)', (spec, field) => {
    const e = errorOf(() => validateFabricTopology(spec));
    expect(e.parameter).toBe(field);
    expect(e.message).toContain(field);
  });

  it('rejects a disconnected switch and a forwarding loop, naming the field', () => {
    const island: FabricTopologySpec = { ...small, switches: [...small.switches, { name: 'T', ports: 1 }] };
    expect(errorOf(() => validateFabricTopology(island)).parameter).toBe('switches[1]');
    const two = validateFabricTopology(twoSwitchTopology());
    const loop = { ...twoSwitchTopology(), forwarding: { A: { Bc: 1 }, B: { Bc: 1 } } };
    expect(two.forwarding.B!.Bc).toBe(3);
    expect(errorOf(() => validateFabricTopology(loop)).parameter).toMatch(/^forwarding\.[AB]\.Bc$/);
  });
});

describe('generators', () => {
  it('fatTreeTopology(k) has k³/4 hosts, 5k²/4 switches of k ports, every port used', () => {
    for (const k of [2, 4, 8]) {
      const t = validateFabricTopology(fatTreeTopology(k));
      expect(t.hosts.length).toBe(k ** 3 / 4);
      expect(t.switches.length).toBe((5 * k * k) / 4);
      expect(t.links.length).toBe(t.hosts.length + (k * k * k) / 2);
    }
    expect(errorOf(() => fatTreeTopology(3)).parameter).toBe('k');
  });

  it('fat-tree routes: inside an edge 1 hop, inside a pod 3, across pods 5, spread over all cores', () => {
    const t = validateFabricTopology(fatTreeTopology(4));
    expect(fabricRoute(t, 'h0_0_0', 'h0_0_1')).toEqual(['e0_0:2']);
    expect(fabricRoute(t, 'h0_0_0', 'h0_1_0')).toHaveLength(3);
    expect(fabricRoute(t, 'h0_0_0', 'h1_0_0')).toHaveLength(5);
    const cores = new Set<string>();
    for (const h of t.hosts) if (!h.name.startsWith('h0_')) cores.add(fabricRoute(t, 'h0_0_0', h.name)[2]!.split(':')[0]!);
    expect(cores.size).toBe(4);
  });

  it('meshTopology routes X first, then Y; a torus takes the short way round', () => {
    const mesh = validateFabricTopology(meshTopology(3, 3));
    expect(fabricRoute(mesh, 'h0_0', 'h2_1')).toEqual(['s0_0:2', 's1_0:2', 's2_0:4', 's2_1:1']);
    const torus = validateFabricTopology(meshTopology(4, 3, { torus: true }));
    expect(fabricRoute(torus, 'h0_0', 'h3_0')).toEqual(['s0_0:3', 's3_0:1']);
    expect(errorOf(() => meshTopology(2, 3, { torus: true })).parameter).toBe('width');
  });

  it('singleSwitchTopology and twoSwitchTopology validate', () => {
    expect(validateFabricTopology(singleSwitchTopology(3)).forwarding.S).toEqual({ h0: 1, h1: 2, h2: 3 });
    expect(fabricRoute(validateFabricTopology(twoSwitchTopology()), 'Av', 'Bv')).toEqual(['A:1', 'B:4']);
  });
});
