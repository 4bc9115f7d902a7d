/**
 * `ibqos topology import` and `show` have the `--max-input-mb` their errors tell the user to raise
 * (issue 33: they named an option they did not have, so an LFT dump the project itself writes,
 * above the 64 MB default, could not be read back). Shown on a smaller scale: the 648-host folded
 * Clos's LFT dump (about 2.4 MB) against a 1 MB limit, then raised.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldedClosTopology, validateFabricTopology, writeIbnetdiscover, writeLfts } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';

const dir = tempDirForFile('topology-input-limit');
const topology = validateFabricTopology(foldedClosTopology(36, { rateGbps: 100 }));
const ibnet = join(dir, 'fabric.ibnetdiscover');
const lfts = join(dir, 'fabric.lfts');
writeFileSync(ibnet, writeIbnetdiscover(topology));
writeFileSync(lfts, writeLfts(topology));

describe('topology import and show take --max-input-mb', () => {
  it('import of a 2.4 MB LFT dump under --max-input-mb 1 → exit 2 naming --lfts and --max-input-mb; with 3 → imported', async () => {
    const out = join(dir, 'cluster.json');
    const small = await runCli(['topology', 'import', '--ibnetdiscover', ibnet, '--lfts', lfts, '--out', out, '--max-input-mb', '1']);
    expect(small.code).toBe(2);
    expect(small.err).toMatch(/--lfts must be a file of at most 1 MB \(raise it with --max-input-mb\)/);
    const raised = await runCli(['topology', 'import', '--ibnetdiscover', ibnet, '--lfts', lfts, '--out', out, '--max-input-mb', '3']);
    expect(raised.code, raised.err).toBe(0);
    const show = await runCli(['topology', 'show', out, '--max-input-mb', '1']);
    expect(show.code).toBe(2);
    expect(show.err).toMatch(/must be a file of at most 1 MB \(raise it with --max-input-mb\)/);
    const shown = await runCli(['topology', 'show', out, '--max-input-mb', '64']);
    expect(shown.code, shown.err).toBe(0);
    expect(shown.out).toMatch(/648/);
  });
});
