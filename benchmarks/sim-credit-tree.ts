/**
 * H42sat (issue 31, method changes 330–331): the credit back-pressure along a congestion tree, per watched switch input
 * port (its VL buffers), measured in the simulator from outside (src/sim is not changed; FifoInputQueues push/freed/register,
 * Crossbar.startTx and FabricStats stallBegins/endStall wrapped, as sim-diag-ports.ts does): per turn (input port → output
 * port, keyed `in/VL→out`) the packets' FIFO wait (entry → head registration), head time (registration → start; a successor, registered as its
 * predecessor started, less that transmission x), entry → start, the part of the head time during which the output stood
 * credit-stalled, and the share of successors; per buffer the time-weighted occupancy in packets (header entry to the
 * tail's blocks freed; 0..8, the last bin 8 or more); per output port the credit-stall fraction and its stall periods
 * (count, Σ length, Σ length²). One replication of `--packets` packets per flow (default 20,000), seed `--seed`, a fifth of
 * that warm-up; prints one JSON line (seconds): run one process per seed and sum with sim-credit-tree-sum.py for half-widths.
 *
 *     nice -n 19 npx tsx benchmarks/sim-credit-tree.ts alfaro16-bitcomp-1sl 90% --ports s0:8,s6:7 [--seed 2] [--packets 20000] [--buffer-bytes 131072]
 */
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';
import { runWatched, watchCredits } from './credit-watch.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
const { name, label, packets, seed, ports: watch, opt } = aidArgs(process.argv.slice(2), 'sim-credit-tree.ts CASE LABEL --ports A,B [--seed S] [--packets N] [--buffer-bytes N]', { packets: 20000 });
const { params, pps } = simCaseParams(name, label, Number(opt('--buffer-bytes', '0')));
const V: number = params.vls ?? 1;
const xL = (2048 * 8) / 2.5e9;
let clock = () => 0; let names: readonly string[] = []; let measuring = false;
const reg = new Map<number, [number, boolean]>();
const sums = new Map<string, number[]>(); // n, Σfifo, Σhead, Σentry→start, nSucc
const { inst: instOf, entry, occ, pops, st, cum } = watchCredits({
  now: () => clock(),
  measuring: () => measuring,
  watched: (q) => watch.includes(names[(q / V) | 0]!),
});
const regStall = new Map<number, number>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const fifo = FifoInputQueues.prototype as any;
const register = fifo.register; fifo.register = function (x: number, out: number, vl: number) { reg.set(this.headOf(x), [clock(), pops.popping]); regStall.set(this.headOf(x), cum(out)); return register.call(this, x, out, vl); };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const xb = Crossbar.prototype as any; const startTx = xb.startTx;
xb.startTx = function (g: number, x: number, v: number) {
  const inst = instOf();
  if (inst) {
    const q = inst.bufferOf(x); const p = inst.headOf(x); const e = entry.get(p); const r = reg.get(p); const now = clock();
    if (measuring && e !== undefined && r !== undefined && watch.includes(names[(q / V) | 0]!)) {
      const k = `${names[(q / V) | 0]}/${q % V}→${names[g]}`; let a = sums.get(k); if (!a) sums.set(k, (a = [0, 0, 0, 0, 0, 0]));
      a[0]! += 1; a[1]! += r[0] - e; a[2]! += now - r[0] - (r[1] ? xL : 0); a[3]! += now - e; if (r[1]) a[4]! += 1; a[5]! += cum(g) - (regStall.get(p) ?? cum(g));
    }
    entry.delete(p); reg.delete(p); regStall.delete(p);
  }
  return startTx.call(this, g, x, v);
};
const { stalls, occ: occupancy, stall } = runWatched({
  params, pps, packets, seed, V, watch: { occ, st },
  start: (c, n) => { clock = c; names = n; },
  measure: () => { measuring = true; },
});
const out = { seed, stalls, x: xL, sums: Object.fromEntries(sums), occ: occupancy, stall };
console.log(JSON.stringify(out));
