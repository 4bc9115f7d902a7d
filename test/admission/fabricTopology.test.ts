/**
 * `ibqos admit` on an imported cluster (test/fixtures/import: fat-tree.ibnetdiscover, fat-tree.lfts,
 * opensm.conf) with requests that name hosts gives the same verdicts as the broker's link format
 * with the same paths. The link topology below is written by hand from the fixture files, not from
 * the code under test:
 * - paths: each host's port 1, then each switch's out port read off fat-tree.lfts (leaf0's entry for
 *   node05 (lid 0x0b) is port 5, which fat-tree.ibnetdiscover joins to spine0 port 1; spine0's entry
 *   for node05 is port 2, to leaf1; leaf1's is port 1, node05's own link), and so on;
 * - rates: 4xQDR hosts (4 lanes × 10 Gb/s × 8/10) = 32 Gb/s, 4xEDR leaf-spine links (4 × 25.78125
 *   Gb/s × 64/66) = 100 Gb/s;
 * - SL→VL: opensm.conf's qos_swe_sl2vl (the broker's policy, the same in both runs, gives the
 *   rest: SL shares, best-effort reserve, and the low table and high limit of qos_swe_*).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';
import { BandwidthBroker, brokerTopologyOfFabric, routeHostRequest } from '../../src/index.js';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import');
const policy = { slShares: { 0: 0.5, 1: 0.3, 2: 0.1 }, bestEffortReserve: 0.2, arbitration: { limitOfHighPriority: 6, low: '0:0,1:32,2:64,3:255,3:0,1:32' } };

/** The requests by host names, and the same with the hand-read paths. */
const byHosts = [
  { id: 'a', source: 'node01', destination: 'node05', sl: 0, bandwidth: 12, distance: 2 },
  { id: 'b', source: 'node02', destination: 'node06', sl: 0, bandwidth: 12 },
  { id: 'c', source: 'node01', destination: 'node07', sl: 0, bandwidth: 6 }, // node01:1 has 12 of its 32 · 0.5 on SL 0
  { id: 'd', source: 'node04', destination: 'node08', sl: 1, bandwidth: 9 },
  { id: 'e', source: 'node05', destination: 'node01', sl: 2, bandwidth: 3 },
  { id: 'f', source: 'node02', destination: 'node07', sl: 1, bandwidth: 4, distance: 2 },
  { id: 'g', source: 'node04', destination: 'node05', sl: 2, bandwidth: 2, distance: 2 }, // leaf0:5's table: a's and f's 32 entries each
  { release: 'a' },
  { id: 'c2', source: 'node01', destination: 'node07', sl: 0, bandwidth: 6 },
];
const PATHS: Record<string, string[]> = {
  a: ['node01:1', 'leaf0:5', 'spine0:2', 'leaf1:1'],
  b: ['node02:1', 'leaf0:6', 'spine1:2', 'leaf1:2'],
  c: ['node01:1', 'leaf0:5', 'spine0:2', 'leaf1:3'],
  d: ['node04:1', 'leaf0:6', 'spine1:2', 'leaf1:4'],
  e: ['node05:1', 'leaf1:5', 'spine0:1', 'leaf0:1'],
  f: ['node02:1', 'leaf0:5', 'spine0:2', 'leaf1:3'],
  g: ['node04:1', 'leaf0:5', 'spine0:2', 'leaf1:1'],
  c2: ['node01:1', 'leaf0:5', 'spine0:2', 'leaf1:3'],
};
const byPaths = byHosts.map((r) => ('release' in r ? r : { id: r.id, path: PATHS[r.id]!, sl: r.sl, bandwidth: r.bandwidth, ...(r.distance === undefined ? {} : { distance: r.distance }) }));
const linkIds = [...new Set(Object.values(PATHS).flat())];
const handTopology = {
  links: linkIds.map((id) => ({ id, bandwidth: /^(leaf\d:[56]|spine)/.test(id) ? 100 : 32 })),
  slToVl: [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3],
  bandwidthUnit: 'Gb/s',
  ...policy,
};

describe('ibqos admit --topology on an imported cluster', () => {
  it('host-named requests → the same verdicts and link loads as the hand-written link topology with the same paths', async () => {
    const dir = tempDirForTest('admit-fabric');
    const cluster = join(dir, 'cluster.json');
    const file = (name: string, value: unknown) => (writeFileSync(join(dir, name), JSON.stringify(value)), join(dir, name));
    const imported = await runCli(['topology', 'import', '--ibnetdiscover', join(FIXTURES, 'fat-tree.ibnetdiscover'), '--lfts', join(FIXTURES, 'fat-tree.lfts'), '--qos', join(FIXTURES, 'opensm.conf'), '--out', cluster]);
    expect(imported.code, imported.err).toBe(0);
    const onFabric = await runCli(['admit', '--topology', cluster, '--policy', file('policy.json', policy), '--requests', file('hosts.json', byHosts), '--json']);
    const onLinks = await runCli(['admit', '--topology', file('links.json', handTopology), '--requests', file('paths.json', byPaths), '--json']);
    expect(onFabric.code, onFabric.err).toBe(0);
    expect(onLinks.code, onLinks.err).toBe(0);
    const f = JSON.parse(onFabric.out) as { verdicts: { admitted?: boolean; reason?: string }[]; links: { id: string }[] };
    const l = JSON.parse(onLinks.out) as typeof f;
    expect(f.verdicts).toEqual(l.verdicts);
    // the requests exercise admission and both kinds of refusal
    expect(f.verdicts.map((v) => v.admitted ?? 'release')).toEqual([true, true, false, true, true, true, false, 'release', true]);
    expect(f.verdicts.map((v) => v.reason).filter(Boolean)).toEqual(['sl-capacity', 'arbitration-table']);
    for (const link of l.links) expect(f.links.find((x) => x.id === link.id)).toEqual(link);
    // the fabric's other links (48 directed in all) carry nothing
    expect(f.links).toHaveLength(48);
    // docs/examples/cluster.json is the same import
    expect(readFileSync(cluster, 'utf8')).toBe(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'examples', 'cluster.json'), 'utf8'));
  });

  it('the library: a request with both a path and hosts, or an unknown host, is refused with the field named', () => {
    const b = brokerTopologyOfFabric(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'examples', 'cluster.json'), 'utf8')));
    expect(() => routeHostRequest(b, { id: 1, source: 'node01', destination: 'node05', path: [], sl: 0, bandwidth: 1 })).toThrow(/path must be absent when the request names its source and destination hosts/);
    expect(() => routeHostRequest(b, { id: 1, source: 'nodeX', destination: 'node05', sl: 0, bandwidth: 1 })).toThrow(/source must be a host of the topology.*nodeX/);
    expect(new BandwidthBroker(b.topology).admit(routeHostRequest(b, { id: 1, source: 'node03', destination: 'node14', sl: 0, bandwidth: 1 }) as never).admitted).toBe(true);
  });
});
