/**
 * A known limitation of the switch model, written as `it.fails` (docs/fabric.md, "Known limitation:
 * same-instant ends"; docs/fabric-model.md, measurement 135). Found on the analytic model's reference
 * case torus8x8-transpose-2sl at offered load 1: an output that ends a packet at the same instant as an
 * input port ends its own makes its choice first (crossbar.ts txEnd), sees that port still busy and
 * takes another input; at equal packet lengths the two ends keep meeting and that input's VL 0 head
 * never gets the output — eight SL 0 flows deliver no packet while their SL 1 twins run at their share.
 * Making the choices after every event of the instant (branch isim15) removes it (this test then
 * passes) but moves paper checks and every 2-SL reference fixture, so it is not yet in.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFabric } from '../../../src/index.js';

const dir = join(import.meta.dirname, '..', '..', 'fixtures', 'fabric-model');

describe('switch choices after the instant’s ends', () => {
  it.fails('torus8x8-transpose-2sl at offered load 1: no flow starves (each delivers ≥ 5 % of its offer) — does NOT hold (known limitation, docs/fabric.md)', () => {
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
