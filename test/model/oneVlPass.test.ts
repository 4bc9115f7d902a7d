/**
 * The one-VL VoQ pass (src/model/fixedPoint/oneVlVoqPorts.ts with queues/oneVlVoqBuffer.ts, sessions 16–17:
 * speed) against the general steps it stands for (propagate.ts, iterate.ts portWaits and inputBuffers,
 * waiting.ts): the same numbers bit for bit. The one-VL pass copies the one-VL VoQ arithmetic of those
 * steps, so a formula changed in one and not the other shows here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
import { modelResult } from '../../src/model/results/assemble.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'fabric-model');

/** The reference case's scenario params with every flow at `share` of the simulated saturation load, VoQ inputs. */
function params(name: string, share: number, extra: Record<string, unknown> = {}) {
  const c = JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')) as { scenarioFile: string; points: { label: string; flowRatePps: number }[] };
  const scenario = JSON.parse(readFileSync(join(DIR, c.scenarioFile), 'utf8')) as { params: { flows: object[] } & Record<string, unknown> };
  const rate = (share * c.points.find((p) => p.label === '90%')!.flowRatePps) / 0.9;
  return { ...scenario.params, ...extra, inputQueueing: 'voq', flows: scenario.params.flows.map((f) => ({ ...f, traffic: { kind: 'poisson', rate } })) };
}

/** Both ways of one network: iterations, convergence, and every flow's and channel's record as text. */
function both(p: object) {
  const net = fabricModelNetwork(p);
  const [a, b] = [true, false].map((fast) => {
    const r = modelResult(solveModel(net, 1e-7, 200, 0.5, 'fallback', true, fast));
    return { iterations: r.diagnostics.iterations, converged: r.diagnostics.converged, flows: JSON.stringify(r.flows), channels: JSON.stringify(r.channels) };
  });
  return [a!, b!];
}

describe('the one-VL VoQ pass and the general steps', () => {
  it.each([0.3, 0.9, 2])('4ary2tree-uniform-1sl at %s of saturation: the same numbers', (share) => {
    const [fast, general] = both(params('4ary2tree-uniform-1sl', share));
    expect(fast).toEqual(general);
  });
  it('mesh8x8-transpose-1sl at 0.7 of saturation: the same numbers', () => {
    const [fast, general] = both(params('mesh8x8-transpose-1sl', 0.7));
    expect(fast).toEqual(general);
  });
  it('VL 0 in the high table, and a host table of its own (the ports the one-VL form leaves to portWaits)', () => {
    const high = { arbitration: { high: [{ vl: 0, weight: 4 }], low: [], limitOfHighPriority: 255 } };
    const host = { hostArbitration: { high: [{ vl: 0, weight: 4 }], low: [{ vl: 0, weight: 2 }], limitOfHighPriority: 10 } };
    for (const extra of [high, host]) {
      const [fast, general] = both(params('4ary2tree-uniform-1sl', 0.8, extra));
      expect(fast).toEqual(general);
    }
  });
});
