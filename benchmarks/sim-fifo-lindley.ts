/**
 * The FIFO wait of chosen switch input buffers, the simulator's packet by packet, taken apart by Lindley's recursion (H40fifo,
 * docs/fabric-model.md entry 260). For each packet n of a watched buffer (input port and VL) this process records its entry a_n
 * into the buffer and its start d_n (FifoInputQueues.push, Crossbar.startTx wrapped; src/sim is not changed). With x the
 * link's transmission the model's books (iterate.ts, bufferWait.ts tandemBufferWait / trainFifoWait) are: the FIFO wait
 * W_n = max(a_n, d_{n−1} + x) − a_n (until the packet is head and its port is free of its own predecessor) and the head time
 * H_n = d_n − a_n − W_n (S − x). Exactly, W_n = max(0, W_{n−1} + H_{n−1} − G_n), G_n = a_n − a_{n−1} − x (0 within a train of
 * back-to-back arrivals), change 61's shifted recursion. Printed per buffer (in x): the mean W and H and E[H²]; the trains (runs
 * with G < 0.05 x) E[X] and b = E[X(X − 1)]/(2E[X]), their idle gaps' mean and SCV; change 61's M^X/G/1 with these measured
 * moments (λ' = λ/(1 − fraction back to back)) and with Borel's law at the VL's load; the recursion replayed with the H_n
 * shuffled among the packets (their correlation with the arrivals cut) and with the gaps' order kept; W by position in the train
 * and the mean H by position; the mean H of a packet by the backlog it finds.
 *
 *     nice -n 19 npx tsx benchmarks/sim-fifo-lindley.ts torus8x8-transpose-1sl 90% --ports s1_1:3 [--seed 1] [--packets 20000] [--reps 1] [--buffer-bytes 131072]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => {
  const i = args.indexOf(n);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--ports', '--seed', '--buffer-bytes'].includes(args[i - 1]!)));
const [name, label = '90%'] = positional;
if (name === undefined) throw new Error('usage: sim-fifo-lindley.ts CASE [LABEL] --ports A,B [--vl V] [--seed S] [--packets N] [--reps N]');
const reps = Number(opt('--reps', '1'));
const packets = Number(opt('--packets', '20000'));
const seed = Number(opt('--seed', '1'));
const ports = opt('--ports', '').split(',').filter((z) => z !== '');
if (ports.length === 0) throw new Error('sim-fifo-lindley.ts: --ports A,B is required (input port names such as s1_1:3)');
/** `--buffer-bytes N`: the case's input buffers resized (every buffer: the trains without the slots' credit stalls). */
const { params, pps } = simCaseParams(name, label, Number(opt('--buffer-bytes', '0')));
const V: number = params.vls ?? 1;
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let clock: () => number = () => 0;
let measuring = false;
let watched = new Set<number>();
/** Per packet: its entry. Per buffer q: the sequence [a_n, d_n, output] of its packets in start order (FIFO: entry order too). */
const entry = new Map<number, number>();
const seq = new Map<number, number[][]>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fifoInst: any = null;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
fifo.push = function (off: number, p: number) {
  fifoInst = this;
  if (watched.has(this.bufferOf(off))) entry.set(p, clock());
  return push.call(this, off, p);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xb = Crossbar.prototype as any;
const startTx = xb.startTx;
xb.startTx = function (g: number, off: number, v: number) {
  if (fifoInst !== null) {
    const q = fifoInst.bufferOf(off);
    if (watched.has(q)) {
      const p = fifoInst.headOf(off);
      const a = entry.get(p);
      entry.delete(p);
      if (a !== undefined && measuring) {
        const l = seq.get(q) ?? [];
        l.push([a, clock(), g * V + v]);
        seq.set(q, l);
      } else if (a !== undefined) seq.set(q, [[a, clock(), g * V + v]]);
    }
  }
  return startTx.call(this, g, off, v);
};

const until = packets / pps;
/** Per buffer: the sequences of every replication (each its own, the recursion restarted). */
const all = new Map<number, number[][][]>();
let portNames: readonly string[] = [];
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: r }) as any;
  clock = () => f.engine.now;
  portNames = f.portNames;
  watched = new Set<number>();
  portNames.forEach((pn, i) => {
    if (ports.includes(pn)) for (let v = 0; v < V; v++) watched.add(i * V + v);
  });
  entry.clear();
  seq.clear();
  measuring = false;
  f.run(until / 5, until / 5);
  measuring = true;
  f.run(until / 5 + until, until / 5);
  measuring = false;
  for (const [q, l] of seq) {
    const a = all.get(q) ?? [];
    a.push(l.slice(1)); // the first was the warm-up's last: only its d is needed as the predecessor
    a[a.length - 1]!.unshift(l[0]!);
    all.set(q, a);
  }
}

/** A fixed pseudo-random permutation (xorshift32), the same each run. */
function shuffled<T>(xs: readonly T[], s0 = 2463534242): T[] {
  const a = xs.slice();
  let s = s0;
  for (let i = a.length - 1; i > 0; i--) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    const j = (s >>> 0) % (i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const f3 = (z: number) => z.toFixed(3);
for (const [q, runsOf] of [...all].sort((a, b) => a[0] - b[0])) {
  // W_n, H_n, G_n per packet (x), the first packet of each replication the predecessor only.
  const W: number[] = [];
  const H: number[] = [];
  const G: number[] = [];
  const out: number[] = [];
  let span = 0;
  for (const l of runsOf) {
    for (let n = 1; n < l.length; n++) {
      const [a, d, g] = l[n]!;
      const [a0, d0] = l[n - 1]!;
      const w = Math.max(a!, d0! + x) - a!;
      W.push(w / x);
      H.push((d! - a! - w) / x);
      G.push((a! - a0! - x) / x);
      out.push(g!);
    }
    span += (l[l.length - 1]![0]! - l[0]![0]!) / x;
  }
  const n = W.length;
  if (n < 100) continue;
  const mean = (xs: readonly number[]) => xs.reduce((s, z) => s + z, 0) / xs.length;
  const lam = n / span; // per x
  const eH = mean(H);
  const eH2 = mean(H.map((h) => h * h));
  // Trains: runs of G < 0.05.
  const X: number[] = [];
  const idle: number[] = [];
  let k = 1;
  const pos: number[] = [0];
  for (let i = 1; i < n; i++) {
    if (G[i]! < 0.05) (k++, pos.push(k - 1));
    else (X.push(k), idle.push(G[i]!), (k = 1), pos.push(0));
  }
  X.push(k);
  const eX = mean(X);
  const eX2 = mean(X.map((z) => z * z));
  const b = (eX2 - eX) / (2 * eX);
  const b2b = G.filter((g) => g < 0.05).length / n;
  const eI = mean(idle);
  const scvI = mean(idle.map((z) => z * z)) / (eI * eI) - 1;
  // Change 61's M^X/G/1 with λ' = λ/(1 − back-to-back share) (the shifted time's rate), S' = H.
  const mx = (lt: number, s1: number, s2: number, bb: number) => {
    const rp = lt * s1;
    return rp < 1 ? (lt * s2) / (2 * (1 - rp)) + (s1 * bb) / (1 - rp) : Infinity;
  };
  const rho = lam; // the VL's load per x (one VL per port here, or this VL's own)
  const exB = 1 / (1 - rho);
  const varB = (rho * (1 - rho) + rho * rho) / (1 - rho) ** 3;
  const bB = (varB + exB * exB - exB) / (2 * exB);
  // Lindley replayed: W' with the H_n as measured (must give W), shuffled, and with G shuffled among the idle gaps.
  const replay = (h: readonly number[], g: readonly number[]) => {
    let w = W[0]!;
    let s = w;
    for (let i = 1; i < n; i++) ((w = Math.max(0, w + h[i - 1]! - g[i]!)), (s += w));
    return s / n;
  };
  const hs = shuffled(H);
  // H shuffled within the same output only (keeps each output's law, cuts its order).
  const byOut = new Map<number, number[]>();
  H.forEach((h, i) => byOut.set(out[i]!, [...(byOut.get(out[i]!) ?? []), h]));
  const shufOut = new Map<number, number[]>();
  for (const [o, hsO] of byOut) shufOut.set(o, shuffled(hsO, 88675123 + o));
  const cursor = new Map<number, number>();
  const hOut = out.map((o) => {
    const c = cursor.get(o) ?? 0;
    cursor.set(o, c + 1);
    return shufOut.get(o)![c]!;
  });
  // Idle gaps shuffled among themselves (the trains kept): G's order cut.
  const gIdle = shuffled(G.filter((g) => !(g < 0.05)), 123456789);
  let gi = 0;
  const gs = G.map((g) => (g < 0.05 ? g : gIdle[gi++]!));
  console.log(`${portNames[(q / V) | 0]} VL${q % V}: ${n} packets, λx ${f3(lam)}; W ${f3(mean(W))} x, H ${f3(eH)} (E[H²] ${f3(eH2)}), entry to start ${f3(mean(W) + eH)}`);
  console.log(`  trains: back to back ${f3(b2b)}, E[X] ${f3(eX)}, b ${f3(b)} (Borel at λx: E[X] ${f3(exB)}, b ${f3(bB)}); idle gaps mean ${f3(eI)} SCV ${f3(scvI)} (an M/D/1 link's: ${f3(1 / rho)}, 1)`);
  console.log(`  M^X/G/1 with measured H: measured trains ${f3(mx(lam / (1 - b2b), eH, eH2, b))}, Borel's trains ${f3(mx(lam / (1 - rho), eH, eH2, bB))}`);
  console.log(`  Lindley replayed: as measured ${f3(replay(H, G))}; H shuffled ${f3(replay(hs, G))}; H shuffled within each output ${f3(replay(hOut, G))}; idle gaps shuffled ${f3(replay(H, gs))}; both ${f3(replay(hs, gs))}`);
  // By position in the train (0 = first).
  const byPos = new Map<number, number[]>();
  pos.forEach((p, i) => {
    const kk = Math.min(p, 8);
    const a = byPos.get(kk) ?? [0, 0, 0];
    (a[0]! += 1), (a[1]! += W[i]!), (a[2]! += H[i]!);
    byPos.set(kk, a);
  });
  console.log(`  by position in its train (n, W, H): ${[...byPos].sort((a, b2) => a[0] - b2[0]).map(([p, a]) => `${p}${p === 8 ? '+' : ''}: ${a[0]} ${f3(a[1]! / a[0]!)} ${f3(a[2]! / a[0]!)}`).join(' | ')}`);
  // H by the FIFO wait the packet had (a proxy of the backlog): W = 0, (0, 1], (1, 3], > 3.
  const cls = (w: number) => (w <= 1e-9 ? 0 : w <= 1 ? 1 : w <= 3 ? 2 : 3);
  const byW = [0, 1, 2, 3].map(() => [0, 0, 0]);
  W.forEach((w, i) => {
    const a = byW[cls(w)]!;
    (a[0]! += 1), (a[1]! += H[i]!), (a[2]! += i + 1 < n ? H[i]! * (W[i + 1]! > 0 ? 1 : 0) : 0);
  });
  console.log(`  H by own W (0 | ≤1 | ≤3 | >3): ${byW.map((a) => `${a[0]} ${f3(a[1]! / Math.max(1, a[0]!))}`).join(' | ')}`);
  // The packets a packet finds ahead of it not yet started (its FIFO's backlog at entry; starts are in entry order).
  const found = [0, 0, 0, 0, 0, 0];
  for (const l of runsOf) {
    let lo = 0;
    for (let i = 1; i < l.length; i++) {
      while (lo < i && l[lo]![1]! <= l[i]![0]!) lo++;
      found[Math.min(5, i - lo)]! += 1;
    }
  }
  const tot = found.reduce((s2, z) => s2 + z, 0);
  console.log(`  packets found ahead not started (0 … 5+): ${found.map((z) => f3(z / tot)).join(' ')}; mean ${f3(found.reduce((s2, z, i) => s2 + i * z, 0) / tot)}`);
  const outs = [...byOut].map(([o, hsO]) => `${portNames[(o / V) | 0]}/${o % V} ${hsO.length} H ${f3(mean(hsO))} E[H²] ${f3(mean(hsO.map((h) => h * h)))}`);
  console.log(`  by output: ${outs.join(' | ')}`);
}
