/**
 * `ibqos topology import` and `ibqos topology show`: the written scenario runs with `ibqos sim`,
 * an existing --out is kept without --force, an input is never overwritten, and a failed import
 * leaves nothing behind.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../helpers/cli.js';
import { tempDirForTest } from '../../../helpers/tempDir.js';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'import');
const fx = (name: string) => join(FIXTURES, name);
const fresh = () => tempDirForTest('topology');

describe('ibqos topology import', () => {
  it('writes a fabric scenario that ibqos sim runs, with the LFTs as forwarding tables and the QoS tables', async () => {
    const dir = fresh();
    const out = join(dir, 'cluster.json');
    const r = await runCli(['topology', 'import', '--ibnetdiscover', fx('fat-tree.ibnetdiscover'), '--lfts', fx('fat-tree.lfts'), '--qos', fx('opensm.conf'), '--out', out]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^wrote .*cluster\.json: 6 switches, 16 hosts, 24 links; routes from .*fat-tree\.lfts; QoS from .*opensm\.conf\n$/);
    const scenario = JSON.parse(readFileSync(out, 'utf8'));
    expect(scenario.scenario).toBe('fabric');
    expect(scenario.params.vls).toBe(4);
    expect(scenario.params.topology.forwarding.leaf0.node05).toBeGreaterThanOrEqual(5);
    expect(scenario.params.flows).toHaveLength(16);
    const sim = await runCli(['sim', '--scenario', out, '--replications', '2', '--until-us', '200', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const json = JSON.parse(sim.out);
    expect(json.throughput.node01.mean).toBeGreaterThan(0);
    // docs/examples/cluster.json (shown in docs/fabric.md) is this very output.
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(import.meta.dirname, '..', '..', '..', '..', 'docs', 'examples', 'cluster.json'), 'utf8'));
  });

  it('topology show: counts, radix histogram, link rates, hosts without a route', async () => {
    const dir = fresh();
    const out = join(dir, 'cluster.json');
    const lfts = join(dir, 'lfts.txt');
    writeFileSync(lfts, readFileSync(fx('irregular.lfts'), 'utf8').replace(/^0x0009 003.*\n/m, ''));
    const strict = await runCli(['topology', 'import', '--ibnetdiscover', fx('irregular.ibnetdiscover'), '--lfts', lfts, '--out', out]);
    expect(strict.code).toBe(2);
    expect(strict.err).toMatch(/lfts\.txt, line 1: every switch's table must have an entry for every host LID: switch "sw0" \(guid 0x0002c90000000001\) has no entry for LID 9 \(0x0009, host "c0"\); 1 missing in all/);
    expect(existsSync(out)).toBe(false);
    const r = await runCli(['topology', 'import', '--ibnetdiscover', fx('irregular.ibnetdiscover'), '--lfts', lfts, '--allow-missing-routes', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const show = await runCli(['topology', 'show', out]);
    expect(show.code, show.err).toBe(0);
    const lines = show.out.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      `topology ${out}`,
      'switch tiers 1 (rank 0: 5; rank 0 has the hosts)',
      'fat-tree: no (switches sw0 and sw1 are linked within rank 0 (a fat-tree links adjacent ranks only))',
      'link rates: hosts 8 Gb/s (4xSDR) × 6, 16 Gb/s (4xDDR) × 1; between switches 8 Gb/s (4xSDR) × 2, 16 Gb/s (4xDDR) × 3, 96 Gb/s (12xQDR) × 1',
      'routes: the LFTs of lfts.txt',
    ]);
    expect(lines[5]).toMatch(/^uniform all-to-all at each host's link rate: switch-to-switch link load largest [\d.]+ \(sw\d:\d\), mean [\d.]+ over 12 directed links/);
    expect(lines.slice(6)).toEqual([
      'switches 5, hosts 7, links 13 (6 between switches)',
      'switch radix: 4 ports × 3, 6 ports × 2',
      'hosts without a route: 1: c0 (missing at 1 switch)',
      'import warnings: none',
      '',
    ]);
  });

  it('refuses an existing --out without --force, replaces it with --force', async () => {
    const dir = fresh();
    const out = join(dir, 'cluster.json');
    writeFileSync(out, 'mine');
    const args = ['topology', 'import', '--ibnetdiscover', fx('irregular.ibnetdiscover'), '--out', out];
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out must be a file that does not exist yet \(give --force to replace it\)/);
    expect(readFileSync(out, 'utf8')).toBe('mine');
    expect((await runCli([...args, '--force'])).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).scenario).toBe('fabric');
    expect(readdirSync(dir)).toEqual(['cluster.json']);
  });

  it('never overwrites an input, even with --force', async () => {
    const dir = fresh();
    const input = join(dir, 'net.txt');
    writeFileSync(input, readFileSync(fx('irregular.ibnetdiscover'), 'utf8'));
    const r = await runCli(['topology', 'import', '--ibnetdiscover', input, '--out', input, '--force']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--out must be a file other than the --ibnetdiscover input/);
    expect(readFileSync(input, 'utf8')).toBe(readFileSync(fx('irregular.ibnetdiscover'), 'utf8'));
  });

  it('a bad input names the file, the line and the rule, and writes nothing', async () => {
    const dir = fresh();
    const input = join(dir, 'net.txt');
    writeFileSync(input, readFileSync(fx('irregular.ibnetdiscover'), 'utf8').replace('4xDDR', '4xZDR'));
    const out = join(dir, 'cluster.json');
    const r = await runCli(['topology', 'import', '--ibnetdiscover', input, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/net\.txt, line \d+: a speed code must be one of SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR, got ZDR/);
    expect(readdirSync(dir)).toEqual(['net.txt']);
  });
});
