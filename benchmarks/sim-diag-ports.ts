/**
 * H40dia (issue 31, entries 265–269): the fresh heads of named switch input ports, per turn (input VL → output), split by what
 * they find as they register — port and output free; the port busy with another VL's packet (for the same output or another);
 * the output busy with another input port's packet — with each class's share and mean wait, beside the model's head wait H,
 * port wait e and output-busy share b of the turn. And for the heads that find the port busy with another VL's packet: whether
 * that packet is the one that came over the link right before theirs (back to back, or one gap), and its delay (entry to start).
 * A measuring aid, not a score; one replication of `--packets` packets per flow (default 20,000), seed `--seed` (default 1),
 * a fifth of that warm-up; run one process per seed for half-widths (`--json` prints one line of the raw sums).
 *
 *     nice -n 19 npx tsx benchmarks/sim-diag-ports.ts torus8x8-transpose-2sl 70% --ports s5_5:3 [--seed 2] [--packets 20000] [--json]
 */
import { flagPops, runWithWarmUp } from './sim-hooks.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { delayedShare } from '../src/model/queues/portReadout.js';
import { aidArgs } from './aid-args.js';

const args = process.argv.slice(2);
const { name, label, packets, seed, ports, json } = aidArgs(args, 'sim-diag-ports.ts CASE LABEL --ports A,B [--seed S] [--packets N] [--json]', { label: '70%', packets: 20000 });
const { params, pps } = simCaseParams(name, label);
const V: number = params.vls ?? 2;
const xLink = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let clock: () => number = () => 0;
let names: readonly string[] = [];
let measuring = false;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fifoInst: any = null;
/** Per packet: entry time, the link's previous packet (−1 none) and the gap to it in x. */
const entry = new Map<number, [number, number, number]>();
/** Per input port: the last packet entered and its time. */
const lastIn = new Map<number, [number, number]>();
/** Per input port: the packet it sends, its queue, output and start. */
const portNow = new Map<number, [number, number, number, number]>();
/** Per output: its last start. */
const outNow = new Map<number, [number, number]>();
/** Per output: the packets it has started per VL (H42tp: how many of each VL go before a fresh head). */
const startsOf = new Map<number, number[]>();
const startsAt = (g: number) => {
  let a = startsOf.get(g);
  if (a === undefined) startsOf.set(g, (a = new Array<number>(V).fill(0)));
  return a;
};
/** Per fresh head: the output's starts per VL as it registered, and the kind of what it found (H42tp; see `detail`). */
const regStarts = new Map<number, [number[], string]>();
/**
 * H42tp: per key "port VLv→out" and kind of fresh head — free (port and output free), port (port busy with another VL), busy-same /
 * busy-other (the output busy with another port's packet of the head's VL / of another VL): [n, Σ wait, Σ same-VL packets started
 * before it, Σ other-VL packets started before it, Σ wait², Σ (other-VL packets before)²].
 */
const detail = new Map<string, number[]>();
/** Per queue: its last start. */
const queueStart = new Map<number, number>();
/** Per head packet at registration: [time, class, remaining busy, back to back with the port's packet (0 none, 1 b2b, 2 one gap), that packet's delay]. */
const reg = new Map<number, [number, number, number, number, number]>();
/**
 * Per key "port VLv→out": sums. [0..3] per class c (0 free, 1 port busy other VL same out, 2 port busy other VL other out, 3 output busy by
 * another port, port free) n at 4c, Σwait at 4c+1, Σ remaining busy at 4c+2, Σ(busy packet was the link's previous, back to back) at 4c+3;
 * [16] successors n, [17] Σ(H − x); [18] all packets n, [19] Σ entry to start; [20] Σ delay of the back-to-back busy packet (class 1–2);
 * [21] class 1–2 heads one gap behind it; [22] packets delayed (entry to start > 0.001 x), [23] Σ min(delay, x), [24] Σ delay².
 */
const sums = new Map<string, number[]>();
const keyOf = (q: number, out: number) => `${names[(q / V) | 0]} VL${q % V}→${names[out]}`;
const bucket = (k: string) => {
  let a = sums.get(k);
  if (a === undefined) sums.set(k, (a = new Array<number>(26).fill(0)));
  return a;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
fifo.push = function (x: number, p: number) {
  fifoInst = this;
  const port = (this.bufferOf(x) / V) | 0;
  const prev = lastIn.get(port);
  entry.set(p, [clock(), prev === undefined ? -1 : prev[0], prev === undefined ? Infinity : (clock() - prev[1]) / xLink]);
  lastIn.set(port, [p, clock()]);
  return push.call(this, x, p);
};
const register = fifo.register;
fifo.register = function (x: number, out: number, vl: number) {
  const q = this.bufferOf(x);
  const p = this.headOf(x);
  const port = (q / V) | 0;
  const now = clock();
  const own = queueStart.get(q);
  // A fresh head whose port is free of its own predecessor (the model's H leaves that wait to the FIFO).
  const ownBusy = !pops.popping && own !== undefined && own + xLink > now;
  if (pops.popping) reg.set(p, [now, 4, 0, 0, 0]);
  else if (!ownBusy) {
    const pn = portNow.get(port);
    const on = outNow.get(out);
    let c = 0;
    let rem = 0;
    let b2b = 0;
    let delay = 0;
    if (pn !== undefined && pn[3] + xLink > now && pn[1] !== q) {
      c = pn[2] === out ? 1 : 2;
      rem = pn[3] + xLink - now;
      const e = entry.get(p);
      if (e !== undefined && e[1] === pn[0]) b2b = e[2] < 1.05 ? 1 : e[2] < 2.05 ? 2 : 3;
      const pe = pendingEntry.get(pn[0]);
      if (pe !== undefined) delay = pn[3] - pe;
    } else if (on !== undefined && on[1] + xLink > now) c = 3;
    reg.set(p, [now, c, rem, b2b, delay]);
    const kind = c === 0 ? 'free' : c === 3 ? (on![0] % V === vl ? 'busy-same' : 'busy-other') : 'port';
    regStarts.set(p, [startsAt(out).slice(), kind]);
  } else reg.delete(p);
  return register.call(this, x, out, vl);
};
/** Entry times of packets kept until their start is seen by a later head (the busy packet's delay). */
const pendingEntry = new Map<number, number>();
const pops = flagPops(fifo);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xbar = Crossbar.prototype as any;
const startTx = xbar.startTx;
xbar.startTx = function (g: number, x: number, v: number) {
  if (fifoInst !== null) {
    const q = fifoInst.bufferOf(x);
    const p = fifoInst.headOf(x);
    const port = (q / V) | 0;
    const now = clock();
    const e = entry.get(p);
    const r = reg.get(p);
    const rs = regStarts.get(p);
    if (rs !== undefined) regStarts.delete(p);
    if (measuring && ports.includes(names[port]!)) {
      const a = bucket(keyOf(q, g));
      if (rs !== undefined) {
        const k = `${keyOf(q, g)} ${rs[1]}`;
        let d = detail.get(k);
        if (d === undefined) detail.set(k, (d = new Array<number>(6).fill(0)));
        const st = startsAt(g);
        let same = 0;
        let other = 0;
        for (let w = 0; w < V; w++) (w === v ? (same += st[w]! - rs[0][w]!) : (other += st[w]! - rs[0][w]!));
        const r0 = reg.get(p);
        const wt = r0 === undefined ? 0 : (now - r0[0]) / xLink;
        (d[0]! += 1), (d[1]! += wt), (d[2]! += same), (d[3]! += other), (d[4]! += wt * wt), (d[5]! += other * other);
      }
      if (e !== undefined) ((a[18]! += 1), (a[19]! += now - e[0]), (a[22]! += now - e[0] > 0.001 * xLink ? 1 : 0), (a[23]! += Math.min(now - e[0], xLink)), (a[24]! += (now - e[0]) ** 2));
      if (r !== undefined && r[1] === 4) ((a[16]! += 1), (a[17]! += now - r[0] - xLink));
      else if (r !== undefined) {
        const c = r[1];
        (a[4 * c]! += 1), (a[4 * c + 1]! += now - r[0]), (a[4 * c + 2]! += r[2]), (a[4 * c + 3]! += r[3] === 1 ? 1 : 0);
        if (r[3] === 1) a[20]! += r[4];
        if (r[3] === 2) a[21]! += 1;
      }
    }
    if (e !== undefined) pendingEntry.set(p, e[0]);
    entry.delete(p);
    reg.delete(p);
    portNow.set(port, [p, q, g, now]);
    outNow.set(g, [q, now]);
    startsAt(g)[v]! += 1;
    queueStart.set(q, now);
  }
  return startTx.call(this, g, x, v);
};

const until = packets / pps;
// `--model-only`: the model's lines alone (no simulation).
if (!args.includes('--model-only')) {
  runWithWarmUp({ params, seed, until, start: (c, n) => { clock = c; names = n; }, measure: () => { measuring = true; } });
}

const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const modelOf = new Map<string, number[]>();
// Channel u = (port, VL) sends into the input buffer at its link's far end (sim-head-times.ts's reading).
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
net.ports.forEach((pp, pi) => {
  const far = peer.get(pp.name);
  if (far === undefined || !ports.includes(far)) return;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const out = net.ports[(m.turnOut[t]! / m.V) | 0]!.name;
      const xo = s.xbar[m.turnOut[t]!]!;
      modelOf.set(`${far} VL${v}→${out}`, [s.lamT[t]! * xo, s.headWait[t]! / xo, s.portWait[t]! / xo, s.headWaitProb[t]!, s.fifoWait[u]! / xo, s.headTime[u]! / xo - 1, delayedShare(m, s, t)]);
    }
  }
});
if (json) console.log(JSON.stringify({ name, label, seed, packets, x: xLink, sums: Object.fromEntries(sums), detail: Object.fromEntries(detail), model: Object.fromEntries(modelOf) }));
else {
  console.log(`${name} ${label} seed ${seed}: fresh heads per turn, in x (classes: free | port busy, other VL, same out | port busy, other VL, other out | output busy, another port)`);
  if (sums.size === 0) for (const [k, md] of [...modelOf].sort()) console.log(`${k} model: ρ ${md[0]!.toFixed(3)} H ${md[1]!.toFixed(3)} e ${md[2]!.toFixed(3)} b ${md[3]!.toFixed(3)} buffer W ${md[4]!.toFixed(3)} S−x ${md[5]!.toFixed(3)}`);
  for (const [k, a] of [...sums].sort()) {
    const nf = a[0]! + a[4]! + a[8]! + a[12]!;
    const cls = (c: number) => `${(a[4 * c]! / nf).toFixed(3)} w ${(a[4 * c + 1]! / Math.max(1, a[4 * c]!) / xLink).toFixed(3)}${c === 1 || c === 2 ? ` rem ${(a[4 * c + 2]! / Math.max(1, a[4 * c]!) / xLink).toFixed(3)} b2b ${(a[4 * c + 3]! / Math.max(1, a[4 * c]!)).toFixed(2)}` : ''}`;
    const hf = (a[1]! + a[5]! + a[9]! + a[13]!) / nf / xLink;
    const md = modelOf.get(k);
    console.log(`${k}: n ${a[18]} fresh ${nf} H_f ${hf.toFixed(3)} | ${[0, 1, 2, 3].map(cls).join(' | ')} | succ ${a[16]} H−x ${(a[17]! / Math.max(1, a[16]!) / xLink).toFixed(3)} | entry→start ${(a[19]! / a[18]! / xLink).toFixed(3)} delayed ${(a[22]! / a[18]!).toFixed(3)} E[min(d,x)] ${(a[23]! / a[18]! / xLink).toFixed(3)}`);
    for (const kind of ['free', 'port', 'busy-same', 'busy-other']) {
      const d = detail.get(`${k} ${kind}`);
      if (d !== undefined) console.log(`   ${kind}: ${(d[0]! / nf).toFixed(3)} of fresh, wait ${(d[1]! / d[0]!).toFixed(3)} x, same-VL packets before ${(d[2]! / d[0]!).toFixed(3)}, other-VL ${(d[3]! / d[0]!).toFixed(3)}`);
    }
    if (md !== undefined) console.log(`   model: ρ ${md[0]!.toFixed(3)} H ${md[1]!.toFixed(3)} e ${md[2]!.toFixed(3)} b ${md[3]!.toFixed(3)} buffer W ${md[4]!.toFixed(3)} S−x ${md[5]!.toFixed(3)} delayed ${md[6]!.toFixed(3)}`);
  }
}
