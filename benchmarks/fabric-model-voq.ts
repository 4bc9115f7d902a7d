/**
 * Gran's two-level folded Clos with VoQ inputs at a smaller radix (H31g, docs/fabric-model.md change
 * 55): the simulator's per-buffer time (Little, from the mean occupancy) beside the model's, by link
 * kind (in transmissions x; the simulator's include the 100 ns switch latency, about 0.1 x), the credit
 * stall per port kind (the simulator's stalled fraction beside the model's λβ), and the time per
 * packet in all switch buffers (Little over the network) beside the model's. A
 * measuring aid for gran648-uniform-1sl, whose fixture keeps no buffer occupancies.
 *
 *   nice -n 10 npx tsx benchmarks/fabric-model-voq.ts [--radix 12] [--load 0.679] [--reps 2] [--packets 6000]
 *
 * `--load` is the per-host offered load (fraction of the 16 Gb/s link); gran648's 90 % point is 0.679.
 */
import { foldedClosTopology, type FabricScenarioParams } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';
import { caseParams, type Network } from './fabric-model-reference/networks.js';
import { replicate } from './fabric-model-reference/replicate.js';

const get = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const radix = Number(get('radix', '12'));
const load = Number(get('load', '0.679'));
const reps = Number(get('reps', '2'));
const packets = Number(get('packets', '6000'));
const topology = foldedClosTopology(radix, { rateGbps: 16 });
const net: Network = { name: `gran${radix}`, topology, rateGbps: 16, dateline: false, extra: { inputQueueing: 'voq' }, patterns: ['uniform'] };
const params: FabricScenarioParams = { ...caseParams(net, 'uniform', '1sl', load), ...net.extra };
const pps = (load * 16e9) / (2048 * 8);
const until = packets / pps;
const simLat = new Map<string, number>();
const simBuf = new Map<string, number>();
const simStall = new Map<string, number>();
for (let r = 0; r < reps; r++) {
  const rec = replicate(params, 1, r, until, until / 4);
  for (const [k, v] of Object.entries(rec.flows)) simLat.set(k, (simLat.get(k) ?? 0) + v[1] / reps);
  for (const [k, v] of Object.entries(rec.buffers)) simBuf.set(k, (simBuf.get(k) ?? 0) + v / reps);
  for (const [k, v] of Object.entries(rec.ports)) simStall.set(k, (simStall.get(k) ?? 0) + v[1]! / reps);
  process.stderr.write(`rep ${r}: ${(rec.cpuMs / 1000).toFixed(1)} s CPU\n`);
}
const mnet = fabricModelNetwork(params);
const solved = solveModel(mnet, 1e-7, 500, 1);
const { m, s } = solved;
const res = modelResult(solved);
const errs = res.flows.map((f) => f.latency / simLat.get(f.name)! - 1).filter(Number.isFinite).sort((a, b) => a - b);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`radix ${radix} (${topology.hosts.length} hosts), load ${load}, ${reps} reps × ${packets} packets/host`);
console.log(`latency µs: sim ${mean([...simLat.values()]).toFixed(3)}, model ${mean(res.flows.map((f) => f.latency)).toFixed(3)}; error median ${(100 * errs[errs.length >> 1]!).toFixed(1)} %, min ${(100 * errs[0]!).toFixed(1)}, max ${(100 * errs[errs.length - 1]!).toFixed(1)}`);
const peer = new Map<string, string>();
for (const l of topology.links) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const kindOf = (n: string) => (n.includes(':') ? n[0]! : 'host');
const sums = new Map<string, number[]>();
mnet.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  const u = pi * m.V;
  const l = s.lam[u]!;
  if (far === undefined || !(l > 0)) return;
  const x = s.xbar[u]!;
  const kind = `${kindOf(p.name)}>${kindOf(far)}`;
  let out = 0;
  let port = 0;
  let serv = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    const pr = s.lamT[t]! / l;
    out += pr * (s.headWait[t]! - s.portWait[t]!);
    port += pr * s.portWait[t]!;
    serv += pr * s.seff[m.turnOut[t]!]!;
  }
  const sim = simBuf.get(`${far}/0`);
  const host = p.host ? s.hostWait[u]! : 0;
  const g = sums.get(kind) ?? [0, 0, 0, 0, 0, 0, 0, 0];
  const vals = [1, sim === undefined ? 0 : (sim / l - x) / x, (out + port + serv - x) / x, out / x, port / x, (serv - x) / x, host / x, s.beta[u]! / x, l * x, simStall.get(p.name) ?? 0, l * s.beta[u]!];
  vals.forEach((v, i) => (g[i] = (g[i] ?? 0) + v));
  sums.set(kind, g);
});
console.log('channel (buffer at far end)  n   sim   model = output + port + credit(out) | host wait, β(u), λx (transmissions) | credit stall sim, model λβ');
for (const [k, g] of [...sums].sort()) {
  const f = (i: number) => (g[i]! / g[0]!).toFixed(3).padStart(7);
  console.log(`${k.padEnd(12)} ${String(g[0]).padStart(4)} ${f(1)} ${f(2)} = ${f(3)} ${f(4)} ${f(5)} | ${f(6)} ${f(7)} ${f(8)} | ${f(9)} ${f(10)}`);
}
// Little over the whole network: packets held in every switch buffer ÷ the packets offered per second = the mean time in buffers per packet.
let held = 0;
for (const v of simBuf.values()) held += v;
let modelHeld = 0;
let offered = 0;
let hostHeld = 0;
mnet.ports.forEach((p, pi) => {
  const u = pi * m.V;
  const l = s.lam[u]!;
  if (!(l > 0)) return;
  if (p.host) ((offered += l), (hostHeld += l * s.hostWait[u]!));
  if (peer.get(p.name)?.includes(':') !== true) return;
  let t0 = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
    const t = m.turnsOf[i]!;
    t0 += s.lamT[t]! * (s.headWait[t]! + s.seff[m.turnOut[t]!]!);
  }
  modelHeld += t0;
});
const fx = (y: number) => (y * 1e6).toFixed(3);
console.log(`per packet, µs: time in switch buffers sim ${fx(held / offered)}, model ${fx(modelHeld / offered)}; model host wait ${fx(hostHeld / offered)}, model fixed ≈ ${(mean(res.flows.map((f) => f.latency)) - (modelHeld + hostHeld) / offered * 1e6).toFixed(3)} (x = ${fx(2048 * 8 / 16e9)})`);
