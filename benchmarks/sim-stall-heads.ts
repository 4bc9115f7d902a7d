/**
 * H42ph (issue 31, method changes 332–334): benchmarks/sim-credit-tree.ts (H42sat, entries 330–331) with, per output port,
 * the heads waiting for it (registered, not started) integrated over the time the output stood credit-stalled and the time
 * it did not — `heads[port].nStalled` is the mean number of heads held by a stall (each stalled period weighted by its
 * length), `nOpen` the mean number waiting while it was not stalled, `hist` the time shares with 0..5 heads waiting — and
 * the count of its packets that started after a stall (`blocked`) and of those whose predecessor on the port had too
 * (`blockedAfterBlocked`); per turn two more sums, `sums[k][6..7]`: the heads registered while their buffer was full (every
 * slot taken, the head's own included: the link into it is blocked meanwhile) and their head time. Everything else as sim-credit-tree.ts (its JSON plus `heads`); sum with
 * sim-credit-tree-sum.py, the `heads` with sim-stall-heads-sum.py.
 *
 *     nice -n 19 npx tsx benchmarks/sim-stall-heads.ts alfaro16-bitcomp-1sl 90% --ports s6:6,s6:7 [--seed 2] [--packets 20000]
 */
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';
import { runWatched, watchCredits } from './credit-watch.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
const { name, label, packets, seed, ports: watch, opt } = aidArgs(process.argv.slice(2), 'sim-stall-heads.ts CASE LABEL --ports A,B [--seed S] [--packets N] [--buffer-bytes N]', { packets: 20000 });
const { params, pps } = simCaseParams(name, label, Number(opt('--buffer-bytes', '0')));
const V: number = params.vls ?? 1;
const xL = (2048 * 8) / 2.5e9;
let clock = () => 0; let names: readonly string[] = []; let measuring = false;
const reg = new Map<number, [number, boolean]>();
const sums = new Map<string, number[]>(); // n, Σfifo, Σhead, Σentry→start, nSucc
const { inst: instOf, entry, occ, pops, st, stOf, cum } = watchCredits({
  now: () => clock(),
  measuring: () => measuring,
  watched: (q) => watch.includes(names[(q / V) | 0]!),
  onStall: (g, edge) => {
    nwTick(g);
    if (edge === 'end' && stOf(g).since >= 0) nwOf(g).blocked = true;
  },
});
const regStall = new Map<number, number>();
const nw = new Map<number, { n: number; since: number; stalled: number; open: number; tS: number; tO: number; blocked: boolean; prev: boolean; pkts: number; bl: number; bb: number; hist: number[] }>();
const nwOf = (g: number) => { let o = nw.get(g); if (!o) nw.set(g, (o = { n: 0, since: clock(), stalled: 0, open: 0, tS: 0, tO: 0, blocked: false, prev: false, pkts: 0, bl: 0, bb: 0, hist: new Array(6).fill(0) })); return o; };
const nwTick = (g: number) => { const o = nwOf(g); const d = clock() - o.since; if (measuring) { const s2 = stOf(g).since >= 0; if (s2) { o.stalled += o.n * d; o.tS += d; } else { o.open += o.n * d; o.tO += d; } o.hist[Math.min(5, o.n)]! += d; } o.since = clock(); };
const headOut = new Map<number, number>();
const capBlocks = (params.bufferBytes ?? 4 * 2048) / 64;
const fullAt = new Map<number, boolean>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const register = fifo.register; fifo.register = function (x: number, out: number, vl: number) { reg.set(this.headOf(x), [clock(), pops.popping]); fullAt.set(this.headOf(x), (occ.get(this.bufferOf(x))?.blocks ?? 0) >= capBlocks); regStall.set(this.headOf(x), cum(out)); nwTick(out); nwOf(out).n++; headOut.set(this.headOf(x), out); return register.call(this, x, out, vl); };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xb = Crossbar.prototype as any; const startTx = xb.startTx;
xb.startTx = function (g: number, x: number, v: number) {
  { const o = nwOf(g); nwTick(g); if (measuring) { o.pkts++; if (o.blocked) { o.bl++; if (o.prev) o.bb++; } } o.prev = o.blocked; o.blocked = false; }
  const inst = instOf();
  if (inst) {
    const q = inst.bufferOf(x); const p = inst.headOf(x); const e = entry.get(p); const r = reg.get(p); const now = clock();
    if (measuring && e !== undefined && r !== undefined && watch.includes(names[(q / V) | 0]!)) {
      const k = `${names[(q / V) | 0]}/${q % V}→${names[g]}`; let a = sums.get(k); if (!a) sums.set(k, (a = [0, 0, 0, 0, 0, 0, 0, 0]));
      a[0]! += 1; a[1]! += r[0] - e; a[2]! += now - r[0] - (r[1] ? xL : 0); if (fullAt.get(p)) { a[6]! += 1; a[7]! += now - r[0] - (r[1] ? xL : 0); } a[3]! += now - e; if (r[1]) a[4]! += 1; a[5]! += cum(g) - (regStall.get(p) ?? cum(g));
    }
    entry.delete(p); reg.delete(p); regStall.delete(p); fullAt.delete(p); const ho = headOut.get(p); if (ho !== undefined) { nwTick(ho); nwOf(ho).n--; headOut.delete(p); }
  }
  return startTx.call(this, g, x, v);
};
const { until, stalls, occ: occupancy, stall } = runWatched({
  params, pps, packets, seed, V, watch: { occ, st },
  start: (c, n) => { clock = c; names = n; },
  measure: () => { measuring = true; },
});
const heads = Object.fromEntries([...nw].filter(([, o]) => o.pkts > 0).map(([g, o]) => [names[g], { nStalled: o.stalled / Math.max(1e-30, o.tS), nOpen: o.open / Math.max(1e-30, o.tO), tS: o.tS / until, pkts: o.pkts, blocked: o.bl, blockedAfterBlocked: o.bb, hist: o.hist.map((h) => h / until) }]));
const out = { seed, heads, stalls, x: xL, sums: Object.fromEntries(sums), occ: occupancy, stall };
console.log(JSON.stringify(out));
