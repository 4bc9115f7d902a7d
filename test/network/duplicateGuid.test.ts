/**
 * Two channel adapters with one GUID in an ibnetdiscover dump (issue 33: "duplicate CA GUIDs …
 * accepted silently"): the import says so, naming the file, the line of the second node and the
 * line of the first, and imports both (an LFT dump, which routes by LID, cannot tell them apart:
 * the user learns it before trusting routes by GUID). The dump is the library's own writer's text
 * with one `caguid=` line changed.
 */
import { describe, expect, it } from 'vitest';
import { importCluster, parseIbnetdiscover, singleSwitchTopology, validateFabricTopology, writeIbnetdiscover } from '../../src/index.js';

const clean = writeIbnetdiscover(validateFabricTopology(singleSwitchTopology(2, { rateGbps: 8 })));
const lines = clean.split('\n');
const h0 = lines.findIndex((l) => l.startsWith('Ca\t1 "H-0002c90100000001"')) + 1;
const h1 = lines.findIndex((l) => l.startsWith('Ca\t1 "H-0002c90100000002"')) + 1;
const dup = clean.replace('caguid=0x0002c90100000002', 'caguid=0x0002c90100000001');

describe('duplicate CA GUIDs', () => {
  it('the written dump has the two CA blocks (the test reads what it changes)', () => {
    expect([h0 > 0, h1 > h0, dup !== clean]).toEqual([true, true, true]);
    expect(parseIbnetdiscover(clean, 'ok').warnings).toEqual([]);
  });

  it('parseIbnetdiscover: a warning naming the file, the second node\'s line and the first node\'s line; both nodes kept', () => {
    const r = parseIbnetdiscover(dup, 'dup.ibnetdiscover');
    const w = r.warnings.filter((x) => /GUID/.test(x.message));
    expect(w).toHaveLength(1);
    expect(w[0]!.file).toBe('dup.ibnetdiscover');
    expect(w[0]!.line).toBe(h1);
    expect(w[0]!.message).toMatch(new RegExp(`node "H-0002c90100000002" has GUID 0x0002c90100000001, as "H-0002c90100000001" at line ${h0}`));
    expect(r.nodes.filter((n) => n.kind === 'ca')).toHaveLength(2);
  });

  it('importCluster carries the warning to the user (ibqos topology import prints its warnings)', () => {
    const c = importCluster({ ibnetdiscover: dup, files: { ibnetdiscover: 'dup.ibnetdiscover' } });
    expect(c.warnings.some((x) => x.line === h1 && /has GUID 0x0002c90100000001/.test(x.message))).toBe(true);
    expect(c.topology.hosts.map((h) => h.name).sort()).toEqual(['h0', 'h1']);
  });
});
