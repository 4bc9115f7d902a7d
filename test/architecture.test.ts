/**
 * The architecture of src/ (STYLE.md, README's layout): folders stand on floors, each folder imports
 * only folders on floors below its own — and of those only the ones it is listed with — so
 * dependencies point downward; the simulator never imports the analytic solvers, so it stays an
 * independent check on them; nothing imports the CLI; and no file imports itself through a chain of
 * other files (no import cycles, type-only imports included).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDoc } from './helpers/docExamples.js';
import { findCycles, importGraph } from './helpers/importGraph.js';

const SRC = join(import.meta.dirname, '..', 'src');

/** The floors of src/, lowest first. Folders on one floor do not import each other. */
const FLOORS: readonly (readonly string[])[] = [
  ['core'], // errors, guards, tolerances, random streams
  ['present', 'linalg'], // presentation (tables, numbers, plots, displays); numerical kernels
  ['network', 'distributions', 'congestion'], // network: topology, routing, importers (under the broker and the simulator)
  ['admission', 'markov'],
  ['credit', 'me', 'sim'], // the analytic solvers and the simulator, side by side
  ['model', 'studies'], // the fabric analytically; the seed studies, run on the simulator
  ['sweep', 'validate'], // sweep runs the simulator at scale; validate sees both sides
  ['report'],
  ['cli'],
  ['.'], // src/index.ts: the public exports
];

/** What each folder may import (each arrow must point to a lower floor: checked below). */
const MAY_IMPORT: Record<string, readonly string[]> = {
  core: [],
  present: ['core'],
  linalg: ['core'],
  network: ['core', 'present', 'linalg'],
  distributions: ['core', 'present', 'linalg'],
  congestion: ['core', 'present', 'linalg'],
  admission: ['core', 'present', 'linalg', 'network'],
  markov: ['core', 'present', 'linalg'],
  credit: ['core', 'present', 'linalg', 'markov'],
  me: ['core', 'present', 'linalg', 'distributions', 'markov'],
  sim: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion'],
  model: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'markov', 'credit', 'me'],
  studies: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'sim'],
  sweep: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'sim', 'studies'],
  validate: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'markov', 'credit', 'me', 'sim', 'model'],
  report: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'markov', 'credit', 'me', 'sim', 'model', 'studies', 'validate', 'sweep'],
  cli: ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'markov', 'credit', 'me', 'sim', 'model', 'studies', 'validate', 'report', 'sweep'],
  '.': ['core', 'present', 'linalg', 'network', 'distributions', 'admission', 'congestion', 'markov', 'credit', 'me', 'sim', 'model', 'studies', 'validate', 'report', 'sweep'],
};

/** The analytic solvers: the simulator must not see them (it checks them). */
const ANALYTIC = ['markov', 'credit', 'me', 'model'];

const floorOf = (folder: string) => FLOORS.findIndex((floor) => floor.includes(folder));
const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '.');

describe('floors', () => {
  it('every folder of src/ stands on exactly one floor and has its list of imports', () => {
    const folders = [...new Set([...importGraph(SRC).keys()].map(folderOf))].sort();
    expect(folders.length).toBeGreaterThan(5);
    expect([...FLOORS.flat()].sort()).toEqual(folders);
    expect(Object.keys(MAY_IMPORT).sort()).toEqual(folders);
  });

  it.each(Object.entries(MAY_IMPORT))('%s may import only folders on lower floors', (from, targets) => {
    for (const to of targets) expect(floorOf(to), `${from} → ${to}`).toBeLessThan(floorOf(from));
  });

  it('present sits low: it may import core only', () => {
    expect(MAY_IMPORT.present).toEqual(['core']);
  });

  it('the network description stands on core, present and linalg only; the broker and the simulator stand on it', () => {
    expect(MAY_IMPORT.network).toEqual(['core', 'present', 'linalg']);
    expect(MAY_IMPORT.admission).toContain('network');
    expect(MAY_IMPORT.sim).toContain('network');
  });

  it('the seed studies stand above the simulator: the simulator does not import them', () => {
    expect(MAY_IMPORT.sim).not.toContain('studies');
    expect(MAY_IMPORT.studies).toContain('sim');
  });

  it('the simulator may not import the analytic solvers, nor they the simulator', () => {
    for (const a of ANALYTIC) {
      expect(MAY_IMPORT.sim).not.toContain(a);
      expect(MAY_IMPORT[a]).not.toContain('sim');
    }
  });

  it("README's layout section: one line per folder, each with its floor, lowest first", () => {
    const layout = readDoc('README.md').split('## Layout')[1]!.split('\n## ')[0]!;
    const lines = [...layout.matchAll(/^ {4}(\d+) +src\/(\w+)\/ /gm)].map((m) => [m[2]!, Number(m[1])] as const);
    expect(lines).toEqual(FLOORS.flatMap((floor, k) => floor.filter((f) => f !== '.').map((f) => [f, k] as const)));
  });

  it('nothing imports the CLI', () => {
    for (const [from, targets] of Object.entries(MAY_IMPORT)) expect(targets, from).not.toContain('cli');
  });
});

describe('dependency arrows', () => {
  const graph = importGraph(SRC);

  it('the import graph sees every import form, type-only imports included', () => {
    // report/html.ts imports report/types.ts with `import type` only.
    expect(graph.get('report/html.ts')).toContain('report/types.ts');
    expect(graph.get('index.ts')).toContain('present/index.ts');
    expect(graph.get('present/svgPlot.ts')).toEqual(['core/arrays.ts', 'present/escape.ts', 'present/textFit.ts', 'core/shapes.ts']);
  });

  it.each([...graph.entries()])('%s imports only what its folder may', (file, targets) => {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      expect(MAY_IMPORT[from], `${file} imports ${target} (${to})`).toContain(to);
    }
  });

  it('no import cycles anywhere in src/', () => {
    expect(findCycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });
});

describe('findCycles', () => {
  it('a three-file cycle and a file importing itself → both, as closed paths; files outside them → none', () => {
    const graph = new Map(Object.entries({ 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts', 'd.ts'], 'd.ts': [], 'e.ts': ['e.ts'], 'f.ts': ['a.ts'] }));
    expect(findCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });

  it('a diamond (two paths to one file) → no cycle', () => {
    expect(findCycles(new Map(Object.entries({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] })))).toEqual([]);
  });

  it('two cycles sharing a file → one component, shown by a shortest cycle through its first file', () => {
    expect(findCycles(new Map(Object.entries({ a: ['b'], b: ['c', 'a'], c: ['b'] })))).toEqual([['a', 'b', 'a']]);
  });

  it('the experiment.ts ↔ html.ts cycle that report had (html imported experiment.ts types) is caught', () => {
    const graph = new Map(Object.entries({ 'report/experiment.ts': ['report/html.ts'], 'report/html.ts': ['report/experiment.ts', 'present/escape.ts'] }));
    expect(findCycles(graph)).toEqual([['report/experiment.ts', 'report/html.ts', 'report/experiment.ts']]);
  });
});
