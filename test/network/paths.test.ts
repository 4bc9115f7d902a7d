/**
 * pathHops on a hand-drawn topology (the expected hops read off the drawing, not from the code):
 *
 *        h0                h2                h1
 *        |1 (2.5)          |3 (2.5)          |1 (5)
 *        A:1   A:2 ──10── 1:B:2 ──10── 2:C   C:1
 *        A:3 ────────── 2.5 ────────── 3:C
 *
 * Min-hop from A to h1 is A:3 → C (two links) rather than A:2 → B → C (three).
 */
import { describe, expect, it } from 'vitest';
import { fabricRoute, dModKForwarding, pathHops, validateFabricTopology, type FabricTopologySpec } from '../../src/network/index.js';

const spec: FabricTopologySpec = {
  switches: [
    { name: 'A', ports: 4 },
    { name: 'B', ports: 4 },
    { name: 'C', ports: 4 },
  ],
  hosts: [{ name: 'h0' }, { name: 'h1' }, { name: 'h2' }],
  links: [
    { a: 'h0', b: 'A:1' },
    { a: 'A:2', b: 'B:1', rateGbps: 10 },
    { a: 'B:2', b: 'C:2', rateGbps: 10 },
    { a: 'h1', b: 'C:1', rateGbps: 5 },
    { a: 'h2', b: 'B:3' },
    { a: 'A:3', b: 'C:3' },
  ],
};

describe('pathHops', () => {
  it('computed (min-hop) tables: h0 → h1 goes A:3 straight to C', () => {
    const hops = pathHops(validateFabricTopology(spec), 'h0', 'h1');
    expect(hops).toEqual([
      { node: 'h0', port: 1, to: 'A', rateGbps: 2.5 },
      { node: 'A', port: 3, to: 'C', rateGbps: 2.5 },
      { node: 'C', port: 1, to: 'h1', rateGbps: 5 },
    ]);
  });

  it("a given table entry is followed: A's entry for h1 = port 2 sends it through B", () => {
    const topo = validateFabricTopology({ ...spec, forwarding: { A: { h1: 2 } } });
    expect(pathHops(topo, 'h0', 'h1').map((h) => [h.node, h.port, h.to, h.rateGbps])).toEqual([
      ['h0', 1, 'A', 2.5],
      ['A', 2, 'B', 10],
      ['B', 2, 'C', 10],
      ['C', 1, 'h1', 5],
    ]);
    expect(fabricRoute(topo, 'h0', 'h1')).toEqual(['A:2', 'B:2', 'C:1']);
  });

  it("VLs: SL 1 → VL 1 on every hop, plus the switch's VL offset where the topology gives one", () => {
    const topo = validateFabricTopology({ ...spec, forwarding: { A: { h1: 2 } }, virtualLanes: { A: { h1: 2 } } });
    const slToVl = [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
    expect(pathHops(topo, 'h0', 'h1', { sl: 1, slToVl }).map((h) => h.vl)).toEqual([1, 3, 1, 1]);
    expect(pathHops(topo, 'h1', 'h2', { sl: 2, slToVl }).map((h) => `${h.node}:${h.port}@${h.vl}`)).toEqual(['h1:1@0', 'C:2@0', 'B:3@0']);
  });

  it("dModKForwarding: the shortest routes whatever the file's tables say (A's entry for h1 is port 3, not the given 2)", () => {
    const fw = dModKForwarding({ ...spec, forwarding: { A: { h1: 2 } } });
    expect(fw.A!.h1).toBe(3);
    expect(fw.A!.h0).toBe(1);
    expect(fw.B!.h1).toBe(2);
    expect(fw.C!.h0).toBe(3);
  });

  it('bad queries name the field, the rule and the value', () => {
    const topo = validateFabricTopology(spec);
    expect(() => pathHops(topo, 'hx', 'h1')).toThrow(/source must be a host of the topology.*hx/);
    expect(() => pathHops(topo, 'h0', 'A')).toThrow(/destination must be a host of the topology.*A/);
    expect(() => pathHops(topo, 'h0', 'h0')).toThrow(/destination must be a host other than the source/);
    expect(() => pathHops(topo, 'h0', 'h1', { sl: 16 })).toThrow(/sl must be an integer 0\.\.15/);
    expect(() => pathHops(topo, 'h0', 'h1', { sl: 3, slToVl: [0, 1] })).toThrow(/slToVl\[3\] must be a data VL 0\.\.14/);
  });
});
