/**
 * The host's send-queue wait and its first buffer's time, the simulator's beside the fabric model's (H36lat, session 19,
 * docs/fabric-model.md measurement 185): for one fixture case and load point, per VL, over every host, the mean time
 * from a packet's creation to the start of its transmission on the host's link (the send-queue wait W_send), and from
 * its entry into the first switch's input buffer to its start there (the host-fed buffer's time beyond x), in
 * transmissions x. The model counts the wait behind a full first-hop buffer in that buffer (iterate.ts RELOCATE), so
 * only the sum of the two is comparable; both parts are printed. This process wraps two methods of the simulator's
 * classes (HostAdapters.send, FifoInputQueues.push and popHead, Crossbar.startTx); src/sim is not changed. Per kind also the
 * fresh heads' and the successors' head parts apart, and for the successors whose predecessor left for the same output the
 * packets that output sent before them (other VLs from the same input port, from others; its own VL from others). A
 * measuring aid, not a score.
 *
 * H40host (entry 256): per VL first, the host branch's solved terms (bufferWait.ts tandemBufferWait: λx, S, Cs², Ca²_in, hostWait,
 * the VL alone, the P-K queue wait, the FIFO wait, β) beside the simulator's host-fed heads (fresh / successors), the buffers as the
 * identity's queue (each packet's service S_n from creation e_n and start y_n, the first of a busy period apart) and their
 * occupancy over time; `--seed S` (default 1), `--json` (those per-VL lines only, for benchmarks/sim-host-waits-ci.py).
 * H43hi (entry 337): with `--json` also one `kinds` line per run — per buffer kind and VL the simulator's FIFO and head parts of
 * the entry-to-start time beside the model's FIFO, S − x, floor and the outputs' β (pooled by benchmarks/sim-host-kinds-ci.py).
 *
 *     nice -n 19 npx tsx benchmarks/sim-host-waits.ts 4ary2tree-uniform-2sl 90% [--reps 2] [--packets 20000]
 *     for s in 1 2 3 4 5; do nice -n 19 npx tsx benchmarks/sim-host-waits.ts 4ary2tree-uniform-1sl 90% --reps 1 --packets 8000 --seed $s --json; done > /tmp/h.jsonl
 *     python3 benchmarks/sim-host-waits-ci.py /tmp/h.jsonl
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { HostAdapters } from '../src/sim/fabric/host/hostAdapter.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { bufferHeadTime } from '../src/model/queues/heads.js';
import { finiteQueue } from '../src/model/queues/queue.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--seed'].includes(args[i - 1]!)));
const [name, label = '90%'] = positional;
if (name === undefined) throw new Error('usage: sim-host-waits.ts CASE [LABEL] [--reps N] [--packets N]');
const reps = Number(opt('--reps', '2'));
const packets = Number(opt('--packets', '20000'));
const seed = Number(opt('--seed', '1'));
const asJson = args.includes('--json');
const { params, pps } = simCaseParams(name, label);
const V: number = params.vls ?? 2;
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let clock: () => number = () => 0;
let measuring = false;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let pool: any = null;
/** Per VL: [n, Σ send wait] at the hosts; [n, Σ entry-to-start] at the host-fed buffers. */
const send = Array.from({ length: V }, () => [0, 0]);
const first = Array.from({ length: V }, () => [0, 0]);
/** Per packet: its entry into a switch's input buffer. */
const entry = new Map<number, number>();
/** Per packet: when it became its buffer's head (s), and whether as a successor (at its predecessor's start). */
const headAt = new Map<number, [number, boolean]>();
/** Per buffer kind (host>s0, s0>s1, …) and VL: [n, Σ entry-to-start, Σ head part] (s); the head part is the model's S − x: from
 * becoming head to the start, less x for a successor (registered at its predecessor's start, its port busy with it for x). */
const byKind = new Map<string, number[]>();
let hostFedQueue: (q: number) => boolean = () => false;
/** Per VL, the host-fed buffers' heads (H40host, entry 256): [n, ΣH, ΣH²] of fresh heads (from entry) and of successors (from the predecessor's start + x). */
const hostHeads = Array.from({ length: V }, () => [0, 0, 0, 0, 0, 0]);
/** Per VL, the host-fed buffers' occupancy in packets, time-weighted over the measured window: [0, 1, …, 8+] (s). */
const occ = Array.from({ length: V }, () => new Array<number>(9).fill(0));
/** Per host-fed buffer number: [blocks held, since (s)]. */
const held = new Map<number, [number, number]>();
const BLOCKS_PER_PACKET = 2048 / 64;
/**
 * Per VL, the host-fed buffers as the identity's queue (docs/models.md §13.5): with e_n the packet's creation at its host and
 * y_n its start at the switch, T_n = y_n + x = max(e_n, T_{n−1}) + S_n defines each packet's service S_n = x + H_n;
 * the first of a busy period (e_n ≥ T_{n−1}) apart: [n₀, ΣS₀, ΣS₀², n_s, ΣS_s, ΣS_s², Σ(y_n − e_n)] in x. Per buffer: y_{n−1}.
 */
const ident = Array.from({ length: V }, () => new Array<number>(7).fill(0));
const lastStart = new Map<number, number>();
const account = (b: number, blocks: number) => {
  const now = clock();
  const h = held.get(b);
  if (h !== undefined && measuring) occ[b % V]![Math.min(8, Math.round(h[0] / BLOCKS_PER_PACKET))]! += now - h[1];
  held.set(b, [blocks, now]);
};
let kindOfQueue: (q: number) => string = () => '';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const host = HostAdapters.prototype as any;
const hostSend = host.send;
host.send = function (g: number, h: number, v: number, f: number, p: number, now: number) {
  pool = this.pool;
  if (measuring) {
    send[v]![0]! += 1;
    send[v]![1]! += now - this.pool.created(p);
  }
  return hostSend.call(this, g, h, v, f, p, now);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fifoInst: any = null;
const push = fifo.push;
fifo.push = function (q: number, p: number) {
  fifoInst = this;
  if (measuring) entry.set(p, clock());
  const wasEmpty = push.call(this, q, p);
  if (measuring && wasEmpty) headAt.set(p, [clock(), false]);
  const b = this.bufferOf(q);
  if (hostFedQueue(b)) account(b, this.blocksOf(b));
  return wasEmpty;
};
const freed = fifo.freed;
fifo.freed = function (q: number, blocks: number) {
  freed.call(this, q, blocks);
  const b = this.bufferOf(q);
  if (hostFedQueue(b)) account(b, this.blocksOf(b));
};
const popHead = fifo.popHead;
fifo.popHead = function (q: number) {
  const p = popHead.call(this, q);
  const n = this.headOf(q);
  if (measuring && n >= 0) headAt.set(n, [clock(), true]);
  return p;
};
/** Per input queue: the output its last packet started on; per output: its last starts [time, input port, VL] (the newest last). */
const lastOut = new Map<number, number>();
const recent = new Map<number, [number, number, number][]>();
/**
 * Per buffer kind, the successors whose predecessor left for the same output: [n, Σ head part (s), Σ other-VL packets
 * started there from the same input port between the successor's ready moment (its predecessor's end) and its start,
 * Σ the same from other input ports, Σ its own VL's from other ports] (H36lat, measurement 185).
 */
const sameOut = new Map<string, number[]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xbar = Crossbar.prototype as any;
const startTx = xbar.startTx;
xbar.startTx = function (g: number, x0: number, v: number) {
  // (By buffer number below; the simulator's FIFO queue numbers are record offsets, inputFifo.ts.)
  const q = fifoInst !== null ? fifoInst.bufferOf(x0) : x0;
  if (fifoInst !== null && measuring) {
    const p = fifoInst.headOf(x0);
    const h = headAt.get(p);
    const port = (q / V) | 0;
    const starts = recent.get(g) ?? [];
    if (h !== undefined && h[1] && lastOut.get(q) === g) {
      const k = kindOfQueue(q);
      const a = sameOut.get(k) ?? [0, 0, 0, 0, 0];
      a[0]! += 1;
      a[1]! += clock() - h[0] - x;
      for (const [t, ip, w] of starts) {
        if (t < h[0] + x - 1e-12) continue;
        if (w !== q % V) a[ip === port ? 2 : 3]! += 1;
        else if (ip !== port) a[4]! += 1;
      }
      sameOut.set(k, a);
    }
    starts.push([clock(), port, q % V]);
    if (starts.length > 32) starts.shift();
    recent.set(g, starts);
    lastOut.set(q, g);
  }
  if (fifoInst !== null && hostFedQueue(q)) {
    const p = fifoInst.headOf(x0);
    const e = fifoInst.pool.created(p);
    const y = clock();
    const prev = lastStart.get(q);
    if (measuring && prev !== undefined) {
      // Cut-through: the packet can go at max(e_n + d, y_{n−1} + x) (d: the link's delay and the switch latency, ≪ x), so the
      // queue's "departure" is T_n = y_n + x = max(e_n + d, T_{n−1}) + x + H_n: service S_n = x + H_n, the first of a busy period e_n ≥ T_{n−1}.
      const first = e >= prev + x;
      const S = (y - Math.max(e, prev + x)) / x + 1;
      const o = ident[q % V]!;
      const k0 = first ? 0 : 3;
      o[k0]! += 1;
      o[k0 + 1]! += S;
      o[k0 + 2]! += S * S;
      o[6]! += (y - e) / x;
    }
    lastStart.set(q, y);
  }
  if (fifoInst !== null) {
    const p = fifoInst.headOf(x0);
    const t0 = entry.get(p);
    if (t0 !== undefined && measuring) {
      entry.delete(p);
      if (hostFedQueue(q)) {
        first[q % V]![0]! += 1;
        first[q % V]![1]! += clock() - t0;
      }
      const k = kindOfQueue(q);
      const a = byKind.get(k) ?? [0, 0, 0, 0, 0, 0];
      const h = headAt.get(p);
      headAt.delete(p);
      if (h !== undefined) {
        a[0]! += 1;
        a[1]! += clock() - t0;
        a[2]! += clock() - h[0] - (h[1] ? x : 0);
        // Fresh heads (became head as they entered): count and Σ head part; the successors' are the rest.
        if (!h[1]) ((a[4] = (a[4] ?? 0) + 1), (a[5] = (a[5] ?? 0) + clock() - h[0]));
        if (hostFedQueue(q)) {
          const hh = (clock() - h[0] - (h[1] ? x : 0)) / x;
          const o = hostHeads[q % V]!;
          const k0 = h[1] ? 3 : 0;
          o[k0]! += 1;
          o[k0 + 1]! += hh;
          o[k0 + 2]! += hh * hh;
        }
      }
      byKind.set(k, a);
    }
  }
  return startTx.call(this, g, x0, v);
};

const until = packets / pps;
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const level = (portName: string) => portName.split(':')[0]!.replace(/_\d+$/, '');
/** The kind of the buffer at input port `input`: where its link comes from, and the level it enters (as fabric-model-buffers.ts groups). */
const kindOf = (input: string) => {
  const from = peer.get(input)!;
  return `${from.includes(':') ? level(from) : 'host'}>${level(input)}`;
};
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: r }) as any;
  clock = () => f.engine.now;
  const names: readonly string[] = f.portNames;
  hostFedQueue = (q) => !(peer.get(names[(q / V) | 0]!) ?? ':').includes(':');
  kindOfQueue = (q) => `${kindOf(names[(q / V) | 0]!)} VL${q % V}`;
  entry.clear();
  f.run(until / 5, until / 5);
  entry.clear();
  headAt.clear();
  for (const [b, h] of held) held.set(b, [h[0], clock()]);
  lastStart.clear();
  lastOut.clear();
  recent.clear();
  measuring = true;
  f.run(until / 5 + until, until / 5);
  for (const [b, h] of held) account(b, h[0]);
  measuring = false;
  held.clear();
}
void pool;

const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const model = Array.from({ length: V }, () => [0, 0, 0]);
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined) return;
  for (let v = 0; v < V; v++) {
    const c = pi * V + v;
    const l = s.lam[c]!;
    if (!(l > 0)) continue;
    if (m.hostChannel[c] === 1) {
      model[v]![0]! += l;
      model[v]![1]! += (l * s.hostWait[c]!) / x;
    }
  }
  // The host-fed buffers: this port's far end is a host, so the buffer behind the host's channel is at this port.
});
// Per buffer kind and VL: the model's FIFO wait + head time − x (rate-weighted), the simulator's entry-to-start.
const modelKind = new Map<string, number[]>();
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined || !far.includes(':')) return;
  for (let v = 0; v < V; v++) {
    const u = pi * V + v;
    const l = s.lam[u]!;
    if (!(l > 0) || !(s.headTime[u]! > 0)) continue;
    const k = `${kindOf(far)} VL${v}`;
    const a = modelKind.get(k) ?? [0, 0, 0, 0];
    a[0]! += l;
    a[1]! += (l * s.fifoWait[u]!) / x;
    a[2]! += (l * (s.headTime[u]! - s.xbar[u]!)) / x;
    // The latency's other per-hop parts (results/assemble.ts): the split FIFO's turn wait (with the FIFO) and the floor, reported only.
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      a[1]! += (s.lamT[t]! * s.splitWait[t]!) / x;
      a[3]! += (s.lamT[t]! * s.floorExtra[t]!) / x;
    }
    modelKind.set(k, a);
  }
});
// The host-fed buffer behind host channel u: its FIFO wait + head time − x, and the split FIFO's and the floor's parts of the latency.
for (let u = 0; u < m.C; u++) {
  if (m.hostChannel[u] !== 1 || !(s.lam[u]! > 0) || !(s.headTime[u]! > 0)) continue;
  const l = s.lam[u]!;
  let more = 0;
  for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) more += s.lamT[m.turnsOf[i]!]! * (s.splitWait[m.turnsOf[i]!]! + s.floorExtra[m.turnsOf[i]!]!);
  model[u % V]![2]! += (l * (s.fifoWait[u]! + s.headTime[u]! - s.xbar[u]!) + more) / x;
}
// The host branch's solved terms (bufferWait.ts tandemBufferWait), λ-weighted per VL, in x (H40host, entry 256): the link's load
// λx and offered load, S/x, Cs², Ca²_in, the send queue's wait (hostWait), the VL alone on the link, the tandem's queue wait
// W_GG1(S) (total − S), the FIFO wait; beside the simulator's heads (fresh / successors: share, H, E[H²]) and occupancy.
/** Per VL: [Σλ, Σλ·term 1 … 9, Σλ·λx]. */
const terms = Array.from({ length: V }, () => new Array<number>(11).fill(0));
for (let u = 0; u < m.C; u++) {
  if (m.hostChannel[u] !== 1 || !(s.lam[u]! > 0) || !(s.headTime[u]! > 0)) continue;
  const l = s.lam[u]!;
  const xu = s.xbar[u]!;
  const S = s.headTime[u]!;
  const [, S2] = bufferHeadTime(m, s, u, true);
  const cs2 = Math.max(0, S2 / (S * S) - 1);
  const alone = finiteQueue(s.hostOffered[u]!, 1 / xu, s.ca2in[u]!, Math.max(0, s.x2[u]! / (xu * xu) - 1), Infinity, false).responseTime - xu;
  const total = finiteQueue(s.hostOffered[u]!, 1 / S, s.ca2in[u]!, cs2, Infinity, false).responseTime - S;
  const row = [l * xu, s.hostOffered[u]! * xu, S / xu, cs2, s.ca2in[u]!, s.hostWait[u]! / xu, alone / xu, total / xu, s.fifoWait[u]! / xu, s.beta[u]! / xu];
  const o = terms[u % V]!;
  o[0]! += l;
  for (let i = 1; i < row.length; i++) o[i]! += l * row[i]!;
  o[10]! += l * row[0]!;
}
const termNames = ['lx', 'offered', 'S', 'cs2', 'ca2in', 'hostWait', 'alone', 'Wq', 'fifo', 'beta'];
const json: Record<string, unknown>[] = [];
for (let v = 0; v < V; v++) {
  const o = terms[v]!;
  if (!(o[0]! > 0)) continue;
  const mod: Record<string, number> = { lx: o[10]! / o[0]! };
  for (let i = 1; i < termNames.length; i++) mod[termNames[i]!] = o[i]! / o[0]!;
  const [nf, hf, hf2, ns, hs, hs2] = hostHeads[v]!;
  const T = occ[v]!.reduce((a, b) => a + b, 0);
  const [ns0, ws] = send[v]!;
  const [nb, wb] = first[v]!;
  json.push({
    case: name, label, seed, vl: v, model: mod,
    sim: {
      send: ws! / ns0! / x, buffer: wb! / nb! / x, fresh: nf! / (nf! + ns!), Hf: hf! / nf!, Hf2: hf2! / nf!, Hs: hs! / ns!, Hs2: hs2! / ns!,
      H: (hf! + hs!) / (nf! + ns!),
      ...(() => {
        const [n0, s0, s02, n1, s1, s12, tot] = ident[v]!;
        return { p0: n0! / (n0! + n1!), S0: s0! / n0!, S02: s02! / n0!, Ss: s1! / n1!, Ss2: s12! / n1!, sum: tot! / (n0! + n1!) };
      })(), H2: (hf2! + hs2!) / (nf! + ns!), occ: occ[v]!.map((a) => a / T), meanOcc: occ[v]!.reduce((a, b, i) => a + (i * b) / T, 0),
    },
  });
  if (!asJson) {
    console.log(`VL ${v} model: ${Object.entries(mod).map(([k, a]) => `${k} ${a.toFixed(3)}`).join(', ')}`);
    const j = json[json.length - 1]!.sim as Record<string, number | number[]>;
    console.log(`VL ${v} sim:   ${Object.entries(j).map(([k, a]) => `${k} ${Array.isArray(a) ? a.map((b) => b.toFixed(3)).join('/') : a.toFixed(3)}`).join(', ')}`);
  }
}
/** Per buffer kind and VL (H43hi, session 26): the model's credit wait β of the turns' outputs (results/flowSums.ts adds it per hop; the simulator's entry-to-start holds it), in x. */
const modelBeta = new Map<string, number>();
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined || !far.includes(':')) return;
  for (let v = 0; v < V; v++) {
    const u = pi * V + v;
    if (!(s.lam[u]! > 0) || !(s.headTime[u]! > 0)) continue;
    const k = `${kindOf(far)} VL${v}`;
    let b = modelBeta.get(k) ?? 0;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) b += (s.lamT[m.turnsOf[i]!]! * s.beta[m.turnOut[m.turnsOf[i]!]!]!) / x;
    modelBeta.set(k, b);
  }
});
if (asJson) {
  for (const j of json) console.log(JSON.stringify(j));
  // H43hi: one more line per run, the buffer kinds (`kinds`): the simulator's FIFO part, head part (S − x), fresh share and their
  // heads, the successors' heads; the model's FIFO (+ split), S − x, floor and the outputs' β, λ-weighted, in x.
  const kinds: Record<string, Record<string, number>> = {};
  for (const [k, a] of [...byKind].sort()) {
    const mk = modelKind.get(k) ?? [1, NaN, NaN, NaN];
    const sim = a[1]! / a[0]! / x;
    const sh = a[2]! / a[0]! / x;
    kinds[k] = {
      n: a[0]!, simFifo: sim - sh, simHead: sh, fresh: a[4]! / a[0]!, freshHead: a[5]! / a[4]! / x, succHead: (a[2]! - a[5]!) / (a[0]! - a[4]!) / x,
      fifo: mk[1]! / mk[0]!, head: mk[2]! / mk[0]!, floor: mk[3]! / mk[0]!, beta: (modelBeta.get(k) ?? NaN) / mk[0]!,
    };
  }
  console.log(JSON.stringify({ case: name, label, seed, kinds }));
  process.exit(0);
}
console.log(`${name} ${label}: per VL, in transmissions x (sim: ${reps} × ${packets} packets per flow, seed ${seed})`);
console.log('VL | sim send wait  host-fed buffer  sum | model send wait  host-fed buffer  sum | sum model − sim');
for (let v = 0; v < V; v++) {
  const [ns, ws] = send[v]!;
  const [nb, wb] = first[v]!;
  if (!(ns! > 0)) continue;
  const a = ws! / ns! / x;
  const b = wb! / nb! / x;
  const [lm, hw, bw] = model[v]!;
  const ma = hw! / lm!;
  const mb = bw! / lm!;
  console.log(`${v}  | ${a.toFixed(3).padStart(8)} ${b.toFixed(3).padStart(12)} ${(a + b).toFixed(3).padStart(9)} | ${ma.toFixed(3).padStart(10)} ${mb.toFixed(3).padStart(14)} ${(ma + mb).toFixed(3).padStart(9)} | ${(ma + mb - a - b).toFixed(3).padStart(7)}`);
}
console.log('buffer kind     sim FIFO + (S − x) = entry-to-start | model FIFO + (S − x) + floor = sum | model − sim (FIFO, head, floor) | sim fresh share: head, successors: head');
for (const [k, a] of [...byKind].sort()) {
  const mk = modelKind.get(k) ?? [1, NaN, NaN, NaN];
  const sim = a[1]! / a[0]! / x;
  const sh = a[2]! / a[0]! / x;
  const f = mk[1]! / mk[0]!;
  const h = mk[2]! / mk[0]!;
  const fl = mk[3]! / mk[0]!;
  console.log(`${k.padEnd(14)} ${(sim - sh).toFixed(3)} + ${sh.toFixed(3)} = ${sim.toFixed(3)}        | ${f.toFixed(3)} + ${h.toFixed(3)} + ${fl.toFixed(3)} = ${(f + h + fl).toFixed(3)} | ${(f + h + fl - sim).toFixed(3).padStart(7)} (${(f - sim + sh).toFixed(3)}, ${(h - sh).toFixed(3)}, ${fl.toFixed(3)}) | ${(a[4]! / a[0]!).toFixed(3)}: ${(a[5]! / a[4]! / x).toFixed(3)}, ${((a[2]! - a[5]!) / (a[0]! - a[4]!) / x).toFixed(3)}`);
}
console.log('successors whose predecessor left for the same output: share of all heads | head part | other-VL packets served before them from the same input port, from others | own VL from others');
for (const [k, a] of [...sameOut].sort()) {
  const all = byKind.get(k)?.[0] ?? NaN;
  console.log(`${k.padEnd(14)} ${(a[0]! / all).toFixed(3)} | ${(a[1]! / a[0]! / x).toFixed(3)} | ${(a[2]! / a[0]!).toFixed(3)}, ${(a[3]! / a[0]!).toFixed(3)} | ${(a[4]! / a[0]!).toFixed(3)}`);
}
