/**
 * Where a full input buffer's wait goes (docs/fabric-model.md change 96, H31c; docs/models.md §13.5): the
 * simulator's mesh8x8-uniform-1sl at 90 % of its saturation, with the fixture's 4-packet input buffers
 * (test/fixtures/fabric-model) and with 64-packet ones (test/fixtures/fabric-model-deep, written by
 * benchmarks/fabric-model-reference/deepBuffers.ts: the same scenario, seed, run and load, five
 * replications). With 64 packets the credits hardly bind; with 4 the central buffers fill, and what
 * would queue beyond their slots waits upstream: the flows' latencies grow by a few percent only. The
 * model counts that wait as the upstream links' credit waits β; before change 96 it counted it a second
 * time in the full buffer's own FIFO part: over the 16 flows scored in both runs its 4-packet latencies
 * were 9.9 % above its 64-packet ones where the simulator's are 2.0 % above (this test's third case fails
 * there); with change 96 5.5 % (what is left: the host buffers' heads, docs/fabric-model.md change 99).
 * Scored flows only: both half-widths within 2 % of their means.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';

const FIX = join(import.meta.dirname, '..', 'fixtures');
const CASE = join(FIX, 'fabric-model', 'mesh8x8-uniform-1sl.json');
const DEEP = join(FIX, 'fabric-model-deep', 'mesh8x8-uniform-1sl-90.json');

describe.skipIf(!existsSync(CASE) || !existsSync(DEEP))('a full buffer moves its wait upstream (mesh8x8-uniform-1sl at 90 %)', () => {
  const c = existsSync(CASE) ? JSON.parse(readFileSync(CASE, 'utf8')) : null;
  const deep = existsSync(DEEP) ? (JSON.parse(readFileSync(DEEP, 'utf8')) as { bufferBytes: number; flowRatePps: number; flows: Record<string, [number, number]> }) : null;
  const point = c?.points.find((p: { label: string }) => p.label === '90%');
  const scenario = c ? JSON.parse(readFileSync(join(FIX, 'fabric-model', c.scenarioFile), 'utf8')) : null;
  const model = (bufferBytes?: number) => {
    const params = { ...scenario.params, ...(bufferBytes ? { bufferBytes } : {}), flows: scenario.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: point.flowRatePps } })) };
    return solveFabric(fabricModelNetwork(params)).metrics.latency;
  };
  /** Flows whose simulated latency is within 2 % (95 % half-width) with both buffer sizes. */
  const scored = () => Object.keys(deep!.flows).filter((f) => deep!.flows[f]![1] <= 0.02 * deep!.flows[f]![0] && Math.abs(point.flows[f][3]) <= 0.02 * point.flows[f][2]);

  it('the fixture and the deep-buffer run are of the same load point', () => {
    expect(deep!.flowRatePps).toBe(point.flowRatePps);
    expect(deep!.bufferBytes).toBe(64 * 2048);
    expect(scored().length).toBeGreaterThanOrEqual(16);
  });

  it('with 64-packet buffers every scored flow within 10 % of the simulator, the median within 5 %', () => {
    const lat = model(deep!.bufferBytes);
    const errs = scored().map((f) => Math.abs(lat[f]! - deep!.flows[f]![0]) / deep!.flows[f]![0]);
    expect(Math.max(...errs)).toBeLessThan(0.1);
    expect([...errs].sort((a, b) => a - b)[Math.floor(errs.length / 2)]!).toBeLessThan(0.05);
  });

  it("4-packet buffers add to the flows' mean latency what they add in the simulator, within 5 points", () => {
    const four = model();
    const sixtyFour = model(deep!.bufferBytes);
    const fs = scored();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const sim = mean(fs.map((f) => point.flows[f][2] / deep!.flows[f]![0] - 1));
    const ours = mean(fs.map((f) => four[f]! / sixtyFour[f]! - 1));
    expect(Math.abs(ours - sim)).toBeLessThan(0.05);
  });
});
