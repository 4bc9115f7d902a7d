/**
 * `ibqos report --only`: a section or experiment ids pick the experiments run; anything else is
 * refused naming --only before anything is written. And the Alfaro section's reference: the
 * paper's Table 2 as docs/alfaro.md quotes it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectExperiments } from '../../src/cli/report.js';
import { alfaroExperiments, alfaroTableExperiment, drbExperiments, thesisExperiments } from '../../src/index.js';
import { granExperiments } from '../../src/report/gran.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const all = [...thesisExperiments(), ...granExperiments(), ...drbExperiments({ quick: true }), ...alfaroExperiments()];

describe('selectExperiments (report --only)', () => {
  it('no --only → every experiment, in report order', () => {
    expect(selectExperiments(all, undefined).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('a section → its experiments; the thesis section → the four thesis experiments', () => {
    expect(selectExperiments(all, 'gran').map((e) => e.id)).toEqual(['gran-table-2', 'gran-windy', 'gran-moving']);
    expect(selectExperiments(all, 'thesis').map((e) => e.id)).toEqual(['credit-chain', 'entry-threshold', 'arrival-job-threshold', 'congestion-spreading']);
  });

  it('a list of a section and an id → both, in report order, each once', () => {
    expect(selectExperiments(all, 'alfaro-table-2, drb,drb-load').map((e) => e.id)).toEqual(['drb-load', 'drb-hot-spot', 'alfaro-table-2']);
  });

  it('an unknown item → InvalidParameterError naming --only, the rule and the value', () => {
    expect(() => selectExperiments(all, 'gran,grn')).toThrow(/--only must be a list of sections \(thesis, gran, drb, alfaro\) or experiment ids \(.*gran-table-2.*\), got "gran,grn"/);
    expect(() => selectExperiments(all, '')).toThrow(/--only/);
  });

  it('ibqos report --only nope → exit 2, nothing written', async () => {
    const dir = join(tempDirForTest('report-only'), 'out');
    const { code, err } = await runCli(['report', '--quick', '--only', 'nope', '--out', dir]);
    expect(code).toBe(2);
    expect(err).toMatch(/--only must be/);
    expect(existsSync(dir)).toBe(false);
  });
});

describe("the Alfaro section's reference values", () => {
  it("are the paper's Table 2 as docs/alfaro.md quotes it (connections and utilisation in brackets)", () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/alfaro.md'), 'utf8');
    const bracketed = (row: string): number[] => {
      const line = doc.split('\n').find((l) => l.startsWith(`| ${row} |`))!;
      return [...line.matchAll(/\(([\d ]+(?:\.\d+)?)\)/g)].map((m) => Number(m[1]!.replace(/ /g, '')));
    };
    const points = alfaroTableExperiment.points({ quick: false });
    const ref = points.map((p) => alfaroTableExperiment.reference!(p)['Alfaro et al.'] as Record<string, number>);
    expect(ref.map((r) => r.connections)).toEqual(bracketed('established connections'));
    expect(ref.map((r) => Math.round(r.hostUtilization * 1e4) / 100)).toEqual(bracketed('host interfaces, utilisation %'));
    expect(ref.map((r) => Math.round(r.switchUtilization * 1e4) / 100)).toEqual(bracketed('switch ports, utilisation %'));
    // The quick run (8 switches) is not the paper's network: no reference.
    expect(alfaroTableExperiment.points({ quick: true }).every((p) => Object.keys(alfaroTableExperiment.reference!(p)).length === 0)).toBe(true);
  });
});
