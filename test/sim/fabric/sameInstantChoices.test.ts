/**
 * The switch's choices wait for every event of their instant (crossbar.ts `txEnd`/`choose`, events.ts
 * EV_CHOOSE). Found on the analytic model's reference case torus8x8-transpose-2sl at offered load 1
 * (docs/fabric-model.md, measurement 135): an output that ended a packet at the same instant as an
 * input port ended its own saw that port still busy and gave itself to another input; at equal packet
 * lengths the two ends kept meeting, and that input's VL 0 head never got the output — eight SL 0
 * flows delivered no packet in any replication while their SL 1 twins ran at their share. With the
 * choices after the instant's ends every flow gets through (its VL's weight in the table, 32 of 256,
 * is its due). The test fails on the former order (eight flows at 0 of 100–140 offered).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFabric } from '../../../src/index.js';

const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'fabric-model');

describe('switch choices after the instant’s ends', () => {
  it('torus8x8-transpose-2sl at offered load 1: no flow starves (each delivers ≥ 5 % of its offer)', () => {
    const c = JSON.parse(readFileSync(join(dir, 'torus8x8-transpose-2sl.json'), 'utf8'));
    const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
    // Offered load 1 of the 2.5 Gb/s links, split over each sender's two flows (2048-byte packets).
    const pps = (c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
    const flows = scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } }));
    for (const seed of [1, 2]) {
      const fabric = buildFabric({ ...scenario.params, flows, seed });
      fabric.run(0.002, 0.0005);
      const m = fabric.measurements();
      const starved = m.flows.filter((f) => f.delivered < 0.05 * f.offered).map((f) => `${f.name} ${f.delivered}/${f.offered}`);
      expect(starved, `seed ${seed}`).toEqual([]);
      expect(m.flows.every((f) => f.offered > 50)).toBe(true);
    }
  });
});
