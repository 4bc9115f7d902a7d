import { describe, expect, it } from 'vitest';
import { NameSet } from '../../src/model/spec/nameSet.js';

describe('NameSet (the front end check that no two flows share a name)', () => {
  it('answers as a Set of strings on random names with many repeats, through several growths', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const alphabet = 'ab→>é😀';
    const mine = new NameSet();
    const ref = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      let name = '';
      const len = 1 + Math.floor(next() * 4);
      for (let k = 0; k < len; k++) name += alphabet[Math.floor(next() * alphabet.length)];
      const fresh = !ref.has(name);
      ref.add(name);
      expect(mine.add(name)).toBe(fresh);
    }
    expect(mine.size).toBe(ref.size);
    expect(ref.size).toBeGreaterThan(1000);
  });

  it('tells apart names that differ only past the first characters, and the empty name', () => {
    const s = new NameSet();
    for (let i = 0; i < 5000; i++) expect(s.add(`h${i}>h${i + 1}`)).toBe(true);
    for (let i = 0; i < 5000; i++) expect(s.add(`h${i}>h${i + 1}`)).toBe(false);
    expect(s.add('')).toBe(true);
    expect(s.add('')).toBe(false);
  });
});

describe('fabricModelNetwork: a flow name given twice', () => {
  it('is refused naming the second flow and the name', async () => {
    const { fabricModelNetwork } = await import('../../src/model/index.js');
    const { singleSwitchTopology } = await import('../../src/network/index.js');
    const flows = [
      { name: 'a', source: 'h0', destination: 'h1' },
      { name: 'b', source: 'h1', destination: 'h0' },
      { name: 'a', source: 'h1', destination: 'h0' },
    ];
    expect(() => fabricModelNetwork({ topology: singleSwitchTopology(2), flows })).toThrow(/flows\[2\]\.name.*a name no other flow has/);
    expect(fabricModelNetwork({ topology: singleSwitchTopology(2), flows: flows.slice(0, 2) }).flows.length).toBe(2);
  });
});
