/**
 * LFT dumps → forwarding tables: routes read back exactly as written (no recomputation, checked on
 * tables that are not the simulator's own choice), a missing entry reported with switch and LID,
 * and the errors of bad dumps.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../helpers/errors.js';
import {
  ClusterFormatError,
  fabricRoute,
  fatTreeTopology,
  importCluster,
  parseLfts,
  validateFabricTopology,
  writeIbnetdiscover,
  writeLfts,
  type FabricTopology,
} from '../../../../src/index.js';
import { irregularNetwork, twoLevelFatTree } from '../../../fixtures/import/generate.js';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'import');
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');

const errorOf = (f: () => unknown): ClusterFormatError => thrownBy(ClusterFormatError, f);

/** Every route between every pair of hosts. */
function allRoutes(t: FabricTopology): string[][] {
  return t.hosts.flatMap((a) => t.hosts.filter((b) => b !== a).map((b) => fabricRoute(t, a.name, b.name)));
}

describe('LFT import', () => {
  it.each([
    ['k = 4 fat-tree, ibroute', () => fatTreeTopology(4, { rateGbps: 32 }), 'ibroute'],
    ['two-level fat-tree, OpenSM dump', twoLevelFatTree, 'opensm'],
    ['irregular network, ibroute', irregularNetwork, 'ibroute'],
  ] as const)('round trip: %s gives the same forwarding tables and routes', (_n, make, style) => {
    const t = validateFabricTopology(make());
    const c = importCluster({ ibnetdiscover: writeIbnetdiscover(t), lfts: writeLfts(t, style) });
    expect(c.missingRoutes).toEqual([]);
    expect(c.topology.forwarding).toEqual(t.forwarding);
    const back = validateFabricTopology(c.topology);
    expect(allRoutes(back)).toEqual(allRoutes(t));
  });

  it('routes are used as given: tables that send everything from leaf0 over spine1 stay so', () => {
    // The simulator's own d-mod-k choice spreads leaf0's traffic over both spines; force spine1 (port 6).
    const t = validateFabricTopology(twoLevelFatTree());
    const forced = { ...t, forwarding: { ...t.forwarding, leaf0: Object.fromEntries(Object.entries(t.forwarding.leaf0!).map(([h, p]) => [h, p >= 5 ? 6 : p])) } };
    const c = importCluster({ ibnetdiscover: writeIbnetdiscover(t), lfts: writeLfts(forced) });
    const back = validateFabricTopology(c.topology);
    expect(fabricRoute(back, 'node01', 'node05')).toEqual(['leaf0:6', 'spine1:2', 'leaf1:1']);
    expect(fabricRoute(back, 'node02', 'node09')[0]).toBe('leaf0:6');
    const viaPort5 = (topo: FabricTopology) => allRoutes(topo).filter((r) => r[0] === 'leaf0:5').length;
    expect(viaPort5(t)).toBeGreaterThan(0);
    expect(viaPort5(back)).toBe(0);
  });

  it('the committed fixtures are what the generator writes', () => {
    expect(fixture('fat-tree.lfts')).toBe(writeLfts(validateFabricTopology(twoLevelFatTree()), 'ibroute'));
    expect(fixture('irregular.lfts')).toBe(writeLfts(validateFabricTopology(irregularNetwork()), 'opensm'));
  });

  it('a missing entry is reported with the switch, its GUID, the LID and the host', () => {
    const lfts = fixture('fat-tree.lfts').replace(/^0x0009 .*\n/m, '');
    const c = importCluster({ ibnetdiscover: fixture('fat-tree.ibnetdiscover'), lfts });
    expect(c.missingRoutes).toEqual([{ switch: 'leaf0', guid: '0002c90000000001', lid: 9, host: 'node03', line: 1 }]);
    expect(c.topology.forwarding!.leaf0!.node03).toBeUndefined();
  });

  it('a LID that no port has: the line and the rule', () => {
    const lfts = fixture('fat-tree.lfts').replace(/^0x0009 003/m, '0x0040 003');
    const e = errorOf(() => importCluster({ ibnetdiscover: fixture('fat-tree.ibnetdiscover'), lfts, files: { lfts: 'lfts.txt' } }));
    const line = fixture('fat-tree.lfts').split('\n').findIndex((l) => l.startsWith('0x0009 003')) + 1;
    expect(e.message).toBe(`lfts.txt, line ${line}: a LID must belong to a port of the ibnetdiscover file: no port has LID 64 (0x0040)`);
  });

  it('a host entry on port 0, on a port without a link, of an unknown switch: refused with the line', () => {
    const ib = fixture('fat-tree.ibnetdiscover');
    const lfts = fixture('fat-tree.lfts');
    const line = lfts.split('\n').findIndex((l) => l.startsWith('0x0009 003')) + 1;
    const port0 = errorOf(() => importCluster({ ibnetdiscover: ib, lfts: lfts.replace(/^0x0009 003/m, '0x0009 000') }));
    expect([port0.line, port0.rule]).toEqual([line, 'a host\'s LID must leave switch "leaf0" by a port 1..8, not port 0 (the switch itself): LID 9 is host "node03"']);
    const unlinked = errorOf(() => importCluster({ ibnetdiscover: ib, lfts: lfts.replace(/^0x0009 003/m, '0x0009 007') }));
    expect(unlinked.rule).toBe('an output port must carry a link: port 7 of switch "leaf0" has none (LID 9, host "node03")');
    const beyond = errorOf(() => importCluster({ ibnetdiscover: ib, lfts: lfts.replace(/^0x0009 003/m, '0x0009 009') }));
    expect(beyond.rule).toBe('an output port must be in 0..8 for switch "leaf0", got 9');
    const stranger = errorOf(() => importCluster({ ibnetdiscover: ib, lfts: lfts.replace('guid 0x0002c90000000001', 'guid 0x0002c900000000ff') }));
    expect([stranger.line, stranger.rule]).toEqual([1, 'a table must belong to a switch of the ibnetdiscover file: guid 0x0002c900000000ff is not one']);
  });

  it('a truncated dump, an entry before any header, a LID twice: line and rule', () => {
    const lfts = fixture('fat-tree.lfts');
    const lines = lfts.split('\n');
    expect(errorOf(() => parseLfts([...lines.slice(0, 6), '0x00'].join('\n'), 'l')).message).toMatch(/^l, line 7: a complete file ends with a newline: .*cut/);
    expect(errorOf(() => parseLfts(`${[...lines.slice(0, 6), '0x00'].join('\n')}\n`, 'l')).message).toMatch(/^l, line 7: a line must be a table header .* \(a truncated file\?\)$/);
    expect(errorOf(() => parseLfts('0x0001 001 : x\n', 'l')).message).toBe('l, line 1: an entry must follow its switch\'s "Unicast lids ... guid 0x..." header');
    expect(errorOf(() => parseLfts(`${[...lines.slice(0, 6), lines[5]!].join('\n')}\n`, 'l')).rule).toBe('a LID must have one entry per switch: 0x0008 already has one at line 6');
    expect(errorOf(() => parseLfts('', 'l')).message).toMatch(/^l: an LFT dump must hold at least one/);
  });

  it('port 255 is "no route": the entry is left out', () => {
    const t = parseLfts('Unicast lids [0x0-0x2] of switch Lid 1 guid 0x01 (x):\n0x0001 000 : (self)\n0x0002 255 : (none)\n');
    expect([...t.get('0000000000000001')!.entries.keys()]).toEqual([1]);
  });
});
