import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';
import { BandwidthBroker, parseOpenSmArbitration } from '../../src/index.js';

const dir = tempDirForFile('admit');
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
const cli = (...args: string[]) => runCli(args);

const topology = file('t.json', { links: [{ id: 'A-B', bandwidth: 2500 }, { id: 'B-C', bandwidth: 2500 }], slShares: { 0: 0.5, 1: 0.3 } });
const requests = [
  { id: 'c1', path: ['A-B', 'B-C'], sl: 0, bandwidth: 1000, distance: 8 },
  { id: 'c2', path: ['A-B'], sl: 1, bandwidth: 750 },
  { id: 'c3', path: ['B-C'], sl: 0, bandwidth: '249.5' },
  { release: 'c1' },
];
const requestFile = file('r.json', requests);

describe('ibqos admit', () => {
  it('--json → { verdicts, links, tables } equal to the library run on the same input', async () => {
    const { code, out, err } = await cli('admit', '--topology', topology, '--requests', requestFile, '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(out) as { verdicts: unknown[]; links: unknown[]; tables: unknown[] };
    expect(Object.keys(json)).toEqual(['verdicts', 'links', 'tables']);
    expect(json.verdicts).toEqual([
      { id: 'c1', admitted: true, slack: 250 },
      { id: 'c2', admitted: false, bindingLink: 'A-B', reason: 'sl-capacity', slack: 0 },
      { id: 'c3', admitted: true, slack: 0.5 },
      { id: 'c1', movedEntries: 0, released: true },
    ]);
    const b = new BandwidthBroker({ links: [{ id: 'A-B', bandwidth: 2500 }, { id: 'B-C', bandwidth: 2500 }], slShares: { 0: 0.5, 1: 0.3 } });
    b.admit(requests[0] as never);
    b.admit(requests[1] as never);
    b.admit(requests[2] as never);
    b.release('c1');
    expect(json.links).toEqual(JSON.parse(JSON.stringify(b.links())));
    expect(json.tables).toEqual(JSON.parse(JSON.stringify(b.tablesState())));
  });

  it('text output: verdicts, links, and a grid of each used table', async () => {
    const { code, out } = await cli('admit', '--topology', topology, '--requests', requestFile);
    expect(code).toBe(0);
    expect(out).toMatch(/c2 +rejected +A-B +sl-capacity +0/);
    expect(out).toMatch(/B-C +2500 +2500 +249\.5 +0\.0998 +1/);
    expect(out).toMatch(/port B-C: high-priority table/);
    expect(out).not.toMatch(/port A-B/); // no sequence left on A-B
  });

  it('--opensm prints three opensm.conf lines per port, which read back to the tables', async () => {
    const { code, out } = await cli('admit', '--topology', topology, '--requests', requestFile, '--opensm');
    expect(code).toBe(0);
    const blocks = out.trim().split('\n\n');
    expect(blocks).toHaveLength(2);
    const json = JSON.parse((await cli('admit', '--topology', topology, '--requests', requestFile, '--json')).out) as {
      tables: { high: unknown; low: unknown; limitOfHighPriority: number }[];
    };
    blocks.forEach((block, k) => {
      expect(block.split('\n')[0]).toMatch(/^# port /);
      const back = parseOpenSmArbitration(block);
      expect(back).toEqual({ high: json.tables[k]!.high, low: json.tables[k]!.low, limitOfHighPriority: json.tables[k]!.limitOfHighPriority });
    });
  });

  it('releasing a connection that was refused earlier in the file is a record, not an error (its request could not know)', async () => {
    const items = [requests[1], { release: 'c2' }, { id: 'c4', path: ['A-B'], sl: 1, bandwidth: 10 }, { release: 'c4' }];
    const { code, out, err } = await cli('admit', '--topology', topology, '--requests', file('refused.json', items), '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    expect((JSON.parse(out) as { verdicts: unknown[] }).verdicts).toEqual([
      { id: 'c2', admitted: false, bindingLink: 'A-B', reason: 'sl-capacity', slack: 0 },
      { id: 'c2', released: false, reason: 'not-admitted' },
      { id: 'c4', admitted: true, slack: 740 },
      { id: 'c4', movedEntries: 0, released: true },
    ]);
    const text = await cli('admit', '--topology', topology, '--requests', file('refused.json', items));
    expect(text.out).toMatch(/c2 +not admitted/);
    // Releasing it a second time, or an id never requested, is still an error.
    const again = await cli('admit', '--topology', topology, '--requests', file('twice.json', [...items, { release: 'c4' }]));
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/requests\[4\]\.release must be the id of an admitted connection, got "c4"/);
  });

  it('malformed input → exit 2 and a message naming the item and field', async () => {
    const bad = file('bad.json', [{ id: 1, path: ['A-B', 'X'], sl: 0, bandwidth: 1 }]);
    const r1 = await cli('admit', '--topology', topology, '--requests', bad);
    expect(r1.code).toBe(2);
    expect(r1.err).toMatch(/requests\[0\]\.path\[1\] must be the id of a link of the topology, got "X"/);
    const r2 = await cli('admit', '--topology', topology, '--requests', file('rel.json', [{ release: 'nobody' }]));
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/requests\[0\]\.release must be the id of an admitted connection/);
    const r3 = await cli('admit', '--topology', file('t2.json', { links: [{ id: 'A', bandwidth: 'fast' }] }), '--requests', requestFile);
    expect(r3.code).toBe(2);
    expect(r3.err).toMatch(/links\[0\]\.bandwidth must be/);
    const r4 = await cli('admit', '--topology', join(dir, 'missing.json'), '--requests', requestFile);
    expect(r4.code).toBe(2);
    expect(r4.err).toMatch(/--topology must be a readable file/);
    const r6 = await cli('admit', '--topology', topology, '--requests', file('dup.json', [requests[0], requests[0]]));
    expect(r6.code).toBe(2);
    expect(r6.err).toMatch(/requests\[1\]\.id must be an id no admitted connection uses, got "c1"/);
    const r5 = await cli('admit', '--topology', file('broken.json', '{ "links": ['), '--requests', requestFile);
    expect(r5.code).toBe(2);
    expect(r5.err).toMatch(/--topology must be a JSON file/);
  });

  it('requests may give a delay (seconds; needs the topology bandwidthUnit): converted to a distance, or refused with reason delay', async () => {
    const t = file('t-unit.json', { bandwidthUnit: 'Mb/s', links: [{ id: 'A-B', bandwidth: 2500 }, { id: 'B-C', bandwidth: 1000 }] });
    // docs/admission.md: B(4) = 56960 bytes = 182.272 µs at 2500 Mb/s; B(2) = 20352 bytes = 162.816 µs at 1000 Mb/s.
    const items = [
      { id: 'd1', path: ['A-B'], sl: 0, bandwidth: 1, delay: '182.272e-6' },
      { id: 'd2', path: ['A-B', 'B-C'], sl: 1, bandwidth: 1, delay: 0.0001 },
    ];
    const { code, out, err } = await cli('admit', '--topology', t, '--requests', file('delay.json', items), '--json');
    expect(err).toBe('');
    expect(code).toBe(0);
    const json = JSON.parse(out) as { verdicts: unknown[]; tables: { link: string; sequences: { sl: number; distance: number }[] }[] };
    expect(json.verdicts).toEqual([
      { id: 'd1', admitted: true, slack: 2499 },
      { id: 'd2', admitted: false, bindingLink: 'B-C', reason: 'delay' },
    ]);
    expect(json.tables[0]!.sequences.map((s) => [s.sl, s.distance])).toEqual([[0, 4]]);
    const text = await cli('admit', '--topology', t, '--requests', file('delay.json', items));
    expect(text.out).toMatch(/d2 +rejected +B-C +delay/);
    const noUnit = await cli('admit', '--topology', topology, '--requests', file('delay.json', items));
    expect(noUnit.code).toBe(2);
    expect(noUnit.err).toMatch(/requests\[0\]\.delay must be given only when the topology states its bandwidthUnit/);
  });

  it('missing options → usage error (exit 2, as any invalid input)', async () => {
    expect((await cli('admit', '--topology', topology)).code).toBe(2);
  });
});
