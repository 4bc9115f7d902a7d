/**
 * ibnetdiscover → fabric topology: a file typed by hand in the man page's layout (rates worked out by
 * hand from width × lane rate × coding), the round trip through the writer for generated
 * topologies, and the errors of bad files (each naming the line and the rule).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../helpers/errors.js';
import {
  ClusterFormatError,
  fatTreeTopology,
  importCluster,
  linkDataRateGbps,
  parseIbnetdiscover,
  validateFabricTopology,
  writeIbnetdiscover,
  type FabricTopology,
} from '../../../../src/index.js';
import { irregularNetwork, twoLevelFatTree } from '../../../fixtures/import/generate.js';

const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'import');

/** Typed by hand after ibnetdiscover(8)'s example: a 2-port CA with LMC 1, a 1xSDR link, an enhanced port 0. */
const HAND = `#
# Topology file: generated on Tue Jun  5 14:15:10 2007
#
# Initiated from node 0008f10403960558 port 0008f10403960559

vendid=0x8f1
devid=0x5a06
sysimgguid=0x5442ba00003000
switchguid=0x5442ba00003080(5442ba00003080)
Switch  24 "S-005442ba00003080"         # "ISR9024 Voltaire" base port 0 lid 6 lmc 0
[22]    "H-0008f10403961354"[1](8f10403961355)         # "node-b HCA-1" lid 4 4xSDR
[10]    "S-0008f10400410015"[1]         # "SW-6IB4 Voltaire" lid 3 4xDDR
[8]     "H-0008f10403960558"[2](8f1040396055a)         # "node-a HCA-1" lid 14 4xSDR
[12]    "H-0008f10403960558"[1](8f10403960559)         # "node-a HCA-1" lid 10 1xSDR

vendid=0x8f1
devid=0x5a05
switchguid=0x8f10400410015(8f10400410015)
Switch  8 "S-0008f10400410015"          # "SW-6IB4 Voltaire" enhanced port 0 lid 3 lmc 0
[6]     "H-0008f10403960984"[1](8f10403960985)         # "node-c HCA-1" lid 16 12xQDR
[1]     "S-005442ba00003080"[10]                # "ISR9024 Voltaire" lid 6 4xDDR

vendid=0x2c9
devid=0x5a44
caguid=0x8f10403960984
Ca      2 "H-0008f10403960984"          # "node-c HCA-1"
[1](8f10403960985)     "S-0008f10400410015"[6]         # lid 16 lmc 1 "SW-6IB4 Voltaire" lid 3 12xQDR

vendid=0x2c9
devid=0x5a44
caguid=0x8f10403961354
Ca      2 "H-0008f10403961354"          # "node-b HCA-1"
[1](8f10403961355)     "S-005442ba00003080"[22]                # lid 4 lmc 1 "ISR9024 Voltaire" lid 6 4xSDR

vendid=0x2c9
devid=0x5a44
caguid=0x8f10403960558
Ca      2 "H-0008f10403960558"          # "node-a HCA-1"
[2](8f1040396055a)     "S-005442ba00003080"[8]         # lid 14 lmc 1 "ISR9024 Voltaire" lid 6 4xSDR
[1](8f10403960559)     "S-005442ba00003080"[12]                # lid 10 lmc 1 "ISR9024 Voltaire" lid 6 1xSDR
`;

/** The topology as a canonical set: nodes with ports, links as sorted end pairs with their rate. */
function canonical(t: FabricTopology): unknown {
  const end = (e: { node: string; port: number }) => `${e.node}:${e.port}`;
  return {
    switches: [...t.switches].map((s) => `${s.name}/${s.ports}`).sort(),
    hosts: t.hosts.map((h) => h.name).sort(),
    links: t.links.map((l) => `${[end(l.a), end(l.b)].sort().join(' ')} ${l.rateGbps}`).sort(),
  };
}

const errorOf = (text: string): ClusterFormatError => thrownBy(ClusterFormatError, () => parseIbnetdiscover(text, 'net.txt'));

describe('linkDataRateGbps', () => {
  it('per-lane data rates: SDR 2, DDR 4, QDR 8 (8b/10b); FDR10 10, EDR 25 (64b/66b) Gb/s (IBTA roadmap)', () => {
    expect([linkDataRateGbps(1, 'SDR'), linkDataRateGbps(1, 'DDR'), linkDataRateGbps(1, 'QDR')]).toEqual([2, 4, 8]);
    expect(linkDataRateGbps(1, 'FDR10')).toBeCloseTo(10, 12);
    expect(linkDataRateGbps(4, 'EDR')).toBeCloseTo(100, 12);
    // FDR: 14.0625 GBd × 64/66 = 13.636… per lane; 4x = 900/16.5 exactly.
    expect(linkDataRateGbps(4, 'FDR')).toBeCloseTo(900 / 16.5, 12);
  });

  it('refuses a width or speed InfiniBand does not define', () => {
    expect(() => linkDataRateGbps(3, 'QDR')).toThrow(/width must be one of 1x, 2x, 4x, 8x, 12x/);
    expect(() => linkDataRateGbps(4, 'QQR')).toThrow(/speed must be one of SDR/);
  });
});

describe('parseIbnetdiscover', () => {
  it('reads the man page layout: nodes, GUIDs, LIDs, LMC and each link once', () => {
    const d = parseIbnetdiscover(HAND);
    expect(d.nodes.map((n) => [n.kind, n.ports, n.guid, n.lid])).toEqual([
      ['switch', 24, '005442ba00003080', 6],
      ['switch', 8, '0008f10400410015', 3],
      ['ca', 2, '0008f10403960984', undefined],
      ['ca', 2, '0008f10403961354', undefined],
      ['ca', 2, '0008f10403960558', undefined],
    ]);
    expect(d.links).toHaveLength(5);
    const nodeA = d.links.filter((l) => l.b.node.description === 'node-a HCA-1').map((l) => [l.b.port, l.b.lid, l.b.lmc, l.rateGbps]);
    expect(nodeA).toEqual([
      [2, 14, 1, 8],
      [1, 10, 1, 2],
    ]);
  });

  it('gives a topology: hosts named by description, one host per port of a 2-port CA, rates by hand', () => {
    const c = importCluster({ ibnetdiscover: HAND });
    const t = validateFabricTopology(c.topology);
    expect(t.switches.map((s) => s.name)).toEqual(['ISR9024_Voltaire', 'SW-6IB4_Voltaire']);
    expect(t.hosts.map((h) => h.name)).toEqual(['node-c_HCA-1', 'node-b_HCA-1', 'node-a_HCA-1_p1', 'node-a_HCA-1_p2']);
    const rate = (a: string) => t.links.find((l) => l.a.node === a || l.b.node === a)!.rateGbps;
    // 12xQDR = 12 × 10 × 8/10; 4xSDR = 4 × 2.5 × 8/10; 1xSDR = 2.5 × 8/10.
    expect([rate('node-c_HCA-1'), rate('node-b_HCA-1'), rate('node-a_HCA-1_p1'), rate('node-a_HCA-1_p2')]).toEqual([96, 8, 2, 8]);
    expect(c.lids.get('node-a_HCA-1_p1')).toBe(10);
    expect(c.lids.get('SW-6IB4_Voltaire')).toBe(3);
  });

  it.each([
    ['k = 4 fat-tree at 4xQDR', () => fatTreeTopology(4, { rateGbps: 32 })],
    ['two-level fat-tree, mixed speeds', twoLevelFatTree],
    ['irregular network, mixed speeds', irregularNetwork],
  ])('round trip: %s written out and read back is the same topology', (_name, make) => {
    const t = validateFabricTopology(make());
    const back = validateFabricTopology(importCluster({ ibnetdiscover: writeIbnetdiscover(t) }).topology);
    expect(canonical(back)).toEqual(canonical(t));
    expect(back.hosts.map((h) => h.name)).toEqual(t.hosts.map((h) => h.name));
  });

  it('the committed fixtures are what the generator writes', () => {
    expect(readFileSync(join(FIXTURES, 'fat-tree.ibnetdiscover'), 'utf8')).toBe(writeIbnetdiscover(validateFabricTopology(twoLevelFatTree())));
    expect(readFileSync(join(FIXTURES, 'irregular.ibnetdiscover'), 'utf8')).toBe(writeIbnetdiscover(validateFabricTopology(irregularNetwork())));
  });

  it('a file cut in the middle of a line names that line', () => {
    const lines = HAND.split('\n');
    const cut = [...lines.slice(0, 12), lines[12]!.slice(0, 20)].join('\n');
    const e = errorOf(cut);
    expect(e.line).toBe(13);
    expect(e.message).toMatch(/^net\.txt, line 13: a complete file ends with a newline: .*cut/);
    // Cut after a newline in the middle of a port line's comment: that line breaks the port line's rule.
    const e2 = errorOf(`${[...lines.slice(0, 12), lines[12]!.slice(0, 60)].join('\n')}\n`);
    expect([e2.line, e2.rule]).toEqual([13, 'a port line must end with # [lid L lmc M] "peer description" lid P <width>x<speed> (e.g. 4xQDR)']);
  });

  it('a file cut before a peer\'s block names the line that refers to it', () => {
    const cut = `${HAND.split('\n').slice(0, 24).join('\n')}\n`;
    const e = errorOf(cut);
    expect(e.line).toBe(11);
    expect(e.rule).toMatch(/peer node must have its own block: "H-0008f10403961354" has none \(a truncated file\?\)/);
  });

  it('an empty file is refused', () => {
    expect(errorOf('\n').message).toBe('net.txt: an ibnetdiscover file must describe at least one node (an empty or truncated file, or not ibnetdiscover output?)');
  });

  it('a port linked twice: the same port on two lines, or a peer port that points elsewhere', () => {
    const twice = HAND.replace('[10]    "S-0008f10400410015"[1]', '[22]    "S-0008f10400410015"[1]');
    const e1 = errorOf(twice);
    expect([e1.line, e1.rule]).toEqual([12, 'a port must be linked once: S-005442ba00003080[22] is already linked at line 11']);
    const elsewhere = HAND.replace('[1]     "S-005442ba00003080"[10]', '[1]     "S-005442ba00003080"[8]');
    const e2 = errorOf(elsewhere);
    expect(e2.rule).toBe('a port must be linked once: "S-0008f10400410015"[1] is linked to "S-005442ba00003080"[8] here and to "S-005442ba00003080"[10] at line 12');
    expect(e2.line).toBe(21);
  });

  it('an unknown speed code, an unknown width, a port beyond the switch: line and rule', () => {
    const speed = errorOf(HAND.replace('lid 3 4xDDR\n[8]', 'lid 3 4xQQR\n[8]'));
    expect([speed.line, speed.rule]).toEqual([12, 'a speed code must be one of SDR, DDR, QDR, FDR10, FDR, EDR, HDR, NDR, XDR, got QQR']);
    const width = errorOf(HAND.replace('lid 3 4xDDR\n[8]', 'lid 3 3xDDR\n[8]'));
    expect(width.rule).toBe('a link width must be one of 1x, 2x, 4x, 8x, 12x, got 3x');
    const port = errorOf(HAND.replace('[6]     "H-0008f10403960984"', '[9]     "H-0008f10403960984"'));
    expect([port.line, port.rule]).toEqual([20, 'a port number must be in 1..8 for "S-0008f10400410015", got 9']);
  });

  it('two ends that disagree on width or speed: a warning naming both lines, the link at what both support', () => {
    const d = parseIbnetdiscover(HAND.replace('lid 6 1xSDR', 'lid 6 4xDDR'), 'net.txt');
    const w = d.warnings.find((x) => /disagree/.test(x.message))!;
    expect([w.file, w.line]).toEqual(['net.txt', 40]);
    expect(w.message).toMatch(/4xDDR here, 1xSDR at line 14 .*runs at 1xSDR/);
    // 1x SDR: 1 × 2.5 × 8/10 = 2 Gb/s (worked by hand).
    expect(d.links.find((l) => l.a.line === 14)!.rateGbps).toBe(2);
  });
});
