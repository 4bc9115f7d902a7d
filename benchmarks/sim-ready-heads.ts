/**
 * The heads' times from the moment each could go (H31c, session 14; docs/fabric-model.md change 95): the
 * simulator's FIFO input buffers' heads split into three classes — fresh with its input port free (it
 * registers as it arrives and is ready at once), fresh with its port still busy with its predecessor (it
 * registers as it arrives, is ready when the port frees: the time before is the tandem identity's FIFO
 * wait in the model), and successors (registered as the predecessor starts, ready when it ends) — and
 * for each, the wait from ready to start, its second moment, and what it finds at that moment: the
 * output busy, its residual, the requests already registered for that output on its VL (and how many
 * of them have their port free). Beside it the model's head wait H (from ready, without the port's
 * other-VL wait), its whole head time beyond x, S − x (with the output's credit wait β), its FIFO
 * part, and per buffer kind the simulator's time from a packet's entry into the buffer to its start;
 * first line, the hosts' send queues (creation to start on the host link) beside the model's host wait
 * (a full 4-packet buffer keeps the rest of the tandem's wait there). The early-registered heads served before
 * a fresh head with a free port are split by what their port was sending when it registered (this output: a
 * train's next packet; another), and how many were successors (H31w, measurement 120). A measuring aid, not a score;
 * src/sim is not changed (this process wraps FifoInputQueues.register, push and popHead,
 * Crossbar.startTx and inputFreed, and the fabric's Links.transmit).
 *
 *     nice -n 10 npx tsx benchmarks/sim-ready-heads.ts 4ary2tree-uniform-1sl 70% [--reps 1] [--packets 5000]
 *     nice -n 10 npx tsx benchmarks/sim-ready-heads.ts switch8-1sl 0.6
 *     nice -n 10 npx tsx benchmarks/sim-ready-heads.ts mesh8x8-shuffle-1sl 90% --reps 5 --packets 10000 --ports s1_4:2,s1_4:4
 * (With --reps above 1 the last line's "sim arrival→start" can come out wrong — negative at mesh8x8-shuffle-1sl s1_4:2; one
 * replication agrees with sim-head-times.ts. Not traced; the per-class head columns are per head and unaffected.)
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues, FIFO_RECORD as FR } from '../src/sim/fabric/switch/inputFifo.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from './sim-case-params.js';
import { flagPops } from './sim-hooks.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.indexOf(n) >= 0 ? args[args.indexOf(n) + 1]! : d);
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--buffer-bytes', '--ports', '--first'].includes(args[i - 1]!)));
const [name, label = '70%'] = positional;
if (name === undefined) throw new Error('usage: sim-ready-heads.ts CASE [LABEL] [--reps N] [--packets N] [--buffer-bytes N] [--ports A,B]');
/** `--ports A,B` (H41shf, entry 300): those switch input ports (e.g. s1_4:2) each their own group, every other buffer as 'other'. */
const ports = opt('--ports', '').split(',').filter((p) => p !== '');
const reps = Number(opt('--reps', '1'));
/** `--first R` (H42stair): begin at replication R (one process per replication gives per-replication rows for half-widths). */
const first = Number(opt('--first', '0'));
const packets = Number(opt('--packets', '5000'));
const bufferBytes = Number(opt('--buffer-bytes', '0'));

const { params, pps } = simCaseParams(name, label, bufferBytes);
const V: number = params.vls ?? 2;
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let cb: any = null;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fq: any = null;
let now = () => 0;
/** Per queue: class (0 fresh free, 1 fresh busy port, 2 successor), ready time (NaN: not yet). */
const cls = new Map<number, number>();
const readyAt = new Map<number, number>();
/** Per kind and class: [n, Σw, Σw², Σbusy, Σresidual, Σahead, ΣaheadFree]. */
const acc = new Map<string, number[]>();
let kindOfQ: (q: number) => string = () => '';
const snap = new Map<number, number[]>();
/** Per queue its registration time; per output the fresh heads with a free port waiting there; per such head the heads served before it: [ready when it registered, registered before it with their port busy, registered after it]. */
const regT = new Map<number, number>();
const tracked = new Map<number, Set<number>>();
const before = new Map<number, number[]>();
/** Per kind: [fresh-free heads, Σ ready ahead served, Σ port-busy ahead served, Σ younger served]. */
const served = new Map<string, number[]>();
/** Per input port the output it is sending to (H31w, change 120); per fresh head with a free port, the requests registered ahead of it then whose port was busy: 1 sending to the same output, 2 to another. */
const sending = new Map<number, number>();
const earlyFlags = new Map<number, Map<number, number>>();
function snapshot(q: number, out: number, vl: number) {
  const links = cb.links;
  const busy = links.busy(out) !== 0 ? 1 : 0;
  const res = links.busyAhead(out, now());
  let ahead = 0;
  let free = 0;
  for (let r = fq.out[out * fq.oStride + fq.oHead + fq.oPerVl * vl]; r >= 0 && r !== q; r = fq.records[r + FR.reqNext]) {
    ahead++;
    if (cb.inBusy[fq.inputOf(r)] === 0) free++;
  }
  snap.set(q, [busy, res, ahead, free]);
}
const fifo = FifoInputQueues.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const register = fifo.register;
fifo.register = function (q: number, out: number, vl: number) {
  const r = register.call(this, q, out, vl);
  fq = this;
  if (cb !== null) {
    const portBusy = cb.inBusy[this.inputOf(q)] !== 0;
    const c = pops.popping ? 2 : portBusy ? 1 : 0;
    cls.set(q, c);
    regT.set(q, now());
    if (c === 0) {
      readyAt.set(q, now());
      snapshot(q, out, vl);
      const set = tracked.get(out) ?? new Set<number>();
      set.add(q);
      tracked.set(out, set);
      before.set(q, [0, 0, 0, 0, 0, 0]);
      const flags = new Map<number, number>();
      for (let r2 = fq.out[out * fq.oStride + fq.oHead + fq.oPerVl * vl]; r2 >= 0; r2 = fq.records[r2 + FR.reqNext]) {
        const port2 = fq.inputOf(r2);
        if (r2 !== q && cb.inBusy[port2] !== 0) flags.set(r2, sending.get(port2) === out ? 1 : 2);
      }
      earlyFlags.set(q, flags);
    }
    else readyAt.delete(q);
  }
  return r;
};
/** Per packet its entry time; per kind [n, Σ(start − entry)]. */
const pushT = new Map<number, number>();
const inb = new Map<string, [number, number]>();
const push = fifo.push;
fifo.push = function (q: number, p: number) {
  if (cb !== null) pushT.set(p, now());
  return push.call(this, q, p);
};
const pops = flagPops(fifo);
const xb = Crossbar.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const inputFreed = xb.inputFreed;
xb.inputFreed = function (q: number, p: number) {
  const port = inputFreed.call(this, q, p);
  if (cb !== null && fq !== null) {
    for (let k = 0; k < V; k++) {
      const w = fq.queueOf(port, k);
      const head = fq.records[w + FR.head];
      const out = head >= 0 ? fq.pool.out(head) : -1;
      if (out >= 0 && !readyAt.has(w) && cls.has(w)) (readyAt.set(w, now()), snapshot(w, out, fq.pool.outVl(head)));
    }
    sending.delete(port);
  }
  return port;
};
const startTx = xb.startTx;
xb.startTx = function (g: number, q: number, v: number) {
  const c = cls.get(q);
  const t = readyAt.get(q);
  const sn = snap.get(q);
  const set = tracked.get(g);
  if (set !== undefined && cb !== null) {
    if (set.has(q)) {
      set.delete(q);
      const b = before.get(q)!;
      const key = `${kindOfQ(q)} VL${fq.bufferOf(q) % V}`;
      const a = served.get(key) ?? [0, 0, 0, 0, 0, 0, 0];
      a[0]! += 1;
      for (let k = 0; k < 6; k++) a[k + 1]! += b[k]!;
      served.set(key, a);
      before.delete(q);
      earlyFlags.delete(q);
    }
    const rq = regT.get(q) ?? -Infinity;
    const ready = t ?? now();
    for (const h of set) {
      const b = before.get(h)!;
      const rh = regT.get(h)!;
      if (rq > rh) b[2]! += 1;
      else if (ready <= rh) b[0]! += 1;
      else {
        b[1]! += 1;
        const fl = earlyFlags.get(h)?.get(q);
        if (fl === 1) b[3]! += 1;
        else if (fl === 2) b[4]! += 1;
        if (c === 2) b[5]! += 1;
      }
    }
  }
  if (c !== undefined && t !== undefined && sn !== undefined) {
    const w = now() - t;
    const key = `${kindOfQ(q)} VL${fq.bufferOf(q) % V}`;
    const a = acc.get(key) ?? new Array(21).fill(0);
    const o = 7 * c;
    a[o]! += 1;
    a[o + 1]! += w;
    a[o + 2]! += w * w;
    a[o + 3]! += sn[0]!;
    a[o + 4]! += sn[1]!;
    a[o + 5]! += sn[2]!;
    a[o + 6]! += sn[3]!;
    acc.set(key, a);
  }
  if (cb !== null && fq !== null) {
    const p = fq.records[q + FR.head];
    const t0 = pushT.get(p);
    if (t0 !== undefined) {
      pushT.delete(p);
      const key = `${kindOfQ(q)} VL${fq.bufferOf(q) % V}`;
      const b = inb.get(key) ?? [0, 0];
      b[0] += 1;
      b[1] += now() - t0;
      inb.set(key, b);
    }
  }
  cls.delete(q);
  readyAt.delete(q);
  snap.delete(q);
  if (cb !== null) sending.set(fq.inputOf(q), g);
  return startTx.call(this, g, q, v);
};

/** The hosts' send queues: per run [n, Σ(start on the host link − creation)] (the wait the credit limit moves there). */
const sendQ = [0, 0];
function hookSendQueue(f: any): void { // eslint-disable-line @typescript-eslint/no-explicit-any
  const links = f.links;
  const tx = links.transmit.bind(links);
  const firstHostPort: number = links.c.peer.length - links.c.hostCount;
  links.transmit = (g: number, pv: number, p: number, q: number) => {
    if (cb !== null && g >= firstHostPort) (sendQ[0]! += 1, (sendQ[1]! += now() - f.crossbar.pool.created(p)));
    return tx(g, pv, p, q);
  };
}
const peer = new Map<string, string>();
for (const l of params.topology.links as { a: string; b: string }[]) (peer.set(l.a, l.b), peer.set(l.b, l.a));
const level = (pn: string) => pn.split(':')[0]!.replace(/_\d+$/, '');
const kindOf = (input: string) => {
  if (ports.length > 0) return ports.includes(input) ? input : 'other';
  const from = peer.get(input)!;
  return `${from.includes(':') ? level(from) : 'host'}>${level(input)}`;
};
const until = packets / pps;
for (let r = first; r < first + reps; r++) {
  const f = buildFabric({ ...params, streams: new RandomStreams(1), replication: r }) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  now = () => f.engine.now;
  kindOfQ = (q: number) => kindOf(f.portNames[fq.inputOf(q)]!);
  hookSendQueue(f);
  f.run(until / 5, until / 5);
  cb = f.crossbar;
  f.run(until / 5 + until, until / 5);
  cb = null;
  cls.clear();
  readyAt.clear();
  snap.clear();
  regT.clear();
  tracked.clear();
  before.clear();
  sending.clear();
  earlyFlags.clear();
}
/**
 * Try 121's law (H31w, docs/fabric-model.md 120–122; on branch i31w2-tried in heads.ts): the other inputs' next packets of
 * trains registered ahead of a fresh head at channel c — per other input buffer u', λ_t'·x_c · λ_t'/λ_u' · (σ + ρ_t)/2,
 * ρ_t = λ_t(S − x), λ_t = 1/(1/λ − x), σ = ρ_t·e^{−x ρ_t / W_q} (W_q the buffer's shifted FIFO wait). Not in the model.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function trainsAhead(m: any, s: any, c: number, pu: number): number {
  let n = 0;
  for (let i = m.intoStart[c]; i < m.intoStart[c + 1]; i++) {
    const t = m.intoOf[i];
    const u = m.turnIn[t];
    const lt = s.lamT[t];
    const l = s.lam[u];
    if (((u / m.V) | 0) === pu || !(lt > 0) || !(l > 0)) continue;
    const x = s.xbar[u];
    const gap = 1 / l - x;
    const rho = Math.min(1, (gap > 0 ? 1 / gap : Infinity) * Math.max(0, s.headTime[u] - x));
    const wq = s.fifoWait[u];
    const sigma = wq > 0 ? rho * Math.exp((-x * rho) / wq) : 0;
    n += lt * s.xbar[c] * (lt / l) * ((sigma + rho) / 2);
  }
  return n;
}
// The model's head wait for the output per buffer kind (λ-weighted over turns): H, E[H²], b.
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const model = new Map<string, number[]>();
net.ports.forEach((p, pi) => {
  const far = peer.get(p.name);
  if (far === undefined || !far.includes(':')) return;
  for (let v = 0; v < m.V; v++) {
    const u = pi * m.V + v;
    const l = s.lam[u]!;
    if (!(l > 0)) continue;
    const g = model.get(`${kindOf(far)} VL${v}`) ?? [0, 0, 0, 0, 0, 0, 0, 0, 0];
    g[5]! += l * (s.headTime[u]! - s.xbar[u]!);
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const lt = s.lamT[t]!;
      g[0]! += lt;
      g[1]! += lt * (s.headWait[t]! - s.portWait[t]!);
      g[2]! += lt * s.headWait2[t]!;
      g[3]! += lt * s.headWaitProb[t]!;
      g[4]! += lt * s.fifoWait[u]!;
      // The heads ahead the model counts (change 67's ready heads of the other inputs) and try 86's early-registered successors.
      const c = m.turnOut[t]!;
      const q = (c / m.V) | 0;
      const pu = (u / m.V) | 0;
      let ahead = 0;
      let succ = 0;
      for (let cc = q * m.V; cc < (q + 1) * m.V; cc++) {
        for (let j = m.intoStart[cc]!; j < m.intoStart[cc + 1]!; j++) {
          const t2 = m.intoOf[j]!;
          const u2 = m.turnIn[t2]!;
          if (((u2 / m.V) | 0) === pu) continue;
          ahead += s.lamT[t2]! * Math.max(0, s.headWait[t2]! - s.portWait[t2]!);
          const l2 = s.lam[u2]!;
          succ += s.lamT[t2]! * s.xbar[cc]! * Math.min(1, l2 * Math.max(0, s.headTime[u2]! - s.xbar[u2]!)) * (s.lamT[t2]! / Math.max(1e-300, l2));
        }
      }
      g[6]! += lt * ahead;
      g[7]! += lt * succ;
      g[8]! += lt * trainsAhead(m, s, c, pu);
    }
    model.set(`${kindOf(far)} VL${v}`, g);
  }
});
const hostWait = (() => {
  let w = 0;
  let n = 0;
  net.ports.forEach((_p, pi) => {
    for (let v = 0; v < m.V; v++) {
      const u = pi * m.V + v;
      if (m.hostChannel[u] === 1 && s.lam[u]! > 0) ((w += s.lam[u]! * s.hostWait[u]!), (n += s.lam[u]!));
    }
  });
  return n > 0 ? w / n : NaN;
})();
console.log(`send queues: sim ${(sendQ[1]! / sendQ[0]! / x).toFixed(3)} x (n ${sendQ[0]}), model ${(hostWait / x).toFixed(3)} x (the hosts' wait for their link)`);
console.log(`${name} ${label}: heads from ready to start, in x (sim ${reps} × ${packets} packets per flow)`);
console.log('buffers     class        share |   W     E[W²]  E[W²]/W² | busy  resid|busy  ahead (free)');
for (const [key, a] of [...acc].sort()) {
  const n = a[0]! + a[7]! + a[14]!;
  for (const [c, nm] of [[0, 'fresh-free'], [1, 'fresh-busy'], [2, 'successor']] as const) {
    const o = 7 * c;
    const k = a[o]!;
    if (k === 0) continue;
    const w = a[o + 1]! / k / x;
    const w2 = a[o + 2]! / k / x / x;
    console.log(`${key.padEnd(11)} ${nm.padEnd(11)} ${(k / n).toFixed(3)} | ${w.toFixed(3)}  ${w2.toFixed(3)}  ${(w2 / (w * w)).toFixed(2).padStart(6)} | ${(a[o + 3]! / k).toFixed(3)}  ${(a[o + 3]! > 0 ? a[o + 4]! / a[o + 3]! / x : 0).toFixed(3)}  ${(a[o + 5]! / k).toFixed(3)} (${(a[o + 6]! / k).toFixed(3)})`);
  }
  const all = (a[1]! + a[8]! + a[15]!) / n / x;
  const all2 = (a[2]! + a[9]! + a[16]!) / n / x / x;
  const g = model.get(key);
  const sv = served.get(key);
  if (sv !== undefined && g !== undefined) console.log(`${key.padEnd(11)} fresh heads with a free port: served before each, ready when it came ${(sv[1]! / sv[0]!).toFixed(3)}, registered before it with a busy port ${(sv[2]! / sv[0]!).toFixed(3)}, after it ${(sv[3]! / sv[0]!).toFixed(3)} (of the early: port sending to this output then ${(sv[4]! / sv[0]!).toFixed(3)}, to another ${(sv[5]! / sv[0]!).toFixed(3)}; successors ${(sv[6]! / sv[0]!).toFixed(3)}) | model: ready heads ahead ${(g[6]! / g[0]!).toFixed(3)}, try 86's successors ${(g[7]! / g[0]!).toFixed(3)}, try 121's trains' next packets ${(g[8]! / g[0]!).toFixed(3)}`);
  console.log(`${key.padEnd(11)} all ready  1.000 | ${all.toFixed(3)}  ${all2.toFixed(3)}  ${(all2 / (all * all)).toFixed(2).padStart(6)} | model H ${g ? (g[1]! / g[0]! / x).toFixed(3) : '–'}  E[H²] ${g ? (g[2]! / g[0]! / x / x).toFixed(3) : '–'}  S − x ${g ? (g[5]! / g[0]! / x).toFixed(3) : '–'}  b ${g ? (g[3]! / g[0]!).toFixed(3) : '–'}  fifo ${g ? (g[4]! / g[0]! / x).toFixed(3) : '–'}  model FIFO + S − x ${g ? ((g[4]! + g[5]!) / g[0]! / x).toFixed(3) : '–'}  sim arrival→start ${inb.has(key) ? (inb.get(key)![1] / inb.get(key)![0] / x).toFixed(3) : '–'}`);
}
