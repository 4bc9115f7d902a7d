/**
 * Multipath tables and dateline VLs: checked by building the channel-dependency graph of every route
 * (Dally & Seitz: a routing is deadlock-free when its channel dependencies have no cycle) and by
 * walking the routes, independently of how the tables were computed.
 */
import { describe, expect, it } from 'vitest';
import { meshTopology, fatTreeTopology, validateFabricTopology, type FabricTopology } from '../../../src/network/index.js';
import { multipathRoutes, type LidTables } from '../../../src/network/routing/multipath.js';
import { meshDimensionOrderLids } from '../../../src/network/routing/meshRoutes.js';

/** Channels (node:port@vl) of every route of the given LIDs, hop by hop; [routes, peerOf]. */
function routes(topo: FabricTopology, lids: readonly LidTables[]): string[][] {
  const peer = new Map<string, string>();
  for (const l of topo.links) {
    peer.set(`${l.a.node}:${l.a.port}`, l.b.node);
    peer.set(`${l.b.node}:${l.b.port}`, l.a.node);
  }
  const hostNames = new Set(topo.hosts.map((h) => h.name));
  const out: string[][] = [];
  for (const lid of lids) {
    for (const src of topo.hosts) {
      for (const dst of topo.hosts) {
        if (src === dst) continue;
        const path: string[] = [];
        let at = peer.get(`${src.name}:1`)!;
        for (let n = 0; !hostNames.has(at); n++) {
          if (n > topo.switches.length) throw new Error(`loop ${src.name}→${dst.name}`);
          const port = lid.forwarding[at]![dst.name]!;
          path.push(`${at}:${port}@${lid.virtualLanes[at]![dst.name]}`);
          at = peer.get(`${at}:${port}`)!;
        }
        expect(at).toBe(dst.name);
        out.push(path);
      }
    }
  }
  return out;
}

/** Whether the channel-dependency graph of these routes has a cycle (iterative DFS colouring). */
function hasCycle(paths: string[][]): boolean {
  const edges = new Map<string, Set<string>>();
  for (const p of paths) for (let i = 0; i + 1 < p.length; i++) (edges.get(p[i]!) ?? edges.set(p[i]!, new Set()).get(p[i]!)!).add(p[i + 1]!);
  const colour = new Map<string, number>();
  const visit = (u: string): boolean => {
    colour.set(u, 1);
    for (const v of edges.get(u) ?? []) {
      const c = colour.get(v) ?? 0;
      if (c === 1) return true;
      if (c === 0 && visit(v)) return true;
    }
    colour.set(u, 2);
    return false;
  };
  return [...edges.keys()].some((u) => (colour.get(u) ?? 0) === 0 && visit(u));
}

const zeroVl = (topo: FabricTopology): LidTables => ({
  forwarding: topo.forwarding,
  virtualLanes: Object.fromEntries(topo.switches.map((s) => [s.name, Object.fromEntries(topo.hosts.map((h) => [h.name, 0]))])),
});

describe('dateline virtual lanes', () => {
  it('dimension order on a 4×4 torus without datelines → a cycle of channel dependencies', () => {
    const topo = validateFabricTopology(meshTopology(4, 4, { torus: true }));
    expect(hasCycle(routes(topo, [zeroVl(topo)]))).toBe(true);
  });

  it('meshTopology(torus, datelines) → no cycle, and VL 1 only on hops before a wrap-around', () => {
    const topo = validateFabricTopology(meshTopology(4, 4, { torus: true, datelines: true }));
    const lid = multipathRoutes(topo, 1).lids[0]!;
    expect(hasCycle(routes(topo, [lid]))).toBe(false);
    // s3_0 → h1_0 goes +x over the wrap-around link (3 → 0): VL 1; from s0_0 on it is VL 0.
    expect(lid.virtualLanes['s3_0']!['h1_0']).toBe(1);
    expect(lid.virtualLanes['s0_0']!['h1_0']).toBe(0);
  });

  it('a virtualLanes entry on a computed route → error naming the entry', () => {
    expect(() =>
      validateFabricTopology({ ...meshTopology(3, 3), forwarding: undefined, virtualLanes: { s0_0: { h1_0: 1 } } }),
    ).toThrow(/virtualLanes\.s0_0\.h1_0/);
  });
});

describe('multipathRoutes', () => {
  for (const [name, spec] of [
    ['torus 4×4 with datelines', meshTopology(4, 4, { torus: true, datelines: true })],
    ['mesh 8×4', meshTopology(8, 4)],
    ['fat-tree k=4', fatTreeTopology(4)],
  ] as const) {
    it(`${name}: 4 LIDs reach every host, and all classes together have no dependency cycle`, () => {
      const topo = validateFabricTopology(spec);
      const m = multipathRoutes(topo, 4);
      expect(m.lids.length).toBe(4);
      expect(hasCycle(routes(topo, m.lids))).toBe(false);
      expect(hasCycle(routes(topo, multipathRoutes(topo, 4, { escape: 'shared' }).lids))).toBe(false);
      expect(m.disjoint.min).toBeGreaterThanOrEqual(1);
      expect(m.disjoint.mean).toBeGreaterThan(1);
    });
  }

  it('usable paths of a pair are pairwise link-disjoint (walked from the tables)', () => {
    const topo = validateFabricTopology(meshTopology(4, 4, { torus: true, datelines: true }));
    const m = multipathRoutes(topo, 4);
    const all = routes(topo, m.lids);
    const H = topo.hosts.length;
    const pairIndex = (s: number, d: number): number => s * (H - 1) + (d < s ? d : d - 1);
    for (let s = 0; s < H; s++) {
      for (let d = 0; d < H; d++) {
        if (s === d) continue;
        const links = m.usable[s]![d]!.map((k) => all[k * H * (H - 1) + pairIndex(s, d)]!.slice(0, -1).map((c) => c.split('@')[0]));
        const flat = links.flat();
        expect(new Set(flat).size, `${s}→${d}`).toBe(flat.length);
      }
    }
  });

  it('paths outside 1..8 → error naming paths', () => {
    const topo = validateFabricTopology(meshTopology(3, 3));
    expect(() => multipathRoutes(topo, 9)).toThrow(/paths/);
  });
});

describe('dimension-order alternatives (meshRoutes.ts)', () => {
  for (const [name, w, h, torus] of [
    ['torus 4×4', 4, 4, true],
    ['torus 8×8', 8, 8, true],
    ['mesh 4×8', 4, 8, false],
  ] as const) {
    it(`${name}: every LID reaches every host, and all classes together have no dependency cycle`, () => {
      const topo = validateFabricTopology(meshTopology(w, h, { torus, datelines: torus }));
      const m = multipathRoutes(topo, 4, { alternatives: meshDimensionOrderLids(w, h, torus) });
      expect(m.lids.length).toBe(torus ? 4 : 2);
      expect(multipathRoutes(topo, 8, { alternatives: meshDimensionOrderLids(w, h, torus) }).lids.length).toBe(torus ? 8 : 2);
      expect(hasCycle(routes(topo, multipathRoutes(topo, 8, { alternatives: meshDimensionOrderLids(w, h, torus) }).lids))).toBe(false);
      expect(hasCycle(routes(topo, m.lids))).toBe(false);
    });
  }

  it('torus: a pair differing in both coordinates has 4 link-disjoint paths; one in a row has 2', () => {
    const topo = validateFabricTopology(meshTopology(8, 8, { torus: true, datelines: true }));
    const m = multipathRoutes(topo, 8, { alternatives: meshDimensionOrderLids(8, 8, true) });
    const index = (x: number, y: number): number => y * 8 + x;
    // (0,0) → (2,3): shorter ways (+, +): XY and YX short (LIDs 0, 1), YX always + = YX short (a
    // duplicate), XY and YX always − (LIDs 3, 5: 6 + 5 hops each).
    expect(m.usable[index(0, 0)]![index(2, 3)]).toEqual([0, 1, 3, 5]);
    // (0,0) → (2,0), one row: + the short way and − the long way round.
    expect(m.usable[index(0, 0)]![index(2, 0)]!.length).toBe(2);
  });
});
