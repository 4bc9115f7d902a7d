/**
 * A 1,300-host, 200-switch HDR fat-tree in ibnetdiscover format, captured as a real cluster's would
 * be (a prompt line, CRLF, three loopback cables; test/fixtures/import/hdrFatTree.ts): `ibqos
 * topology import` takes it with warnings naming the lines, routes it without LFTs (ftree detects the
 * fat-tree), and `ibqos sim` runs 200 µs of the written scenario with exit 0. The scenario's load is
 * lowered to 1 % of each host's link (the default 30 % is 19 M events a replication: benchmarks/
 * cluster-scale.ts measures that; here the point is that a 1,300-host import runs at all).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/cli.js';
import { tempDirForTest } from '../../../helpers/tempDir.js';
import { hdrFatTreeIbnetdiscover } from '../../../fixtures/import/hdrFatTree.js';

describe('a 1,300-host HDR cluster', () => {
  it('imports with warnings for the prompt, CRLF and loopbacks, routes with ftree, and simulates 200 µs with exit 0', async () => {
    const dir = tempDirForTest('hdr');
    const net = join(dir, 'hdr.ibnetdiscover');
    const out = join(dir, 'hdr.json');
    writeFileSync(net, hdrFatTreeIbnetdiscover());
    const r = await runCli(['topology', 'import', '--ibnetdiscover', net, '--routing-engine', 'ftree,minhop', '--load', '0.01', '--until-us', '200', '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/200 switches, 1300 hosts, .*routes computed by ftree/);
    expect(r.err).toMatch(/hdr\.ibnetdiscover, line 1: a shell prompt and command/);
    expect(r.err.match(/a loopback cable/g)).toHaveLength(3);
    expect(r.err).toMatch(/lines end with CRLF/);
    const scenario = JSON.parse(readFileSync(out, 'utf8'));
    expect(scenario.imported.routing).toBe('ftree');
    const sim = await runCli(['sim', '--scenario', out, '--replications', '2', '--until-us', '200', '--warmup-us', '0', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const json = JSON.parse(sim.out);
    expect(json.throughput.gpu0001.mean).toBeGreaterThan(0);
  }, 120_000);
});
