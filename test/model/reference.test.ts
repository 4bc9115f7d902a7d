/**
 * The analytic fabric model against the simulator's reference data (test/fixtures/fabric-model,
 * written by benchmarks/fabric-model-reference/make.ts with at least five replications): the parts
 * of issue 31's acceptance the model meets (docs/fabric-model.md has every figure, the failures
 * included). Scored flows only: the simulator's 95 % half-width within 2 % of its mean. Skipped when
 * the reference data are not in the checkout.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, saturationLoad, solveFabric } from '../../src/model/index.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'fabric-model');
/**
 * The 512- and 648-host cases are left to benchmarks/fabric-model-score.ts: the model's saturation
 * bisection on them takes 1–4 minutes of CPU each, too long for the suite.
 */
const LARGE = /^(8ary3tree|gran648)-/;
const cases = existsSync(DIR) ? readdirSync(DIR).filter((f) => f.endsWith('.json') && !LARGE.test(f)).sort() : [];
/**
 * Saturation misses (docs/fabric-model.md), kept as expected failures so a fix shows. torus8x8-bitcomp-2sl,
 * 6.3 points from the simulator's in session 12 (5 allowed), is 4.9 since change 67 (H31l, session 13: its SL 0
 * heads no longer count the heads waiting for their own input port ahead). torus8x8-bitcomp-1sl since the
 * reference's growth rule (H35sat, session 18, change 178): the simulator's 0.450 became 0.498 (the links' bound,
 * which it accepts at 100 % offered), the model's 0.421 was 7.7 points below (changes 179) until change 540 (H46f,
 * session 29: the rotation buffers' head time once backlogged): 0.465, 3.3 points below. No miss left.
 */
const SATURATION_MISSES = new Set<string>([]);

interface Case {
  case: string;
  pattern: string;
  scenarioFile: string;
  rateGbps: number;
  flowsPerSender: number;
  saturation: { load: number };
  points: { label: string; flowRatePps: number; flows: Record<string, number[]> }[];
}

const read = (file: string) => {
  const c = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Case;
  const scenario = JSON.parse(readFileSync(join(DIR, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const at = (pps: number) => ({ ...scenario.params, flows: scenario.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) });
  return { c, at };
};

describe.skipIf(cases.length === 0)('the fabric model against the simulator (reference data)', () => {
  it.each(cases)('%s at 1 percent load: every scored flow’s mean latency within 10 percent', (file) => {
    const { c, at } = read(file);
    const point = c.points.find((p) => p.label === '1%')!;
    const r = solveFabric(fabricModelNetwork(at(point.flowRatePps)));
    for (const [flow, v] of Object.entries(point.flows)) {
      if (!(Math.abs(v[3]!) <= 0.02 * v[2]!)) continue;
      expect(Math.abs(r.metrics.latency[flow]! - v[2]!) / v[2]!, flow).toBeLessThan(0.1);
    }
  });

  const saturationWithin = (file: string) => {
    const { c, at } = read(file);
    const model = saturationLoad(at, c.rateGbps, 2048, c.flowsPerSender).load;
    expect(Math.abs(model - c.saturation.load)).toBeLessThan(c.pattern === 'uniform' ? 0.1 : 0.05);
  };
  const hits = cases.filter((f) => !SATURATION_MISSES.has(f));
  const misses = cases.filter((f) => SATURATION_MISSES.has(f));
  // A bisection of model solves: seconds alone, minutes on a loaded machine; the timeout only stops a runaway.
  it.each(hits)('%s: saturation load within 5 points of the simulator’s (permutations), 10 (uniform)', saturationWithin, 300_000);
  it.runIf(misses.length > 0).fails.each(misses)('%s: saturation load within 5 points (a known miss: docs/fabric-model.md)', saturationWithin);
});
