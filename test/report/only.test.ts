/**
 * `ibqos report --only`: a section or experiment ids pick the experiments run; anything else is
 * refused naming --only before anything is written. And the Alfaro section's reference: the
 * paper's Table 2 as docs/alfaro.md quotes it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectExperiments } from '../../src/cli/report.js';
import { alfaroExperiments, alfaroTableExperiment, drbExperiments, fabricModelExperiments, thesisExperiments } from '../../src/index.js';
import { granExperiments } from '../../src/report/gran.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const all = [...thesisExperiments(), ...granExperiments(), ...drbExperiments({ quick: true }), ...alfaroExperiments(), ...fabricModelExperiments({ quick: true })];

describe('selectExperiments (report --only)', () => {
  it('no --only → every experiment, in report order', () => {
    expect(selectExperiments(all, undefined).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('a section → its experiments; the thesis section → the four thesis experiments', () => {
    expect(selectExperiments(all, 'gran').map((e) => e.id)).toEqual(['gran-table-2', 'gran-windy', 'gran-moving']);
    expect(selectExperiments(all, 'thesis').map((e) => e.id)).toEqual(['credit-chain', 'entry-threshold', 'arrival-job-threshold', 'congestion-spreading']);
    expect(selectExperiments(all, 'fabric-model').map((e) => e.id)).toEqual(['fabric-model-two-switch', 'fabric-model-hotspot', 'fabric-model-flows', 'fabric-model-saturation']);
  });

  it('a list of a section and an id → both, in report order, each once', () => {
    expect(selectExperiments(all, 'alfaro-table-2, drb,drb-load').map((e) => e.id)).toEqual(['drb-load', 'drb-hot-spot', 'alfaro-table-2']);
  });

  it('an unknown item → InvalidParameterError naming --only, the rule and the value', () => {
    expect(() => selectExperiments(all, 'gran,grn')).toThrow(/--only must be a list of sections \(thesis, gran, drb, alfaro, fabric-model\) or experiment ids \(.*gran-table-2.*\), got "gran,grn"/);
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
  const points = alfaroTableExperiment.points({ quick: false });
  const ref = points.map((p) => alfaroTableExperiment.reference!(p)['Alfaro et al.'] as Record<string, number>);

  it("are the paper's Table 2 as docs/alfaro.md quotes it (connections, utilisation and reservation in brackets)", () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/alfaro.md'), 'utf8');
    const bracketed = (row: string): number[] => {
      const line = doc.split('\n').find((l) => l.startsWith(`| ${row} |`))!;
      return [...line.matchAll(/\(([\d ]+(?:\.\d+)?)\)/g)].map((m) => Number(m[1]!.replace(/ /g, '')));
    };
    expect(ref.map((r) => r.connections)).toEqual(bracketed('established connections'));
    expect(ref.map((r) => Math.round(r.hostWireUtilization * 1e4) / 100)).toEqual(bracketed('host interfaces, utilisation % with headers'));
    expect(ref.map((r) => Math.round(r.switchWireUtilization * 1e4) / 100)).toEqual(bracketed('switch ports, utilisation % with headers'));
    expect(ref.map((r) => r.hostWireReservation)).toEqual(bracketed('host interfaces, reservation Mb/s with headers'));
    expect(ref.map((r) => r.switchWireReservation)).toEqual(bracketed('switch ports, reservation Mb/s with headers'));
    // The quick run (8 switches) is not the paper's network: no reference.
    expect(alfaroTableExperiment.points({ quick: true }).every((p) => Object.keys(alfaroTableExperiment.reference!(p)).length === 0)).toBe(true);
  });

  // The arithmetic of docs/alfaro.md "What the seed's utilisation counts" (generator:
  // benchmarks/analysis/alfaro_table2_consistency.py), redone on the values the report quotes.
  it('reservation / (utilisation · 2500) is one factor per size at host and switch ports (within the ±0.005 % printing), above 1', () => {
    for (const r of ref) {
      const host = r.hostWireReservation / (r.hostWireUtilization * 2500);
      const sw = r.switchWireReservation / (r.switchWireUtilization * 2500);
      expect(host).toBeGreaterThan(1);
      // Each utilisation is known to ±0.00005 of a fraction: the two ratios may differ by at most the sum of their intervals.
      const slack = host * (0.00005 / r.hostWireUtilization) + sw * (0.00005 / r.switchWireUtilization);
      expect(Math.abs(host - sw)).toBeLessThanOrEqual(slack);
    }
  });

  it('read as payload with 26 header bytes, the 256-byte reservations exceed the 80 % cap; read with the headers, none does', () => {
    const at256 = ref[0]!;
    expect((at256.switchWireReservation * 282) / 256).toBeGreaterThan(2000);
    expect((at256.hostWireReservation * 282) / 256).toBeGreaterThan(2000);
    for (const r of ref) expect(Math.max(r.hostWireReservation, r.switchWireReservation)).toBeLessThan(2000);
  });
});
