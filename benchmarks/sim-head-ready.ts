/**
 * What a switch input buffer's head finds when it becomes ready, by how it became head (H40suc, docs/fabric-model.md entry 255):
 * the simulator's heads split into five classes — fresh with its input port free (ready as it registers), fresh while its port
 * still sends its own buffer's predecessor, fresh while its port sends another VL's packet, and successors (registered as their
 * predecessor starts) whose output is the predecessor's or another — each timed from the instant it can go (its port free: its
 * registration, or the first end of its port's transmission after it) to its start. At that instant: its output busy (and the
 * rest of that packet), the requests already registered there on its VL (older ones; with their port free) and on the other
 * VLs; over its wait: the packets its output sends of its VL and of the others, the time its output sends, and the time its
 * port sends another VL's packet. Last (two VLs), the joint state of each port's two VL buffers over time: both non-empty beside
 * the product of each alone, VL 1 non-empty while VL 0 holds two packets or more, both heads for one output. This process wraps
 * FifoInputQueues.push / register / popHead and Crossbar.startTx / choose (src/sim is not changed). One replication per process
 * (`--seed`); `--json` prints the sums for benchmarks/sim-head-ready-ci.ts.
 *
 *     nice -n 19 npx tsx benchmarks/sim-head-ready.ts mesh8x8-uniform-2sl 90% --packets 4000 --seed 1 [--json]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues, FIFO_RECORD as FR } from '../src/sim/fabric/switch/inputFifo.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--packets', '--seed'].includes(args[i - 1]!)));
const [name, label = '90%'] = positional;
if (name === undefined) throw new Error('usage: sim-head-ready.ts CASE [LABEL] [--packets N] [--seed S] [--json]');
const packets = Number(opt('--packets', '4000'));
const seed = Number(opt('--seed', '1'));
const { params, pps } = simCaseParams(name, label);
const V: number = params.vls ?? 2;
const xLink = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
export const CLASSES = ['fresh, port free', 'fresh, port sends own predecessor', 'fresh, port sends other VL', 'successor, same output', 'successor, other output'];
/** The sums kept per group: n, ΣW, ΣW², Σ output busy at ready, Σ its rest, Σ older requests on its VL (port free), Σ on other VLs (port free), Σ sent same VL, other VLs, Σ output sending, Σ port sending other VL, Σ(ready − registration). */
export const FIELDS = ['n', 'W', 'W2', 'busy', 'rest', 'olderSame', 'olderSameFree', 'other', 'otherFree', 'sentSame', 'sentOther', 'outSending', 'portOther', 'toReady', 'outToOtherVl', 'outToSameVl', 'portToOtherVl', 'portToOtherVlSameOut'];
/** The races at the ready instant (the same event time): its output starts another VL's packet, or another of its VL's; its port starts another VL's packet (to its output or another). */

let clock: () => number = () => 0;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let crossbar: any = null;
let popping = false;
/** Per buffer: its head's [registration, class, output, VL, ready (−1: not yet), snapshot fields…]. */
const pending = new Map<number, number[]>();
/** Per buffer: its last start and that packet's output. */
const lastStart = new Map<number, [number, number]>();
/** Per output: the buffer and start of the packet it sends last; per output and VL: packets started. */
const outLast = new Map<number, [number, number]>();
const outCount = new Map<number, number>();
/** Per port (input or output): [packets started, last start] — its sending time up to now. */
const portTx = new Map<number, [number, number]>();
const outTx = new Map<number, [number, number]>();
const sent = (m: Map<number, [number, number]>, g: number) => {
  const a = m.get(g);
  return a === undefined ? 0 : a[0] * xLink - Math.max(0, a[1] + xLink - clock());
};
/** Per port: the time it sent packets of its own VL buffer q (to subtract from its sending: only other VLs' count). */
const ownTx = new Map<number, [number, number]>();
const sums = new Map<string, number[]>();
/** Per output and per input port: the last few starts [time, VL, output] (the races at a head's ready instant). */
const recentOut = new Map<number, number[][]>();
const recentPort = new Map<number, number[][]>();
const remember = (m: Map<number, number[][]>, k: number, e: number[]) => {
  const a = m.get(k) ?? [];
  a.push(e);
  if (a.length > 8) a.shift();
  m.set(k, a);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fifoInst: any = null;
let portNames: readonly string[] = [];
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));

/** The head of buffer q (queue record x) becomes ready now: what it finds (`self` the FifoInputQueues, its private lists read as sim-head-times.ts does). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function snapshot(self: any, x: number, q: number, h: number[]): void {
  const out = h[2]!;
  const vl = h[3]!;
  const o = outLast.get(out);
  const busy = crossbar.links.busy(out) !== 0 ? 1 : 0;
  const rest = busy && o !== undefined ? Math.max(0, o[1] + xLink - clock()) : 0;
  let olderSame = 0;
  let olderSameFree = 0;
  let other = 0;
  let otherFree = 0;
  for (let w = 0; w < V; w++) {
    for (let r = self.out[out * self.oStride + self.oHead + self.oPerVl * w]; r >= 0; r = self.records[r + FR.reqNext]) {
      if (r === x) break;
      const free = crossbar.inBusy[self.inputOf(r)] === 0 ? 1 : 0;
      if (w === vl) (olderSame++, (olderSameFree += free));
      else (other++, (otherFree += free));
    }
  }
  let sentSame = 0;
  let sentOther = 0;
  for (let w = 0; w < V; w++) (w === vl ? (sentSame = outCount.get(out * V + w) ?? 0) : (sentOther += outCount.get(out * V + w) ?? 0));
  const port = (q / V) | 0;
  h[4] = clock();
  h.push(busy, rest, olderSame, olderSameFree, other, otherFree, sentSame, sentOther, sent(outTx, out), sent(portTx, port) - sent(ownTx, q));
}

/**
 * The joint state of a port's VL buffers 0 and 1 (two VLs): per port [last change, n0, n1, head 0's output, head 1's output] and
 * per kind the time integrals [T, n0 > 0, n1 > 0, both, n0 ≥ 2, n0 ≥ 2 and n1 > 0, both heads for one output, n1 ≥ 2, n1 ≥ 2 and n0 > 0],
 * with per port and output [time head 0 there, head 1 there] for the independent prediction Σ_g T0g·T1g/T.
 */
const joint = new Map<number, number[]>();
const jointSums = new Map<string, number[]>();
const headAt = new Map<number, Map<number, [number, number]>>();
let windowStart = Infinity;
const kindOfPort = (port: number) => ((peer.get(portNames[port]!) ?? '').includes(':') ? 'switch' : 'host');
function jointChange(self: any, port: number, v: number, dn: number): void {
  if (V !== 2) return;
  const j = joint.get(port) ?? [windowStart, 0, 0, -1, -1];
  const now = clock();
  const dt = crossbar !== null ? now - Math.max(j[0]!, windowStart) : 0;
  if (dt > 0) {
    const a = jointSums.get(kindOfPort(port)) ?? new Array<number>(9).fill(0);
    const [n0, n1] = [j[1]!, j[2]!];
    const add = [1, n0 > 0, n1 > 0, n0 > 0 && n1 > 0, n0 >= 2, n0 >= 2 && n1 > 0, n0 > 0 && n1 > 0 && j[3] === j[4], n1 >= 2, n1 >= 2 && n0 > 0];
    add.forEach((z, i) => (a[i]! += Number(z) * dt));
    jointSums.set(kindOfPort(port), a);
    const m = headAt.get(port) ?? new Map<number, [number, number]>();
    for (const w of [0, 1]) {
      if (j[1 + w]! <= 0) continue;
      const e = m.get(j[3 + w]!) ?? [0, 0];
      e[w] += dt;
      m.set(j[3 + w]!, e);
    }
    headAt.set(port, m);
  }
  j[0] = now;
  j[1 + v]! += dn;
  j[3 + v] = self.requestOf(self.queueOf(port, v));
  joint.set(port, j);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
fifo.push = function (x: number, p: number) {
  const r = push.call(this, x, p);
  const q = this.bufferOf(x);
  jointChange(this, (q / V) | 0, q % V, 1);
  return r;
};
const register = fifo.register;
fifo.register = function (x: number, out: number, vl: number) {
  fifoInst = this;
  const r = register.call(this, x, out, vl);
  if (crossbar === null) return r;
  const q = this.bufferOf(x);
  const ls = lastStart.get(q);
  const port = (q / V) | 0;
  const portBusy = crossbar.inBusy[port] !== 0;
  const cls = popping ? (ls !== undefined && ls[1] === out ? 3 : 4) : !portBusy ? 0 : ls !== undefined && ls[0] + xLink > clock() ? 1 : 2;
  const h = [clock(), cls, out, vl, -1];
  pending.set(q, h);
  if (cls === 0) snapshot(this, x, q, h);
  return r;
};
const popHead = fifo.popHead;
fifo.popHead = function (x: number) {
  popping = true;
  try {
    return popHead.call(this, x);
  } finally {
    popping = false;
    const q = this.bufferOf(x);
    jointChange(this, (q / V) | 0, q % V, -1);
  }
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xbar = Crossbar.prototype as any;
const choose = xbar.choose;
xbar.choose = function (g: number, qx: number) {
  // The input port of queue qx is free now: its buffers' heads registered before now become ready (before the choices run).
  if (crossbar !== null && fifoInst !== null) {
    const port = fifoInst.inputOf(qx);
    for (let w = 0; w < V; w++) {
      const x = fifoInst.queueOf(port, w);
      const q = fifoInst.bufferOf(x);
      const h = pending.get(q);
      if (h !== undefined && h[4]! < 0 && clock() > h[0]!) snapshot(fifoInst, x, q, h);
    }
  }
  return choose.call(this, g, qx);
};
const startTx = xbar.startTx;
xbar.startTx = function (g: number, x: number, v: number) {
  if (fifoInst === null) fifoInst = this.queues;
  const q = fifoInst.bufferOf(x);
  const port = (q / V) | 0;
  const h = pending.get(q);
  // A head whose port freed at this instant can start before the end's `choose` runs (another event of the instant, an arrival at a
  // free output, serves it first): it was ready now, with W = 0 — taken here, or those heads would be missing.
  if (crossbar !== null && h !== undefined && h[4]! < 0) snapshot(fifoInst, x, q, h);
  if (crossbar !== null && h !== undefined && h[4]! >= 0) {
    const peerName = peer.get(portNames[port]!) ?? '';
    const key = `${peerName.includes(':') ? 'switch' : 'host'} VL${q % V} ${h[1]}`;
    const a = sums.get(key) ?? new Array<number>(FIELDS.length).fill(0);
    const W = clock() - h[4]!;
    const [busy, rest, os, osf, ot, otf, s0, s1, ob, pb] = h.slice(5) as number[];
    let nowSame = 0;
    let nowOther = 0;
    for (let w = 0; w < V; w++) (w === h[3] ? (nowSame = outCount.get(h[2]! * V + w) ?? 0) : (nowOther += outCount.get(h[2]! * V + w) ?? 0));
    const at = (e: number[]) => e[0] === h[4];
    const outRace = (recentOut.get(h[2]!) ?? []).filter(at);
    const portRace = (recentPort.get(port) ?? []).filter(at);
    const races = [outRace.some((e) => e[1] !== h[3]) ? 1 : 0, outRace.some((e) => e[1] === h[3]) ? 1 : 0, portRace.length > 0 ? 1 : 0, portRace.some((e) => e[2] === h[2]) ? 1 : 0];
    const add = [1, W, W * W, busy!, rest!, os!, osf!, ot!, otf!, nowSame - s0!, nowOther - s1!, sent(outTx, h[2]!) - ob!, sent(portTx, port) - sent(ownTx, q) - pb!, h[4]! - h[0]!, ...races];
    add.forEach((z, i) => (a[i]! += z));
    sums.set(key, a);
  }
  pending.delete(q);
  const t = clock();
  lastStart.set(q, [t, g]);
  outLast.set(g, [q, t]);
  outCount.set(g * V + v, (outCount.get(g * V + v) ?? 0) + 1);
  remember(recentOut, g, [t, v, g]);
  remember(recentPort, port, [t, v, g]);
  for (const [m, k] of [[portTx, port], [outTx, g], [ownTx, q]] as const) {
    const a = m.get(k) ?? [0, 0];
    (a[0] += 1), (a[1] = t);
    m.set(k, a);
  }
  return startTx.call(this, g, x, v);
};

const until = packets / pps;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: 0 }) as any;
clock = () => f.engine.now;
portNames = f.portNames;
f.run(until / 5, until / 5);
crossbar = f.crossbar;
pending.clear();
windowStart = f.engine.now;
f.run(until / 5 + until, until / 5);
crossbar = null;

// The independent prediction of "both heads for one output": per port Σ_g T0g·T1g / T (T the port's window), summed by kind as a time.
const indep = new Map<string, number>();
for (const [port, m] of headAt) {
  const k = kindOfPort(port);
  const T = f.engine.now - windowStart;
  let z = 0;
  for (const [, e] of m) z += (e[0] * e[1]) / T;
  indep.set(k, (indep.get(k) ?? 0) + z);
}
for (const [k, a] of jointSums) a.push(indep.get(k) ?? 0);
if (args.includes('--json')) console.log(JSON.stringify({ name, label, seed, packets, x: xLink, sums: Object.fromEntries(sums), joint: Object.fromEntries(jointSums) }));
else {
  console.log(`${name} ${label} seed ${seed}: heads from ready to start, in x (n share; W; output busy at ready, its rest; older requests on its VL (port free); other VLs (port free); sent during W same / other VL; output sending, port sending other VL; ready − registration)`);
  const total = new Map<string, number>();
  for (const [k, a] of sums) total.set(k.replace(/ \d$/, ''), (total.get(k.replace(/ \d$/, '')) ?? 0) + a[0]!);
  for (const [k, a] of [...sums].sort()) {
    const n = a[0]!;
    const r = (i: number, scale = 1) => (a[i]! / n / scale).toFixed(3);
    console.log(`${k.padEnd(12)} ${CLASSES[Number(k.slice(-1))]!.padEnd(34)} ${(n / total.get(k.replace(/ \d$/, ''))!).toFixed(3)} | W ${r(1, xLink)} | busy ${r(3)} rest ${r(4, xLink)} | same ${r(5)} (${r(6)}) other ${r(7)} (${r(8)}) | sent ${r(9)} / ${r(10)} | out ${r(11, xLink)} port ${r(12, xLink)} | to ready ${r(13, xLink)}`);
  }
  for (const [k, a] of jointSums) {
    const P = (i: number) => a[i]! / a[0]!;
    console.log(`${k} ports, VL buffers 0 and 1: P(n0 > 0) ${P(1).toFixed(3)}, P(n1 > 0) ${P(2).toFixed(3)}, both ${P(3).toFixed(3)} (independent ${(P(1) * P(2)).toFixed(3)}); P(n1 > 0 | n0 ≥ 2) ${(a[5]! / a[4]!).toFixed(3)}, P(n0 > 0 | n1 ≥ 2) ${(a[8]! / a[7]!).toFixed(3)}; both heads for one output ${P(6).toFixed(3)} (independent ${P(9).toFixed(3)})`);
  }
}
