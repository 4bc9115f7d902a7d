/**
 * H42tp (changes 320–321, docs/fabric-model.md): how often a switch output's packet is followed back to back (the next start at
 * its end) by a packet of each VL — the chance κ that the link's sender holds its next packet as one leaves it (runs.ts
 * senderNext), measured per named output port and VL, beside the model's min(1, λ_u·W_send) (change 153) and
 * min(1, λ_u(W_send + x_u)) (change 320). One replication of `--packets` packets per flow (a fifth warm-up), seed `--seed`.
 * A measuring aid, not a score.
 *
 *     nice -n 19 npx tsx benchmarks/sim-link-trains.ts mesh8x8-transpose-2sl 50% --ports s2_0:3 [--seed 1] [--packets 10000] [--json]
 */
import { runWithWarmUp } from './sim-hooks.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';

const { name, label, packets, seed, ports, json } = aidArgs(process.argv.slice(2), 'sim-link-trains.ts CASE LABEL --ports A,B [--seed S] [--packets N] [--json]', { label: '50%', packets: 10000 });
const { params, pps } = simCaseParams(name, label);
const V: number = params.vls ?? 2;
const xLink = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let clock: () => number = () => 0;
let names: readonly string[] = [];
let measuring = false;
/** Per output: its last start and VL. */
const last = new Map<number, [number, number]>();
/** Per output name: counts[v * (V + 1) + w] packets of VL v followed back to back by VL w (w = V: n of VL v). */
const counts = new Map<string, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xbar = Crossbar.prototype as any;
const startTx = xbar.startTx;
xbar.startTx = function (g: number, x: number, v: number) {
  const now = clock();
  const l = last.get(g);
  if (measuring && l !== undefined && ports.includes(names[g]!)) {
    let a = counts.get(names[g]!);
    if (a === undefined) counts.set(names[g]!, (a = new Array<number>(V * (V + 1)).fill(0)));
    a[l[1] * (V + 1) + V]! += 1;
    if (Math.abs(now - l[0] - xLink) < 1e-3 * xLink) a[l[1] * (V + 1) + v]! += 1;
  }
  last.set(g, [now, v]);
  return startTx.call(this, g, x, v);
};

runWithWarmUp({ params, seed, until: packets / pps, start: (c, n) => { clock = c; names = n; }, measure: () => { measuring = true; } });

const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const model: Record<string, number[]> = {};
net.ports.forEach((pp, pi) => {
  if (!ports.includes(pp.name)) return;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    let w = 0;
    let lt = 0;
    for (let i = m.intoStart[u]!; i < m.intoStart[u + 1]!; i++) {
      const t = m.intoOf[i]!;
      w += s.lamT[t]! * (s.headWait[t]! + s.fifoWait[m.turnIn[t]!]!);
      lt += s.lamT[t]!;
    }
    w = lt > 0 ? w / lt : 0;
    model[`${pp.name} VL${v}`] = [s.lam[u]! * s.xbar[u]!, Math.min(1, s.lam[u]! * w), Math.min(1, s.lam[u]! * (w + s.xbar[u]!))];
  }
});
if (json) console.log(JSON.stringify({ name, label, seed, packets, counts: Object.fromEntries(counts), model }));
else {
  for (const [k, a] of counts) {
    for (let v = 0; v < V; v++) {
      const n = a[v * (V + 1) + V]!;
      const md = model[`${k} VL${v}`];
      console.log(`${k} VL${v}: n ${n}, followed back to back by ${Array.from({ length: V }, (_, w) => `VL${w} ${(a[v * (V + 1) + w]! / Math.max(1, n)).toFixed(3)}`).join(', ')}` + (md ? ` | model λx ${md[0]!.toFixed(3)} κ 153 ${md[1]!.toFixed(3)}, 320 ${md[2]!.toFixed(3)}` : ''));
    }
  }
}
