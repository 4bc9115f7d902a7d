/**
 * The report's fabric-model section (issue 31): what it draws is the stored simulator runs read as
 * they are (checked here against the fixture files read independently) beside the model, the text
 * names every point where the model's error exceeds the acceptance, and without the stored runs (an
 * installed package) it says so instead of drawing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runExperiments, type ReportData } from '../../src/index.js';
import { solveTwoSwitchChain } from '../../src/model/exact/exactTwoSwitch.js';
import { fabricModelExperiments, flowCases, saturationCases } from '../../src/report/fabricModel.js';
import { IDENTITY } from '../../src/report/scatter.js';
import { FABRIC_MODEL_FIXTURES } from '../helpers/fabricModelReference.js';
import { tempDirForTest } from '../helpers/tempDir.js';
import { FABRIC_MODEL_FIGURES } from './figures.js';

const fixture = (name: string) => JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, `${name}.json`), 'utf8')) as { saturation: { load: number }; points: { label: string; flows: Record<string, number[]> }[] };

describe('the fabric-model section, quick, on the stored runs', () => {
  let report: ReportData;
  beforeAll(async () => {
    report = await runExperiments(fabricModelExperiments({ quick: true }), { quick: true });
  }, 120_000);
  const experiment = (id: string) => report.experiments.find((e) => e.id === id)!;

  it('draws the figures of the list, in order, each with its identity line where it is a scatter', () => {
    expect(report.experiments.flatMap((e) => e.figures.map((f) => `${e.id}-${f.id}`))).toEqual([...FABRIC_MODEL_FIGURES]);
    for (const e of report.experiments) {
      for (const f of e.figures.filter((g) => !g.id.startsWith('latency-error'))) {
        expect(f.rows.filter((r) => r.series === IDENTITY), f.id).toHaveLength(2);
        expect(f.rows.filter((r) => r.series !== IDENTITY).length, f.id).toBeGreaterThan(0);
      }
    }
  });

  it("per-flow scatters: x is the simulator's stored mean latency of each flow, every delivered flow once per point", () => {
    const e = experiment('fabric-model-flows');
    for (const name of flowCases(true)) {
      const net = name.split('-')[0]!;
      const f = e.figures.find((g) => g.id === `latency-${net}`)!;
      const stored = fixture(name).points.flatMap((p) => Object.values(p.flows).map((v) => v[2]!)).filter((x) => x > 0);
      const drawn = f.rows.filter((r) => r.series !== IDENTITY).map((r) => r.x);
      expect(drawn.sort((a, b) => a - b)).toEqual(stored.sort((a, b) => a - b));
    }
  });

  it('the text names every point where a scored flow is off by more than 10 % or the median by more than 5 %, and only those as failing', () => {
    const e = experiment('fabric-model-flows');
    const failing = e.description.find((d) => d.startsWith('Where the model fails'))!;
    const holding = e.description.find((d) => d.startsWith('Where it holds')) ?? '';
    for (const p of e.points) {
      const stored = fixture(p.point.case as string).points.find((q) => q.label === p.point.load)!;
      const pairs = (p.analytic['fabric model'] as { latencyPairs: [number, number][] }).latencyPairs;
      // The scoring recomputed here: a flow counts when its half-width is within 2 % of its mean.
      const errors = Object.values(stored.flows)
        .filter((v) => v[2]! > 0 && v[3]! <= 0.02 * v[2]!)
        .map((v) => {
          const pair = pairs.find(([x]) => x === v[2])!;
          return Math.abs(pair[1] - pair[0]) / pair[0];
        })
        .sort((a, b) => a - b);
      if (errors.length === 0) continue;
      const median = errors.length % 2 ? errors[(errors.length - 1) / 2]! : (errors[errors.length / 2 - 1]! + errors[errors.length / 2]!) / 2;
      const label = `${p.point.case} at ${p.point.load} (`;
      if (errors.at(-1)! > 0.1 || median > 0.05) expect(failing, label).toContain(label);
      else expect(holding, label).toContain(label);
    }
  });

  it('the error strip: one marker per scored flow at its load, no identity line', () => {
    const e = experiment('fabric-model-flows');
    const f = e.figures.find((g) => g.id === 'latency-error-flows')!;
    expect(f.rows.some((r) => r.series === IDENTITY)).toBe(false);
    const scored = e.points.reduce((t, p) => t + (p.analytic['fabric model'] as { scored: number }).scored, 0);
    expect(f.rows).toHaveLength(scored);
  });

  it("saturation: x is the simulator's stored saturation load of each case", () => {
    const f = experiment('fabric-model-saturation').figures[0]!;
    const xs = f.rows.filter((r) => r.series !== IDENTITY).map((r) => r.x);
    expect(xs.sort()).toEqual(saturationCases(true).map((c) => fixture(c).saturation.load).sort());
  });

  it('the two-switch table holds the exact chain (src/model/exact/exactTwoSwitch.ts) beside the decomposition, and the text the error range', () => {
    const e = experiment('fabric-model-two-switch');
    const first = e.points[0]!;
    const exact = solveTwoSwitchChain({ lambda: [0.3, 0, 0.3], mu: [1, 1, 1], mu12: 1, muOut: 1, n: 3, m: 2 });
    expect((first.analytic['exact chain'] as { latency: Record<string, number> }).latency['f2']).toBe(exact.responseTime[2]);
    expect(e.contrasts[0]!.rows).toHaveLength(5);
    expect(e.description.at(-1)).toMatch(/^Sojourn error of the decomposition, per flow: from -\d+ % to \+\d+ %; \d+ of 12 flows off by more than 10 %/);
  });

  it('hotspots: one sentence per run (CC off and on, two loads), each naming the three classes with the flags the model set', () => {
    const e = experiment('fabric-model-hotspot');
    const runs = e.description.filter((d) => d.startsWith('IB CC '));
    expect(runs).toHaveLength(4);
    for (const r of runs) expect(r).toMatch(/hotspot flows \(\d+\): .*hurt in the simulator \d+, of them flagged \d+; .*victim flows \(\d+\): .*other flows \(\d+\): /);
    expect(runs.filter((r) => r.startsWith('IB CC on')).every((r) => /rate-control \d+/.test(r))).toBe(true);
  });
});

describe('the fabric-model section without the stored runs', () => {
  it('says so in the text, draws nothing from them, and still runs the exact two-switch chain', async () => {
    const dir = tempDirForTest('no-fabric-runs');
    const r = await runExperiments(fabricModelExperiments({ quick: true, dir }), { quick: true });
    expect(r.experiments.map((e) => [e.id, e.points.length])).toEqual([
      ['fabric-model-two-switch', 5],
      ['fabric-model-hotspot', 0],
      ['fabric-model-flows', 0],
      ['fabric-model-saturation', 0],
    ]);
    for (const e of r.experiments.slice(1)) expect(e.description.some((d) => d.startsWith('Not drawn'))).toBe(true);
  }, 60_000);
});
