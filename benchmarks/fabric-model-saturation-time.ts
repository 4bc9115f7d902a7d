/**
 * The model's saturation bisection (saturation.ts `saturationLoad`, as fabric-model-score.ts calls it)
 * on one reference case, timed step by step (CPU; a step's time is from its `paramsAt` call to the
 * next one's) — issue 31, session 19: 8ary3tree-uniform-2sl's bisection had never finished.
 *
 *     node --import tsx benchmarks/fabric-model-saturation-time.ts [case] [--src other/src]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const srcAt = args.indexOf('--src');
const src = srcAt >= 0 ? args[srcAt + 1]! : join(import.meta.dirname, '..', 'src');
const name = (srcAt >= 0 ? args.filter((_, i) => i !== srcAt && i !== srcAt + 1) : args)[0] ?? '8ary3tree-uniform-2sl';
const { saturationLoad } = await import(join(src, 'model', 'saturation', 'saturation.ts'));
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const start = cpu();
let last = start;
let lastLoad = NaN;
const toLoad = (pps: number) => (pps * 2048 * 8 * c.flowsPerSender) / (c.rateGbps * 1e9);
const at = (pps: number) => {
  const now = cpu();
  if (!Number.isNaN(lastLoad)) console.log(`step at ${lastLoad.toFixed(5)}: ${(now - last).toFixed(1)} s CPU`);
  last = now;
  lastLoad = toLoad(pps);
  return { ...scenario.params, flows: scenario.params.flows.map((f: Record<string, unknown>) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) };
};
const sat = saturationLoad(at, c.rateGbps, 2048, c.flowsPerSender);
const end = cpu();
console.log(`step at ${lastLoad.toFixed(5)}: ${(end - last).toFixed(1)} s CPU`);
console.log(`${name}: model saturation ${sat.load.toFixed(4)} (${sat.steps} steps; capped above by ${sat.cappedBy}); simulator ${c.saturation.load} (${c.saturation.rule ?? ''}); bisection ${(end - start).toFixed(1)} s CPU`);
