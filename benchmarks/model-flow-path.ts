/**
 * H44c (issue 31, entry 391): one flow's path hop by hop, the fabric model (main's solve of the fixture point, as
 * model-fixture-point.ts) beside the fixture's simulator records: per channel its load λx, the model's credit wait β/x, its
 * credit-stall share λβ against the simulator's port stall share (± half-width), and the buffer behind it — its time beyond x,
 * the simulator's by Little on the fixture's mean occupancy (packets held from header arrival to tail gone: less x, so the
 * switch latency is in it), the model's FIFO wait + S − x. In x.
 *
 *     npx tsx benchmarks/model-flow-path.ts "$PWD/src" alfaro16-bitcomp-1sl 90% h36[,h20]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveFixturePoint } from './model-fixture-point.js';

const [src, name, label, list] = process.argv.slice(2) as [string, string, string, string | undefined];
if (list === undefined) throw new Error('usage: model-flow-path.ts SRC CASE LABEL FLOW[,FLOW…]');
const { hopArrays } = await import(join(src, 'model/spec/compile.ts'));
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
const { net, m, s } = await solveFixturePoint(src, name, label);
const peer = new Map<string, string>();
for (const l of sc.params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const hops = hopArrays(m);
const flowNames: string[] = sc.params.flows.map((f: { name: string }) => f.name);
const f3 = (v: number) => v.toFixed(3);
for (const flow of list.split(',')) {
  const f = flowNames.indexOf(flow);
  if (f < 0) throw new Error(`model-flow-path.ts: no flow ${flow} in ${name}`);
  console.log(`${flow}: simulated ${pt.flows[flow][2]} ± ${pt.flows[flow][3]} µs`);
  for (let h = hops.hopStart[f]; h < hops.hopStart[f + 1]; h++) {
    const u = hops.hopChannel[h];
    const port = net.ports[(u / m.V) | 0].name;
    const far = peer.get(port) ?? '?';
    const x = s.xbar[u];
    const simPort = pt.ports[port] as number[] | undefined;
    const simBuf = pt.buffers[`${far}/${u % m.V}`] as number[] | undefined;
    const hasBuffer = m.turnsStart[u] !== m.turnsStart[u + 1];
    const simBeyond = simBuf === undefined ? NaN : (simBuf[0]! / s.lam[u] - x) / x;
    const modelBeyond = hasBuffer ? (s.fifoWait[u] + s.headTime[u] - x) / x : NaN;
    console.log(
      `  ${port}/${u % m.V} → ${far}: λx ${f3(s.lam[u] * x)} β/x ${f3(s.beta[u] / x)} | stall share model λβ ${(s.lam[u] * s.beta[u]).toFixed(4)}` +
        ` sim ${simPort ? `${simPort[2]!.toFixed(4)} ± ${simPort[3]!.toFixed(4)}` : '–'} | buffer beyond x sim ${f3(simBeyond)} model ${f3(modelBeyond)}`,
    );
  }
}
