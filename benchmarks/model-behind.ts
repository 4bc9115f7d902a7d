/**
 * H46c (issue 31, entries 510–511): per named switch input buffer and VL, the model's chance that an arriving packet finds its
 * buffer's predecessor unfinished (queues/behind.ts behindShare; main's λ_u(S_u − x_u) beside it as β0), the FIFO wait W and
 * S − x, and per turn its delayed share δ (portReadout.ts delayedShare), port wait e and head wait H, in x — the model's side of
 * benchmarks/sim-diag-ports.ts (whose "fresh share" is 1 − behind, "delayed" δ). `TRY510=1` for the try's form.
 *
 *     npx tsx benchmarks/model-behind.ts torus8x8-transpose-2sl 70% s3_3:3,s2_3:1
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { solveFixturePoint } from './model-fixture-point.js';
import { behindShare } from '../src/model/queues/behind.js';
import { delayedShare } from '../src/model/queues/portReadout.js';

const [name, label, list = ''] = process.argv.slice(2) as [string, string, string | undefined];
if (name === undefined || label === undefined) throw new Error('usage: model-behind.ts CASE LABEL INPUT[,INPUT…]');
const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
const { net, m, s } = await solveFixturePoint(join(import.meta.dirname, '..', 'src'), name, label);
const peer = new Map<string, string>();
for (const l of sc.params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
net.ports.forEach((pp: { name: string }, pi: number) => {
  const far = peer.get(pp.name);
  if (far === undefined || !list.split(',').includes(far)) return;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    if (!(s.lam[u]! > 0)) continue;
    const x = s.xbar[u]!;
    const b0 = s.lam[u]! * Math.max(0, s.headTime[u]! - x);
    const turns: string[] = [];
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      turns.push(`→ ${net.ports[(m.turnOut[t]! / m.V) | 0]!.name} δ ${delayedShare(m, s, t).toFixed(3)} e ${(s.portWait[t]! / x).toFixed(3)} H ${(s.headWait[t]! / x).toFixed(3)}`);
    }
    console.log(`${far} VL${v}: behind ${behindShare(m, s, u).toFixed(3)} (β0 ${b0.toFixed(3)}) W ${(s.fifoWait[u]! / x).toFixed(3)} S−x ${(s.headTime[u]! / x - 1).toFixed(3)} | ${turns.join(' | ')}`);
  }
});
