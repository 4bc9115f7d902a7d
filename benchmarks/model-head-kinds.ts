/**
 * H45a (TRY420, docs/fabric-model.md entries 420–): the model's turns into named output ports with the head split in its
 * two kinds — the fresh head's wait (the MVA's), the successor's (entry 410's law), the successors' share σ of the buffer,
 * the mixed head, the buffer's FIFO wait, the floor's top-up — and every flow's latency, in x. Without TRY420=1 the kinds
 * are not formed (fresh = succ = 0 columns). A measuring aid; no simulation.
 *
 *     TRY420=1 npx tsx benchmarks/model-head-kinds.ts merge2-bare 0.40 s:3
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';
import { kinds } from '../src/model/queues/successors.js';
import { simCaseParams } from './sim-case-params.js';

const [name = 'merge2-bare', label = '0.40', portList = 's:3'] = process.argv.slice(2);
const outs = portList.split(',');
const { params } = simCaseParams(name, label);
const net = fabricModelNetwork(params);
const solved = solveModel(net, 1e-7, 500, 1);
const { m, s } = solved;
const k = kinds(m, s);
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
const f = (y: number) => (y / x).toFixed(3);
console.log(`${name} ${label} TRY420=${process.env.TRY420 ?? ''}: turns into ${portList}, x`);
for (let o = 0; o < net.ports.length * m.V; o++) {
  const pn = net.ports[(o / m.V) | 0]!.name;
  if (!outs.includes(pn) || !(s.lam[o]! > 0)) continue;
  let l = 0, own = 0, ext = 0;
  for (let i = m.intoStart[o]!; i < m.intoStart[o + 1]!; i++) {
    const t = m.intoOf[i]!;
    const lt = s.lamT[t]!;
    if (!(lt > 0)) continue;
    const u = m.turnIn[t]!;
    const mine = s.headWait[t]! + s.fifoWait[u]!;
    (l += lt), (own += lt * mine), (ext += lt * s.floorExtra[t]!);
    console.log(`  ${net.ports[(u / m.V) | 0]!.name}/${u % m.V}→${pn}/${o % m.V}: head ${f(s.headWait[t]!)} (fresh ${f(k.fresh[t]!)} succ ${f(k.succ[t]!)} σ ${k.share[u]!.toFixed(3)} E[W²]/E[W] ${f(k.ratio[u]!)} δ ${f(k.delta[u]!)}) fifo ${f(s.fifoWait[u]!)} top-up ${f(s.floorExtra[t]!)} split ${f(s.splitWait[t]!)} β ${f(s.beta[o]!)}; λx ${(lt * x).toFixed(3)}`);
  }
  console.log(`  mean→${pn}/${o % m.V}: own ${f(own / l)} top-up ${f(ext / l)} total ${f((own + ext) / l)}`);
}
// PORTS `buffer:NAME/v` (NAME the output feeding it, as sim-wrap-head.ts names buffers): that buffer's kinds, λ-weighted over its turns.
if (portList.startsWith('buffer:')) {
  const want = portList.slice(7);
  const peer = new Map<string, string>();
  for (const lk of params.topology.links as { a: string; b: string }[]) (peer.set(lk.a, lk.b), peer.set(lk.b, lk.a));
  for (let u = 0; u < m.C; u++) {
    const pn = net.ports[(u / m.V) | 0]!.name;
    if (`${peer.get(pn) ?? pn}/${u % m.V}` !== want) continue;
    let l = 0; const a = [0, 0, 0, 0];
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!; const lt = s.lamT[t]!; l += lt;
      a[0]! += lt * s.headWait[t]!; a[1]! += lt * k.fresh[t]!; a[2]! += lt * k.succ[t]!; a[3]! += lt * k.other[t]!;
    }
    const sg = k.share[u]!;
    let same = 0; for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) same += (s.lamT[m.turnsOf[i]!]! / l) ** 2;
    console.log(`  ${want}: head ${f(a[0]! / l)}; shares fresh ${(1 - sg).toFixed(3)} succ-same ${(sg * same).toFixed(3)} succ-other ${(sg * (1 - same)).toFixed(3)}; waits fresh ${f(a[1]! / l)} succ-same ${f(a[2]! / l)} succ-other ${f(a[3]! / l)}; fifo ${f(s.fifoWait[u]!)}`);
    // TRY460's inputs (entry 460): the kinds' head variances, the buffer's λ, S, E[S²], δ (x, x²).
    const x2 = x * x;
    console.log(`    variances (x²) fresh ${(k.vFresh[u]! / x2).toFixed(3)} succ ${(k.vSucc[u]! / x2).toFixed(3)} mixed ${(k.vMix[u]! / x2).toFixed(3)}; buffer λx ${(s.lam[u]! * x).toFixed(4)} S ${f(s.headTime[u]!)} Var S ${(k.varS[u]! / x2).toFixed(3)} δ ${f(k.delta[u]!)}`);
  }
}
// PORTS `classes`: λ-weighted means over the turns by the buffer's feeder (host-fed / switch-fed) and its number of turns (one / several).
if (portList === 'classes') {
  const acc = new Map<string, number[]>();
  for (let t = 0; t < m.turnIn.length; t++) {
    const lt = s.lamT[t]!;
    const u = m.turnIn[t]!;
    if (!(lt > 0) || m.bufferBlocks[(u / m.V) | 0] === Infinity) continue;
    let turns = 0;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) if (s.lamT[m.turnsOf[i]!]! > 0) turns++;
    const key = `${m.hostChannel[u] === 1 ? 'host-fed' : 'switch-fed'} VL ${u % m.V} ${turns > 1 ? 'several turns' : 'one turn'}`;
    const a = acc.get(key) ?? acc.set(key, [0, 0, 0, 0, 0, 0, 0, 0, 0]).get(key)!;
    const v = [lt, s.headWait[t]!, k.fresh[t]!, k.succ[t]!, k.share[u]!, s.fifoWait[u]!, s.floorExtra[t]! + s.splitWait[t]!, s.lam[u]! * x, k.other[t]!];
    a[0]! += lt;
    for (let j = 1; j < v.length; j++) a[j]! += lt * v[j]!;
  }
  for (const [key, a] of [...acc].sort()) {
    const g = (j: number) => a[j]! / a[0]!;
    console.log(`  ${key.padEnd(34)} λx ${(a[0]! * x).toFixed(2)}: head ${f(g(1))} (fresh ${f(g(2))} succ-same ${f(g(3))} succ-other ${f(g(8))} σ ${g(4).toFixed(3)}) fifo ${f(g(5))} top-up+split ${f(g(6))}; buffer λx ${g(7).toFixed(3)}`);
  }
}
const res = modelResult(solved as never) as unknown as { flows: { name: string; latency: number }[] };
const us = x * 1e6;
console.log('  latency ' + res.flows.slice(0, 12).map((fl) => `${fl.name} ${(fl.latency / us).toFixed(3)}`).join(', ') + ` (x; iterations ${(solved as unknown as { iterations?: number }).iterations ?? '?'})`);
