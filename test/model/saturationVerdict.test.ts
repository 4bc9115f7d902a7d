/**
 * The saturation verdict of a model result (results/assemble.ts) read two ways: off the per-flow
 * records (`flows`, built first) and without them (the verdict asked first, as a saturation bisection
 * asks it: session 19). Above saturation on reference fabrics with 'uniform' destinations (records
 * merged by name) and on permutations, one and two SLs: the same capped flows, in the same order, and
 * the same capping resources.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/spec/scenario.js';
import { solveModel } from '../../src/model/solve.js';
import { modelResult } from '../../src/model/results/assemble.js';
import { FABRIC_MODEL_FIXTURES } from '../helpers/fabricModelReference.js';

const at = (name: string, share: number) => {
  const c = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, `${name}.json`), 'utf8')) as { scenarioFile: string; points: { label: string; flowRatePps: number }[] };
  const sc = JSON.parse(readFileSync(join(FABRIC_MODEL_FIXTURES, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const rate = (share * c.points.find((p) => p.label === '90%')!.flowRatePps) / 0.9;
  return { ...sc.params, flows: sc.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate } })) };
};

describe('the saturation verdict without the records', () => {
  it.each([
    ['4ary2tree-uniform-2sl', 1.3],
    ['4ary2tree-uniform-1sl', 2],
    ['mesh8x8-transpose-2sl', 1.5],
    ['4ary3tree-shuffle-1sl', 1.2],
  ])('%s at %d × saturation: the records’ capped flows and resources', (name, share) => {
    const sm = solveModel(fabricModelNetwork(at(name, share)), 1e-7, 100, 0.5, 'plain');
    const first = modelResult(sm).saturation;
    const viaRecords = modelResult(sm);
    const capped = viaRecords.flows.filter((f) => f.capped);
    expect(first.saturated).toBe(true);
    expect(first.cappedFlows).toEqual(capped.map((f) => f.name));
    expect(first.cappingResources).toEqual([...new Set(capped.flatMap((f) => f.cappedBy.split(', ')))]);
    expect(viaRecords.saturation).toEqual(first);
    expect(first.cappingResources.length).toBeGreaterThan(0);
  });
  it('below saturation: nothing capped', () => {
    const r = modelResult(solveModel(fabricModelNetwork(at('4ary2tree-uniform-2sl', 0.5)), 1e-7, 100, 0.5, 'plain'));
    expect(r.saturation).toEqual({ saturated: false, cappedFlows: [], cappingResources: [] });
  });
});
