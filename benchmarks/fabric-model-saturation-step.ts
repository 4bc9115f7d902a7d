/**
 * One step of the model's saturation bisection (saturation.ts `saturationLoad`), timed by part, on a
 * reference case of test/fixtures/fabric-model (issue 31: 8ary3tree-uniform-2sl's bisection never
 * finished). Parts: the params (`paramsAt`), the front end (`fabricModelNetwork`), the fixed point
 * (`solveModel`, 'plain', as the bisection calls it) and the verdict (`modelResult` … `saturation`).
 *
 *     node --import tsx benchmarks/fabric-model-saturation-step.ts [case] [load ...] [--src other/src]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const srcAt = args.indexOf('--src');
const src = srcAt >= 0 ? args[srcAt + 1]! : join(import.meta.dirname, '..', 'src');
const rest = srcAt >= 0 ? args.filter((_, i) => i !== srcAt && i !== srcAt + 1) : args;
const name = rest[0] ?? '8ary3tree-uniform-2sl';
const loads = rest.slice(1).map(Number);
const { fabricModelNetwork } = await import(join(src, 'model', 'spec', 'scenario.ts'));
const { solveModel } = await import(join(src, 'model', 'solve.ts'));
const { modelResult } = await import(join(src, 'model', 'results', 'assemble.ts'));
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const at = (pps: number) => ({ ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) });
const pps = (load: number) => (load * c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
const cpu = () => process.cpuUsage().user / 1e3 + process.cpuUsage().system / 1e3;
for (const load of loads.length ? loads : [0.4]) {
  let t = cpu();
  const lap = () => { const n = cpu(); const d = n - t; t = n; return d.toFixed(0); };
  const params = at(pps(load));
  const a = lap();
  const net = fabricModelNetwork(params);
  const b = lap();
  const sm = solveModel(net, 1e-7, 100, 0.5, 'plain');
  const s = lap();
  const r = modelResult(sm);
  const sat = r.saturation;
  const v = lap();
  console.log(`${name} load ${load}: flows ${net.flows.length}; params ${a} ms, front end ${b} ms, solveModel ${s} ms (${sm.iterations} iterations, residual ${sm.residual.toExponential(2)}, converged ${sm.converged}), verdict ${v} ms: saturated ${sat.saturated} ${sat.cappingResources.slice(0, 2).join('; ')} (CPU)`);
}
