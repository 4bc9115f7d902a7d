/**
 * The model aids' common start (entries 332–358): one case of the reference fixtures (test/fixtures/fabric-model) at one
 * of its points, every flow Poisson at the point's rate (or scaled to `load`, per host a fraction of the link), solved
 * by the model of the source tree `src` (another tree's src/ to compare, as fabric-model-same.ts does) with the scoring's
 * tolerance, iteration cap and damping. Returns the network, the compiled model `m` and its state `s`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export async function solveFixturePoint(src: string, caseName: string, label: string, load?: number) {
  const { fabricModelNetwork } = await import(join(src, 'model/spec/scenario.ts'));
  const { solveModel } = await import(join(src, 'model/solve.ts'));
  const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
  const c = JSON.parse(readFileSync(join(dir, caseName + '.json'), 'utf8'));
  const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
  const point = c.points.find((p: any) => p.label === label);
  const rate = load === undefined ? point.flowRatePps : (point.flowRatePps * load) / point.load;
  const params = { ...scenario.params, flows: scenario.params.flows.map((f: any) => ({ ...f, traffic: { kind: 'poisson', rate } })) };
  const net = fabricModelNetwork(params);
  const { m, s } = solveModel(net, 1e-7, 200, 0.5);
  return { net, m, s };
}
