/**
 * H43blk (issue 31, entries 352–356): the blocked phase of a switch output, split by what the switch's rules say it waits
 * for. An output o stalls (crossbar.ts tryOutput: its head's packet needs more credits than the link holds) until the far
 * buffer q frees a packet's blocks (inputFifo.ts freed: as that packet's tail leaves q's port, crossbar.ts txEnd) and the
 * credit comes back over the link. Per switch output, per stall period in the measured window: its length L, whether the
 * output's previous packet had started after a stall too (`run`) or not (`fresh`), F = the time from the stall's begin to
 * the far buffer's next freeing (so L − F is the credit's way back), and at the stall's begin whether a packet of q was in
 * transmission (started, tail not gone: then F is that transmission's residual) or not (q's head still waiting for its
 * output: F = its remaining wait + x); per class n, ΣL, ΣL², ΣF, ΣF², n in transmission, ΣF of those. And per output and
 * class the far head that freed it (its own output's name): n, ΣL. Plus the packets sent and the blocked ones (as
 * sim-stall-heads.ts), and of them those whose first try came at the output's own end (`b2b`: a head waited as the output's
 * packet ended; crossbar.ts choose) and of these the blocked (`b2bBlocked`); the rest tried at an idle output. `joint`: per
 * back-to-back try, keyed `N|tx|blocked` — N the far slots held (packets pushed into q and not freed, plus those started on
 * the output and not yet pushed) just before the previous start on the output, tx whether a packet of q was then in
 * transmission, and whether this try was blocked. src/sim is not changed (hooks on the prototypes, as credit-watch.ts).
 *
 *     nice -n 19 npx tsx benchmarks/sim-blocked-phase.ts alfaro16-bitcomp-1sl 90% [--seed S] [--packets N] [--buffer-bytes N]
 *
 * Sum the seeds' JSON lines with benchmarks/sim-blocked-phase-sum.py.
 */
import { runWithWarmUp } from './sim-hooks.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { FabricStats } from '../src/sim/fabric/measure/measurements.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';

const { name, label, packets, seed, opt } = aidArgs(process.argv.slice(2), 'sim-blocked-phase.ts CASE LABEL [--seed S] [--packets N] [--buffer-bytes N]', { packets: 20000 });
const { params, pps } = simCaseParams(name, label, Number(opt('--buffer-bytes', '0')));
const xL = (2048 * 8) / 2.5e9;
let now = () => 0;
let measuring = false;
// Output g → the far buffer its packets enter (learnt from the first packet g sends), and back.
const farOf = new Map<number, number>();
const feederOf = new Map<number, number>();
const sentBy = new Map<number, number>();
// Per buffer: the packet in transmission (its start time and output), −1 when none.
const inflight = new Map<number, { start: number; out: number }>();
// Slots held: per buffer the packets pushed and not yet freed; per output the packets started and not yet pushed at the far end.
const heldQ = new Map<number, number>();
const inLink = new Map<number, number>();
interface Rec { n: number; L1: number; L2: number; F1: number; F2: number; nIn: number; FIn: number; byHead: Record<string, [number, number]> }
const rec = () => ({ n: 0, L1: 0, L2: 0, F1: 0, F2: 0, nIn: 0, FIn: 0, byHead: {} });
interface Out { lastN: number; lastTx: boolean; joint: Record<string, number>; b2b: number; b2bBlocked: number; lastEnd: number; pkts: number; blocked: number; run: number; stallSince: number; stallB2b: boolean; F: number; head: string; inAtBegin: boolean; prevBlocked: boolean; blockedNow: boolean; fresh: Rec; runs: Rec }
const outs = new Map<number, Out>();
const outOf = (g: number): Out => {
  let o = outs.get(g);
  if (!o) outs.set(g, (o = { lastN: -1, lastTx: false, joint: {}, b2b: 0, b2bBlocked: 0, lastEnd: -1, pkts: 0, blocked: 0, run: 0, stallSince: -1, stallB2b: false, F: -1, head: '', inAtBegin: false, prevBlocked: false, blockedNow: false, fresh: rec(), runs: rec() }));
  return o;
};
let names: readonly string[] = [];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const push = fifo.push;
fifo.push = function (x: number, p: number) {
  const g = sentBy.get(p);
  heldQ.set(this.bufferOf(x), (heldQ.get(this.bufferOf(x)) ?? 0) + 1);
  if (g !== undefined) {
    inLink.set(g, (inLink.get(g) ?? 0) - 1);
    sentBy.delete(p);
    if (!farOf.has(g)) { farOf.set(g, this.bufferOf(x)); feederOf.set(this.bufferOf(x), g); }
  }
  return push.call(this, x, p);
};
const freed = fifo.freed;
fifo.freed = function (x: number, blocks: number) {
  const b = this.bufferOf(x);
  heldQ.set(b, (heldQ.get(b) ?? 0) - 1);
  const fl = inflight.get(b);
  const g = feederOf.get(b);
  if (g !== undefined) {
    const o = outOf(g);
    if (o.stallSince >= 0 && o.F < 0) { o.F = now() - o.stallSince; o.head = fl ? names[fl.out]! : '?'; }
  }
  inflight.delete(b);
  return freed.call(this, x, blocks);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fsp = FabricStats.prototype as any;
const sb = fsp.stallBegins;
fsp.stallBegins = function (g: number) {
  const o = outOf(g);
  if (o.stallSince < 0) {
    o.stallSince = now();
    o.F = -1;
    const b = farOf.get(g);
    o.inAtBegin = b !== undefined && inflight.has(b);
    o.stallB2b = o.lastEnd === now();
  }
  return sb.call(this, g);
};
const es = fsp.endStall;
fsp.endStall = function (g: number) {
  const o = outOf(g);
  if (o.stallSince >= 0) {
    const L = now() - o.stallSince;
    if (measuring && farOf.has(g)) {
      const r = o.prevBlocked ? o.runs : o.fresh;
      const F = o.F >= 0 ? o.F : L;
      r.n++; r.L1 += L; r.L2 += L * L; r.F1 += F; r.F2 += F * F;
      if (o.inAtBegin) { r.nIn++; r.FIn += F; }
      const h = (r.byHead[o.head] ??= [0, 0]); h[0]++; h[1] += L;
    }
    o.stallSince = -1;
    o.blockedNow = true;
  }
  return es.call(this, g);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xb = Crossbar.prototype as any;
const startTx = xb.startTx;
xb.startTx = function (g: number, q: number, v: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const queues = (this as any).queues;
  const p = queues.headOf(q);
  sentBy.set(p, g);
  inflight.set(queues.bufferOf(q), { start: now(), out: g });
  const o = outOf(g);
  const far = farOf.get(g);
  const nBefore = far === undefined ? -1 : (heldQ.get(far) ?? 0) + (inLink.get(g) ?? 0);
  const b2bTry = o.blockedNow ? o.stallB2b : o.lastEnd === now();
  // The joint law of a back-to-back try: the slots held just before the previous start on g, whether a far packet was then
  // in transmission, and whether this try was blocked (the rule: blocked iff that start took the last slot and no far packet
  // was in transmission — its head still waiting, so no far end within x).
  if (measuring && b2bTry && o.lastN >= 0) { const k = `${o.lastN}|${o.lastTx ? 1 : 0}|${o.blockedNow ? 1 : 0}`; o.joint[k] = (o.joint[k] ?? 0) + 1; }
  o.lastN = nBefore;
  o.lastTx = far !== undefined && inflight.has(far);
  inLink.set(g, (inLink.get(g) ?? 0) + 1);
  if (measuring) {
    o.pkts++;
    if (o.blockedNow) { o.blocked++; if (o.prevBlocked) o.run++; }
    // The packet's first try: at the output's own end (back to back) — for a blocked one, as its stall began.
    if (o.blockedNow ? o.stallB2b : o.lastEnd === now()) { o.b2b++; if (o.blockedNow) o.b2bBlocked++; }
  }
  o.prevBlocked = o.blockedNow;
  o.blockedNow = false;
  return startTx.call(this, g, q, v);
};
// The end of each output's transmission (crossbar.ts choose runs at it, the output first).
const choose = xb.choose;
xb.choose = function (g: number, q: number) {
  outOf(g).lastEnd = now();
  return choose.call(this, g, q);
};
runWithWarmUp({ params, seed, until: packets / pps, start: (c, n) => { now = c; names = n; }, measure: () => { measuring = true; } });
const sc = (r: Rec) => ({ ...r, L1: r.L1 / xL, L2: r.L2 / (xL * xL), F1: r.F1 / xL, F2: r.F2 / (xL * xL), FIn: r.FIn / xL, byHead: Object.fromEntries(Object.entries(r.byHead).map(([k, [n, s]]) => [k, [n, s / xL]])) });
const res = Object.fromEntries([...outs].filter(([g, o]) => o.pkts > 0 && farOf.has(g) && o.fresh.n + o.runs.n > 0).map(([g, o]) => [names[g], { pkts: o.pkts, blocked: o.blocked, run: o.run, b2b: o.b2b, b2bBlocked: o.b2bBlocked, joint: o.joint, far: names[(farOf.get(g)! / (params.vls ?? 1)) | 0], fresh: sc(o.fresh), runs: sc(o.runs) }]));
console.log(JSON.stringify({ seed, x: xL, outputs: res }));
