/**
 * Main's κ (change 320, src/model/queues/runs.ts senderNext) per channel class, beside sim-head-starts.ts's entry-336 columns
 * (H42snd, docs/fabric-model.md entry 336): per VL, over the host channels (host → switch), the switch-to-switch channels and
 * the channels into hosts (the far end's buffer Infinity), the chance
 * that the channel's sender starts its next packet of the VL back to back behind a leaving one, κ_u = 1 − e^{−λ_u(W_send + x_u)};
 * λ-weighted mean and range, and "any VL" 1 − Π_v(1 − κ_v) per link (the VLs taken as independent). A measuring aid.
 *
 *     npx tsx benchmarks/model-sender-trains.ts 4ary2tree-uniform-2sl 90%
 */
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { senderNext } from '../src/model/queues/runs.js';
import { simCaseParams } from './sim-case-params.js';

const [name = 'switch8-2sl', label = '0.6'] = process.argv.slice(2);
const { params } = simCaseParams(name, label, 0);
const { m, s } = solveModel(fabricModelNetwork(params), 1e-7, 500, 1);
const classOf = (u: number) => (m.hostChannel[u] === 1 ? 'host' : m.bufferBlocks[(u / m.V) | 0] === Infinity ? 'into-host' : 'switch-to-switch');
for (const cls of ['host', 'switch-to-switch', 'into-host']) {
  const perVl: string[] = [];
  const anyVl: number[] = [];
  for (let v = 0; v < m.V; v++) {
    let l = 0, k = 0, lo = Infinity, hi = -Infinity;
    const seen = new Set<string>();
    for (let u = v; u < m.C; u += m.V) {
      if (!(s.lam[u]! > 0) || classOf(u) !== cls) continue;
      const kappa = senderNext(m, s, u);
      (l += s.lam[u]!), (k += s.lam[u]! * kappa), (lo = Math.min(lo, kappa)), (hi = Math.max(hi, kappa)), seen.add(kappa.toFixed(3));
    }
    if (l > 0) perVl.push(`VL${v} κ ${(k / l).toFixed(3)} (${lo.toFixed(3)}–${hi.toFixed(3)}; values ${[...seen].sort().join(' ')})`);
  }
  for (let u = 0; u < m.C; u += m.V) {
    let none = 1, any = false;
    for (let v = 0; v < m.V; v++) if (s.lam[u + v]! > 0 && classOf(u + v) === cls) ((none *= 1 - senderNext(m, s, u + v)), (any = true));
    if (any) anyVl.push(1 - none);
  }
  const mean = anyVl.reduce((a, b) => a + b, 0) / Math.max(1, anyVl.length);
  console.log(`${cls} channels: ${perVl.join('; ')}; any VL ${mean.toFixed(3)} over ${anyVl.length} links`);
}
