/**
 * The simulator's reference data for the analytic fabric model (test/fixtures/fabric-model, written
 * by benchmarks/fabric-model-reference/make.ts): each file is checked against its own rules — the
 * points sit at 1 % and at 50/70/90 % of the saturation load the bisection found, the flows offer
 * what the loads say and, below saturation, deliver it; the scenario file is the 50 % point; and
 * the smallest case's 1 % point reruns through `simulate()` to the figures in its file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFabricScenario, simulate, type IntervalTree } from '../../../src/index.js';
import { FABRIC_MODEL_FIXTURES, flowFigure, readReferenceCase, referenceCaseNames, scenarioAtPoint, type ReferenceStep } from '../../helpers/fabricModelReference.js';

const names = referenceCaseNames();
const PACKET_BITS = 2048 * 8;

describe('fabric-model reference data', () => {
  it('holds at least the 4-ary 2-tree under uniform traffic', () => {
    expect(names).toContain('4ary2tree-uniform-1sl');
  });

  for (const name of names) {
    it(`${name}: points at 1 % and 50/70/90 % of the saturation load, ≥ 5 replications, offered load as stated`, () => {
      const c = readReferenceCase(name);
      expect(c.schema).toBe('ibqos-fabric-model-reference/1');
      expect(c.case).toBe(name);
      expect(c.points.map((p) => p.label)).toEqual(['1%', '50%', '70%', '90%']);
      const sat = c.saturation.previous?.load ?? c.saturation.load; // the load the points were placed at
      expect(c.points.map((p) => p.load)).toEqual([0.01, 0.5 * sat, 0.7 * sat, 0.9 * sat]);
      for (const p of c.points) {
        expect(p.replications).toBeGreaterThanOrEqual(5);
        expect(p.flowRatePps).toBeCloseTo((p.load * c.rateGbps * 1e9) / PACKET_BITS / c.flowsPerSender, 6);
        expect(Object.keys(p.flows)).toHaveLength(c.senders * c.flowsPerSender);
      }
    });

    it(`${name}: the saturation load is the highest load tested unsaturated, with a saturated one within 0.011 above`, () => {
      const c = readReferenceCase(name);
      const free = c.saturation.steps.filter((s) => !s.saturated).map((s) => s.load);
      const saturated = c.saturation.steps.filter((s) => s.saturated).map((s) => s.load);
      if (c.saturation.load < 0.999) {
        expect(Math.min(...saturated) - c.saturation.load).toBeLessThanOrEqual(0.011);
        if (c.saturation.load > 0.02) expect(Math.max(...free)).toBeCloseTo(c.saturation.load, 4);
      }
      // the former rule (one window) or the growth rule (base and long window: benchmarks/fabric-model-reference/saturationRule.ts)
      const oneWindow = (s: ReferenceStep) => s.ratio < 0.99 || s.minFlowRatio < 0.95;
      const grows = (base: number, long: number) => 1 - long > 0.5 * (1 - base);
      const growing = (s: ReferenceStep) => (s.ratioLong! < 0.99 && grows(s.ratio, s.ratioLong!)) || (s.minFlowRatioLong! < 0.95 && grows(s.minFlowRatio, s.minFlowRatioLong!));
      for (const s of c.saturation.steps) expect(s.saturated).toBe(s.ratioLong === undefined ? oneWindow(s) : growing(s));
      for (const s of c.saturation.previous?.steps ?? []) expect(s.saturated).toBe(oneWindow(s));
    });

    it(`${name}: below saturation every flow delivers what it offers (1 % and 50 % points)`, () => {
      const c = readReferenceCase(name);
      for (const p of c.points.slice(0, 2)) {
        const offeredGbps = (p.flowRatePps * PACKET_BITS) / 1e9;
        for (const flow of Object.keys(p.flows)) {
          const t = flowFigure(p, flow, 0);
          // the Poisson count in the window varies by about 1/√(packets): 4 of those, or the interval
          const packets = p.flowRatePps * p.untilS * p.replications;
          expect(Math.abs(t.mean - offeredGbps)).toBeLessThanOrEqual(Math.max(t.halfWidth, (4 * offeredGbps) / Math.sqrt(packets)));
        }
      }
    });

    it(`${name}: the scenario file is the 50 % point and parses`, () => {
      const c = readReferenceCase(name);
      const file = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, c.scenarioFile), 'utf8'));
      const p50 = c.points[1]!;
      expect(file.scenario).toBe('fabric');
      expect(file.until).toBe(p50.untilS);
      expect(file.warmup).toBe(p50.warmupS);
      for (const f of file.params.flows) expect(f.traffic).toEqual({ kind: 'poisson', rate: p50.flowRatePps });
      if (c.hosts <= 64) expect(parseFabricScenario(file.params).flows).toHaveLength(c.senders * c.flowsPerSender);
    });
  }

  it('4ary2tree-uniform-1sl: the 1 % point reruns through simulate() to the file’s means', () => {
    const c = readReferenceCase('4ary2tree-uniform-1sl');
    const p1 = c.points[0]!;
    const s = scenarioAtPoint(c, p1);
    const r = simulate({ scenario: 'fabric', params: s.params }, { seed: p1.seed, replications: p1.replications, until: s.until, warmup: s.warmup });
    const metrics = r.metrics as Record<string, Record<string, IntervalTree>>;
    for (const flow of Object.keys(p1.flows)) {
      const latency = metrics.latency![flow] as { mean: number; halfWidth: number };
      expect(Number(latency.mean.toPrecision(5))).toBe(flowFigure(p1, flow, 1).mean);
      expect(Number(latency.halfWidth.toPrecision(5))).toBe(flowFigure(p1, flow, 1).halfWidth);
    }
  });
});
