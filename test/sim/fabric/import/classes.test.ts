/**
 * What real dumps do, one class per fixture (test/fixtures/import/classes.ts writes them from a clean
 * dump of the two-level fat-tree by one text edit each): the import succeeds with a warning naming
 * the file and the line, or fails naming the file, the line and the rule. Expected lines are found
 * by searching the fixture's text for the edited line, not taken from the importer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../../../helpers/errors.js';
import { ClusterFormatError, importCluster, readOpenSmQos, validateFabricTopology, writeIbnetdiscover, writeLfts, type ImportWarning } from '../../../../src/index.js';
import { classFiles } from '../../../fixtures/import/classes.js';
import { twoLevelFatTree } from '../../../fixtures/import/generate.js';

const DIR = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'import', 'classes');
const read = (name: string): string => readFileSync(join(DIR, name), 'utf8');
/** 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string): number => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
const importOf = (name: string, extra: { qos?: string; lfts?: string } = {}) => importCluster({ ibnetdiscover: read(name), ...extra, files: { ibnetdiscover: name, qos: 'q.conf', lfts: 'l.txt' } });
const warningAt = (ws: readonly ImportWarning[], pattern: RegExp): ImportWarning => {
  const w = ws.find((x) => pattern.test(x.message));
  if (w === undefined) throw new Error(`no warning matches ${pattern}: ${JSON.stringify(ws)}`);
  return w;
};
const clean = () => importCluster({ ibnetdiscover: writeIbnetdiscover(validateFabricTopology(twoLevelFatTree())) });

describe('import of what real dumps carry', () => {
  it('the committed class files are what classes.ts writes', () => {
    for (const [name, text] of Object.entries(classFiles())) expect(read(name), name).toBe(text);
  });

  it('a loopback cable: a warning naming its line, the cable left out, the rest imported', () => {
    const c = importOf('loopback.ibnetdiscover');
    const w = warningAt(c.warnings, /loopback/);
    expect([w.file, w.line]).toEqual(['loopback.ibnetdiscover', lineOf(read('loopback.ibnetdiscover'), '[7]\t"S-0002c90000000001"[8]')]);
    expect(c.topology.links).toHaveLength(clean().topology.links.length);
  });

  it('a switch with LID 0: a warning naming its header line, imported without LFTs', () => {
    const c = importOf('lid0.ibnetdiscover');
    const w = warningAt(c.warnings, /LID 0/);
    expect(w.line).toBe(lineOf(read('lid0.ibnetdiscover'), '"spine1" enhanced port 0 lid 0'));
    expect(c.topology.switches).toHaveLength(6);
  });

  it('a byte-order mark, a prompt and command, an ibwarn line, CRLF: warnings naming each line, the same topology', () => {
    const text = read('captured.ibnetdiscover');
    const c = importOf('captured.ibnetdiscover');
    expect(warningAt(c.warnings, /byte-order mark/).line).toBe(1);
    expect(warningAt(c.warnings, /shell prompt/).line).toBe(1);
    expect(warningAt(c.warnings, /diagnostic/).line).toBe(lineOf(text, 'ibwarn:'));
    expect(warningAt(c.warnings, /CRLF/).file).toBe('captured.ibnetdiscover');
    expect(c.topology).toEqual(clean().topology);
  });

  it('ends that disagree: a warning naming both lines, the link at 4xDDR (4 × 5 × 8/10 = 16 Gb/s)', () => {
    const text = read('disagree.ibnetdiscover');
    const c = importOf('disagree.ibnetdiscover');
    const w = warningAt(c.warnings, /disagree/);
    expect(w.line).toBe(lineOf(text, '# "leaf2" lid 3 4xDDR'));
    expect(w.message).toContain(`at line ${lineOf(text, '[5]\t"S-0002c90000000005"[3]')}`);
    const link = c.topology.links.find((l) => [l.a, l.b].sort().join(' ') === 'leaf2:5 spine0:3')!;
    expect(link.rateGbps).toBe(16);
  });

  it('ibnetdiscover -p: read as the ports report, the same fabric as the topology file', () => {
    const c = importOf('ports.ibnetdiscover-p');
    expect(c.format).toBe('ports');
    const t = clean().topology;
    const links = (x: typeof t) => x.links.map((l) => `${[l.a, l.b].sort().join(' ')} ${l.rateGbps}`).sort();
    expect(links(c.topology)).toEqual(links(t));
    expect(c.topology.hosts.map((h) => h.name).sort()).toEqual(t.hosts.map((h) => h.name).sort());
  });

  it('one host: a warning that there is nothing to simulate, and no flows', () => {
    const c = importOf('one-host.ibnetdiscover');
    expect(warningAt(c.warnings, /1 host/).file).toBe('one-host.ibnetdiscover');
  });

  it('a LID given to two hosts: a warning without LFTs, an error naming the line with them', () => {
    const text = read('duplicate-lid.ibnetdiscover');
    // node05's line (edited to LID 12) comes first, node06's (LID 12 already) second: the second is named.
    const lines = text.split('\n').flatMap((l, k) => (l.includes('# lid 12 lmc 0 "leaf1" lid 2') ? [k + 1] : []));
    expect(lines).toHaveLength(2);
    const w = warningAt(importOf('duplicate-lid.ibnetdiscover').warnings, /LID 12/);
    expect(w.line).toBe(lines[1]);
    expect(w.message).toContain(`at line ${lines[0]}`);
    const line = lines[1];
    const lfts = writeLfts(validateFabricTopology(twoLevelFatTree()));
    const e = thrownBy(ClusterFormatError, () => importOf('duplicate-lid.ibnetdiscover', { lfts }));
    expect([e.file, e.line]).toEqual(['duplicate-lid.ibnetdiscover', line]);
    expect(e.rule).toMatch(/^with LFTs every host port needs a LID of its own/);
  });

  it('a file cut inside its last line is refused, naming that line and the rule', () => {
    const text = read('cut.ibnetdiscover');
    const e = thrownBy(ClusterFormatError, () => importOf('cut.ibnetdiscover'));
    expect([e.file, e.line]).toEqual(['cut.ibnetdiscover', text.split('\n').length]);
    expect(e.rule).toMatch(/^a complete file ends with a newline/);
  });

  it('an OpenSM file cut inside "1:64" is refused, not read as weight 6', () => {
    const text = read('cut.conf');
    const e = thrownBy(ClusterFormatError, () => readOpenSmQos(text, 'cut.conf'));
    expect([e.file, e.line]).toEqual(['cut.conf', text.split('\n').length]);
  });

  it('qos_sw2sw_* options: read, and the inter-switch ports take their tables', () => {
    const c = importOf('one-host.ibnetdiscover', { qos: read('sw2sw.conf') });
    expect(c.qos!.interSwitchArbitration!.low).toEqual([{ vl: 1, weight: 16 }, { vl: 2, weight: 16 }, { vl: 3, weight: 16 }]);
    expect(c.qos!.arbitration.low[3]).toEqual({ vl: 3, weight: 255 });
  });

  it('qos_swe_vlarb_low naming VL 5 under max_vls 4: a warning naming its line, the entry dropped', () => {
    const text = read('vlarb-beyond.conf');
    const q = readOpenSmQos(text, 'vlarb-beyond.conf');
    const w = warningAt(q.warnings, /VL 5/);
    expect([w.file, w.line]).toEqual(['vlarb-beyond.conf', lineOf(text, 'qos_swe_vlarb_low')]);
    expect(q.ports.swe.low.some((e) => e.vl === 5 && e.weight > 0)).toBe(false);
  });
});
