/**
 * Head times of the switches' FIFO input VL buffers, the simulator's beside the fabric model's
 * (docs/fabric-model.md, session 12, H31h): for one fixture case and load point, each input buffer's
 * head time beyond one transmission, grouped like benchmarks/fabric-model-buffers.ts by the link's
 * kind (host>leaf, leaf>spine, …) and VL, in transmissions x. The simulator's is measured, not
 * inferred: this process wraps three methods of the simulator's classes (FifoInputQueues.register and
 * popHead, Crossbar.startTx; src/sim is not changed) to time each head from the moment its request is
 * registered to the start of its transmission. A head that arrived into an empty buffer ("fresh")
 * waits H_f; one that became head when its predecessor started ("successor") registers then, while
 * its input port is still busy with that predecessor for x, and its time to its start is x + H_s.
 * The model has one head wait H per turn (S = x + H, iterate.ts's head time) for both. Printed: the
 * share of fresh heads, H_f, H_s, their mean (S − x, the buffer's service beyond x) and E[H²] of
 * each, beside the model's S − x and its parts (wait for the output, for the input port); and what
 * a fresh head finds as it registers: its output busy (beside the model's b of the turn), the requests
 * already registered for that output on its VL and on the others, and how many of them have their
 * input port free (the rest are successors registered early, or heads whose port sends another VL). A
 * measuring aid, not a score; the simulator runs `--reps` replications of `--packets` packets per
 * flow (default 2 × 20,000), seed `--seed` (default 1), a fifth of that warm-up. Last, per buffer kind, each packet's time from
 * its entry into the buffer to its start (the buffer's time beyond x, as fabric-model-buffers.ts's `sim` by Little), beside the
 * model's FIFO wait + S − x; and that time by how the packet entered after its VL's previous one (back to back, one packet
 * between, further: H34vl, measurement 157). H39uni (entry 245): each head's time as the model books it (from its port's being free of its
 * own buffer's predecessor to its start) with the time its port sent another VL's packet meanwhile; what keeps a fresh head's output busy
 * (its own buffer's packet, another VL's of its port, another port's); and the fresh heads' wait split into output busy, port busy, both.
 *
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts 4ary2tree-uniform-2sl [90%] [--reps 2] [--packets 20000]
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts mesh8x8-uniform-2sl 90% --by-vl   (host-fed and switch-fed buffers, per VL)
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts torus8x8-bitcomp-1sl 90% --ports s7_0:2,s0_0:1   (those input buffers alone, the rest as 'other')
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts torus8x8-bitcomp-1sl 90% --load 0.45 --ports s7_0:2   (every flow at 0.45 per host, simulator and model)
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts switch8-2sl [0.5]   (one 8-port switch, 2 SLs 1 : 3, uniform; load per host)
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts 4ary2tree-uniform-1sl 90% --buffer-bytes 131072   (the buffers 64 packets deep, not 4)
 *     nice -n 10 npx tsx benchmarks/sim-head-times.ts switch4-2sl [0.5]   (the same with 4 ports: a buffer's next packet goes to its predecessor's output with chance 1/3, not 1/7)
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues, FIFO_RECORD as FR } from '../src/sim/fabric/switch/inputFifo.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { poolInto, sumsByKey } from './sim-kind-sums.js';
import { flagPops } from './sim-hooks.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--buffer-bytes', '--ports', '--load', '--seed'].includes(args[i - 1]!)));
const [name, label = '90%'] = positional;
if (name === undefined) throw new Error('usage: sim-head-times.ts CASE [LABEL] [--reps N] [--packets N]: CASE a fixture of test/fixtures/fabric-model, or switch8-2sl / switch8-1sl / switch4-2sl / switch4-1sl with LABEL the load per host');
const reps = Number(opt('--reps', '2'));
const packets = Number(opt('--packets', '20000'));
/** `--seed S` (H38sat): the simulator's random streams' seed (default 1), for independent replications run one per process. */
const seed = Number(opt('--seed', '1'));
/** `--buffer-bytes N`: the fixture case's input buffers resized (H31z: the credit limit's part in the buffer's time). */
const bufferBytes = Number(opt('--buffer-bytes', '0'));
/** `--by-vl`: one line per VL over every buffer (the mesh's and torus's many link kinds). */
const byVl = args.includes('--by-vl');
/** `--ports A,B` (H36sat): those input ports (e.g. s7_0:2) alone, each its own group; the others left out. */
const ports = opt('--ports', '').split(',').filter((x) => x !== '');

const caseParams = simCaseParams(name, label, bufferBytes);
// `--load L`: every flow's rate set to L of the 2.5 Gb/s links per host (2048-byte packets), the simulator's and the model's alike
// (H37sat: the torus's capping buffer at loads off the fixture's points).
const loadOpt = Number(opt('--load', 'NaN'));
const pps = Number.isFinite(loadOpt) ? (loadOpt * 2.5e9) / (2048 * 8) : caseParams.pps;
const params = Number.isFinite(loadOpt)
  ? { ...caseParams.params, flows: caseParams.params.flows.map((f: { traffic: object }) => ({ ...f, traffic: { ...f.traffic, rate: pps } })) }
  : caseParams.params;

// The simulator's heads, timed (this process only).
let clock: () => number = () => 0;
const registered = new Map<number, [number, boolean, number]>();
/** Per input queue: the output of its last started packet; per (port, own output, predecessor's output the same or not): successors' [n, Σ(H − x)] (H38sat, entry 225). */
const lastOut = new Map<number, number>();
const succ = new Map<string, [number, number]>();
/** Per input queue q: [fresh n, ΣH, ΣH², successor n, ΣH, ΣH²] (seconds). */
const heads = new Map<number, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
/** Per input queue q, at its fresh heads' registrations: [n, output busy, requests ahead on its VL, of them with a free input port, on other VLs, of them free]. */
const seen = new Map<number, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let crossbar: any = null;
const register = fifo.register;
fifo.register = function (x: number, out: number, vl: number) {
  const q = this.bufferOf(x); // (the maps below are by buffer number; the simulator's queue numbers are record offsets)
  registered.set(q, [clock(), pops.popping, out]);
  // A fresh head whose port still sends its own buffer's predecessor waits the rest of that transmission: the model's shifted FIFO counts it.
  regAt.set(this.headOf(x), [clock(), pops.popping, pops.popping ? 0 : Math.max(0, (lastStart.get(q) ?? -Infinity) + xLink - clock()), portSent((q / V) | 0), outSent(out)]);
  if (!pops.popping && crossbar !== null) {
    // What keeps the fresh head's output busy (H39uni, entry 245): a packet of its own buffer, of another VL of its own input port
    // (the same link), or of another input port.
    const o = outSending.get(out);
    const fb = busyBy.get(q) ?? [0, 0, 0, 0];
    fb[0]! += 1;
    if (o !== undefined && o[1] + xLink > clock()) fb[o[0] === q ? 1 : ((o[0] / V) | 0) === ((q / V) | 0) ? 2 : 3]! += 1;
    busyBy.set(q, fb);
    // What a fresh head finds at its output: busy or not, and the requests already registered there
    // (inputFifo.ts's lists, oldest first, walked by its exported record layout FIFO_RECORD).
    const a = seen.get(q) ?? [0, 0, 0, 0, 0, 0];
    a[0]! += 1;
    a[1]! += crossbar.links.busy(out) !== 0 ? 1 : 0;
    for (let w = 0; w < this.V; w++) {
      for (let r = this.out[out * this.oStride + this.oHead + this.oPerVl * w]; r >= 0; r = this.records[r + FR.reqNext]) {
        const free = crossbar.inBusy[this.inputOf(r)] === 0 ? 1 : 0;
        a[w === vl ? 2 : 4]! += 1;
        a[w === vl ? 3 : 5]! += free;
      }
    }
    seen.set(q, a);
  }
  return register.call(this, x, out, vl);
};
/** Per packet: when it entered its input buffer; per input queue q: [packets started, Σ(start − entry)] (H31z). */
const pushT = new Map<number, number>();
/** Per input queue: its last packet's entry; per packet: its entry's class — 0 back to back with its VL's previous packet on the link (gap < 1.05 x), 1 one packet between (< 2.05 x), 2 further (H34vl, measurement 157). */
const lastPush = new Map<number, number>();
const entryClass = new Map<number, number>();
/** Per packet: when its request was registered, and whether as a successor (at its predecessor's start). */
const regAt = new Map<number, [number, boolean, number, number, number]>();
/**
 * Per input port: [packets started, the last one's start] (H39uni, entry 245): its transmission time up to now, C(t) = n·x less the
 * rest of the packet in flight. A head's wait for its port busy with another VL's packet is C(start) − C(registration) − the time
 * its own predecessor still held the port (x for a successor, the rest of its transmission for a fresh head).
 */
const portTx = new Map<number, [number, number]>();
/** Per output port: the input queue of its last packet and its start; per input queue: [fresh heads, their output busy with their own buffer's packet, another VL's of their port, another port's]. */
const outSending = new Map<number, [number, number]>();
const busyBy = new Map<number, number[]>();
const busyByAll = new Map<number, number[]>();
const portSent = (port: number) => {
  const a = portTx.get(port);
  return a === undefined ? 0 : a[0] * xLink - Math.max(0, a[1] + xLink - clock());
};
/** Per output port: [packets started, the last one's start] — its transmission time up to now, as portSent's. */
const outTx = new Map<number, [number, number]>();
const outSent = (g: number) => {
  const a = outTx.get(g);
  return a === undefined ? 0 : a[0] * xLink - Math.max(0, a[1] + xLink - clock());
};
/** Per input queue q, its fresh heads whose port was free of their own predecessor: [n, ΣH, Σ output busy, Σ port busy with another VL] over the wait (s). */
const freshSplit = new Map<number, number[]>();
const freshSplitAll = new Map<number, number[]>();
/** Per input queue q: [heads, Σ their time from their port's being free of their own predecessor to their start, Σ of it with the port busy with another VL] (s). */
const modelBooked = new Map<number, [number, number, number]>();
/** Per input queue: when its last packet started. */
const lastStart = new Map<number, number>();
/**
 * Per input queue q: per entry class [packets started, Σ(start − entry), Σ FIFO part] (s). The FIFO part as the model's shifted
 * FIFO counts it: entry to registration, plus x for a successor (registered at its predecessor's start), plus for a fresh head the
 * rest of its predecessor's transmission if its port still sends it (the model's head wait H leaves out the wait for the buffer's own predecessor).
 */
const byClass = new Map<number, number[]>();
const xLink = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
const inBuf = new Map<number, [number, number]>();
/** inBuf and byClass over the measured windows of every replication. */
const inBufAll = new Map<number, [number, number]>();
const byClassAll = new Map<number, number[]>();
const bookedAll = new Map<number, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fifoInst: any = null;
const push = fifo.push;
fifo.push = function (x: number, p: number) {
  fifoInst = this;
  const q = this.bufferOf(x);
  const gap = (clock() - (lastPush.get(q) ?? -Infinity)) / xLink;
  entryClass.set(p, gap < 1.05 ? 0 : gap < 2.05 ? 1 : 2);
  lastPush.set(q, clock());
  pushT.set(p, clock());
  return push.call(this, x, p);
};
const pops = flagPops(fifo);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xbar = Crossbar.prototype as any;
const startTx = xbar.startTx;
xbar.startTx = function (g: number, x: number, v: number) {
  const q = fifoInst !== null ? fifoInst.bufferOf(x) : x;
  if (fifoInst !== null && crossbar !== null) {
    const p = fifoInst.headOf(x);
    const t0 = pushT.get(p);
    pushT.delete(p);
    const k = entryClass.get(p) ?? 2;
    entryClass.delete(p);
    const reg = regAt.get(p);
    regAt.delete(p);
    lastStart.set(q, clock());
    if (reg !== undefined) {
      const own = reg[1] ? xLink : reg[2];
      const mb = modelBooked.get(q) ?? [0, 0, 0];
      (mb[0] += 1), (mb[1] += clock() - reg[0] - own), (mb[2] += portSent((q / V) | 0) - reg[3] - own);
      modelBooked.set(q, mb);
    }
    if (reg !== undefined && !reg[1] && reg[2] === 0) {
      const fs = freshSplit.get(q) ?? [0, 0, 0, 0];
      (fs[0]! += 1), (fs[1]! += clock() - reg[0]), (fs[2]! += outSent(g) - reg[4]), (fs[3]! += portSent((q / V) | 0) - reg[3]);
      freshSplit.set(q, fs);
    }
    const ot = outTx.get(g) ?? [0, 0];
    (ot[0] += 1), (ot[1] = clock());
    outTx.set(g, ot);
    outSending.set(g, [q, clock()]);
    const pt = portTx.get((q / V) | 0) ?? [0, 0];
    (pt[0] += 1), (pt[1] = clock());
    portTx.set((q / V) | 0, pt);
    if (t0 !== undefined) {
      const bc = byClass.get(q) ?? [0, 0, 0, 0, 0, 0, 0, 0, 0];
      bc[3 * k]! += 1;
      bc[3 * k + 1]! += clock() - t0;
      bc[3 * k + 2]! += reg === undefined ? 0 : reg[0] - t0 + (reg[1] ? xLink : reg[2]);
      byClass.set(q, bc);
      const b = inBuf.get(q) ?? [0, 0];
      b[0] += 1;
      b[1] += clock() - t0;
      inBuf.set(q, b);
    }
  }
  const r = registered.get(q);
  if (r !== undefined && crossbar !== null && r[1] && ports.length > 0) {
    const key = `${portNames[(q / V) | 0]} → ${portNames[r[2]] ?? r[2]} after ${lastOut.get(q) === r[2] ? 'same' : 'other'}`;
    const a = succ.get(key) ?? [0, 0];
    (a[0] += 1), (a[1] += clock() - r[0] - xLink);
    succ.set(key, a);
  }
  if (r !== undefined) lastOut.set(q, r[2]);
  if (r !== undefined) {
    const w = clock() - r[0];
    const a = heads.get(q) ?? [0, 0, 0, 0, 0, 0];
    const o = r[1] ? 3 : 0;
    a[o]! += 1;
    a[o + 1]! += w;
    a[o + 2]! += w * w;
    heads.set(q, a);
  }
  return startTx.call(this, g, x, v);
};

const until = packets / pps;
const V: number = params.vls ?? 2;
let portNames: readonly string[] = [];
const sum = new Map<number, number[]>();
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: r }) as any;
  clock = () => f.engine.now;
  portNames = f.portNames;
  // Packet numbers are reused and each replication's buffers start empty: nothing of the previous one may carry over.
  for (const m of [registered, pushT, lastPush, entryClass, regAt, lastStart, lastOut, portTx, outSending, outTx]) m.clear();
  f.run(until / 5, until / 5);
  heads.clear();
  seen.clear();
  modelBooked.clear();
  busyBy.clear();
  freshSplit.clear();
  succ.clear();
  byClass.clear();
  inBuf.clear();
  crossbar = f.crossbar;
  f.run(until / 5 + until, until / 5);
  crossbar = null;
  // The measured window's figures of every replication, pooled (the warm-ups left out).
  for (const [q, b] of inBuf) {
    const t = inBufAll.get(q) ?? [0, 0];
    (t[0] += b[0]), (t[1] += b[1]);
    inBufAll.set(q, t);
  }
  for (const [q, b] of byClass) {
    const t = byClassAll.get(q) ?? new Array<number>(9).fill(0);
    b.forEach((z, i) => (t[i]! += z));
    byClassAll.set(q, t);
  }
  poolInto(freshSplitAll, freshSplit);
  poolInto(busyByAll, busyBy);
  poolInto(bookedAll, modelBooked);
  for (const [q, a] of heads) {
    const t = sum.get(q) ?? new Array(12).fill(0);
    a.forEach((x, k) => (t[k]! += x));
    (seen.get(q) ?? []).forEach((x, k) => (t[6 + k]! += x));
    sum.set(q, t);
  }
}

// The model, and the grouping of both by link kind and VL.
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const level = (portName: string) => portName.split(':')[0]!.replace(/_\d+$/, '');
const kindOf = (input: string) => {
  const from = peer.get(input)!;
  if (ports.length > 0) return ports.includes(input) ? input : 'other';
  if (byVl) return from.includes(':') ? 'switch' : 'host';
  return `${from.includes(':') ? level(from) : 'host'}>${level(input)}`;
};
const groups = new Map<string, number[]>();
/** Per buffer kind: [Σλ, Σλ(W + S − x)/x, Σλ·W/x] of the model (W its FIFO wait): its arrival-to-start beside the simulator's. */
const modelBuf = new Map<string, number[]>();
const add = (key: string, at: number, xs: number[]) => {
  const g = groups.get(key) ?? new Array(20).fill(0);
  xs.forEach((x, i) => (g[at + i]! += x));
  groups.set(key, g);
};
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
for (const [q, a] of sum) (add(`${kindOf(portNames[(q / V) | 0]!)} VL${q % V}`, 0, a.slice(0, 6)), add(`${kindOf(portNames[(q / V) | 0]!)} VL${q % V}`, 12, a.slice(6)));
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined || !far.includes(':')) return;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    const l = s.lam[u]!;
    if (!(l > 0) || !(s.headTime[u]! > 0)) continue;
    const xu = s.xbar[u]!;
    let out = 0;
    let port = 0;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      out += (s.lamT[t]! * (s.headWait[t]! - s.portWait[t]!)) / xu / l;
      port += (s.lamT[t]! * s.portWait[t]!) / xu / l;
    }
    let busy = 0;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) busy += (s.lamT[m.turnsOf[i]!]! * s.headWaitProb[m.turnsOf[i]!]!) / l;
    add(`${kindOf(far)} VL${v}`, 6, [1, s.headTime[u]! / xu - 1, out, port, l * s.headTime[u]!, busy]);
    const mb = modelBuf.get(`${kindOf(far)} VL${v}`) ?? [0, 0, 0];
    [l, (l * (s.fifoWait[u]! + s.headTime[u]! - xu)) / xu, (l * s.fifoWait[u]!) / xu].forEach((z, i) => (mb[i]! += z));
    modelBuf.set(`${kindOf(far)} VL${v}`, mb);
  }
});
console.log(`${name} ${label}: head times of the input buffers, in transmissions x (sim: ${reps} × ${packets} packets per flow)`);
console.log('buffers          fresh |  sim H_f  E[H_f²] | H_s − x  E[H_s²] |  sim S−x | model S−x (output, port)  λS    | a fresh head finds: output busy sim / model; requests ahead on its VL (port free), on other VLs (port free)');
for (const [key, g] of [...groups].sort()) {
  const [nf, hf, hf2, ns, hs, hs2] = g as [number, number, number, number, number, number];
  const n = nf + ns;
  const simS = (hf + hs - ns * x) / n / x;
  const k = g[6]!;
  const model = k > 0 ? `${(g[7]! / k).toFixed(3)} (${(g[8]! / k).toFixed(3)}, ${(g[9]! / k).toFixed(3)})  ${(g[10]! / k).toFixed(3)}` : '–';
  const f = g[12]!;
  const found = f > 0 ? ` | ${(g[13]! / f).toFixed(3)} / ${k > 0 ? (g[11]! / k).toFixed(3) : '–'}; ${(g[14]! / f).toFixed(3)} (${(g[15]! / f).toFixed(3)}), ${(g[16]! / f).toFixed(3)} (${(g[17]! / f).toFixed(3)})` : '';
  console.log(`${key.padEnd(16)} ${(nf / n).toFixed(3)} | ${(hf / nf / x).toFixed(3).padStart(7)}  ${(hf2 / nf / x / x).toFixed(3).padStart(7)} | ${(hs / ns / x - 1).toFixed(3).padStart(7)}  ${(hs2 / ns / x / x).toFixed(3).padStart(7)} | ${simS.toFixed(3).padStart(8)} | ${model}${found}`);
}

const byKind = new Map<string, [number, number]>();
for (const [q, b] of inBufAll) {
  const k = `${kindOf(portNames[(q / V) | 0]!)} VL${q % V}`;
  const a = byKind.get(k) ?? [0, 0];
  a[0] += b[0];
  a[1] += b[1];
  byKind.set(k, a);
}
for (const [k, a] of [...byKind].sort()) {
  const mb = modelBuf.get(k) ?? [1, NaN, NaN];
  console.log(`${k}: arrival at the buffer to start ${(a[1] / a[0] / x).toFixed(3)} x (n ${a[0]}); model ${(mb[1]! / mb[0]!).toFixed(3)} (its FIFO wait ${(mb[2]! / mb[0]!).toFixed(3)})`);
}
const kindOfQueue = (q: number) => `${kindOf(portNames[(q / V) | 0]!)} VL${q % V}`;
// The heads as the model books them (H39uni, entry 245): from the port's being free of the buffer's own predecessor to the start, and of
// that the time the port sent another VL's packet — beside the model's S − x (output, port).
const bookedKind = sumsByKey(bookedAll, kindOfQueue);
const busyKind = sumsByKey(busyByAll, kindOfQueue);
// Fresh heads whose port was free of their own predecessor (H39uni, entry 245): their wait H, the time in it that their output sent
// (any packet) and that their port sent another VL's; the union is H (neither busy, the head would start), so both = out + port − H.
const splitKind = sumsByKey(freshSplitAll, kindOfQueue);
for (const [k, a] of [...splitKind].sort()) {
  const [n, h, o, pp] = a.map((z, i) => (i === 0 ? z : z / a[0]! / x)) as [number, number, number, number];
  console.log(`${k}: fresh heads (n ${n}) wait ${h.toFixed(3)} x: output busy ${o.toFixed(3)}, port busy with another VL ${pp.toFixed(3)}, both ${Math.max(0, o + pp - h).toFixed(3)}, port alone ${Math.max(0, h - o).toFixed(3)}`);
}
for (const [k, a] of [...busyKind].sort()) console.log(`${k}: a fresh head's output busy with its own buffer's packet ${(a[1]! / a[0]!).toFixed(3)}, another VL's of its port ${(a[2]! / a[0]!).toFixed(3)}, another port's ${(a[3]! / a[0]!).toFixed(3)}`);
for (const [k, a] of [...bookedKind].sort()) {
  const g = groups.get(k);
  const model = g !== undefined && g[6]! > 0 ? `${(g[7]! / g[6]!).toFixed(3)} (${(g[8]! / g[6]!).toFixed(3)}, ${(g[9]! / g[6]!).toFixed(3)})` : '–';
  console.log(`${k}: head as the model books it ${(a[1]! / a[0]! / x).toFixed(3)} x (port sending another VL ${(a[2]! / a[0]! / x).toFixed(3)}); model ${model}`);
}
// The same by how each packet came after its VL's previous one on the link (measurement 157): share and mean time to its start.
const byKindClass = new Map<string, number[]>();
for (const [q, b] of byClassAll) {
  const k = `${kindOf(portNames[(q / V) | 0]!)} VL${q % V}`;
  const a = byKindClass.get(k) ?? [0, 0, 0, 0, 0, 0, 0, 0, 0];
  b.forEach((z, i) => (a[i]! += z));
  byKindClass.set(k, a);
}
for (const [k, a] of [...byKindClass].sort()) {
  const n = a[0]! + a[3]! + a[6]!;
  const cls = (i: number) => `${(a[3 * i]! / n).toFixed(3)} (to start ${(a[3 * i + 1]! / a[3 * i]! / x).toFixed(3)} x, FIFO ${(a[3 * i + 2]! / a[3 * i]! / x).toFixed(3)})`;
  console.log(`${k}: entered back to back ${cls(0)}, one packet between ${cls(1)}, further ${cls(2)}`);
}
// Successors of the named ports (`--ports`) by their output and whether their predecessor used the same output (the last replication's window).
for (const [k, a] of [...succ].sort()) if (ports.some((p) => k.startsWith(p))) console.log(`successors ${k}: n ${a[0]}, H − x ${(a[1] / a[0] / x).toFixed(3)} x`);
