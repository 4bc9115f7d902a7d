/**
 * Why a VL of a saturated switch port does not use its table's turns (docs/fabric-model.md, measurement
 * 167): the simulator at offered load 1 (every flow at the overload point's rate, as the reference's
 * `overload` run), and at chosen output ports, at every packet start, each VL's state at that instant as
 * crossbar.ts tryOutput sees it — ready (a head requests the port, its input port free, credits for it),
 * credit-blocked, requested but every requesting input port busy, or not requested; then each input
 * buffer that has sent on that VL there: empty, or its head bound for another output. Per VL: packets
 * sent, mean visit (run) length, and at the ends of the short visits (fewer packets than the table's
 * weight) what the VL was. src/sim is not changed (this process wraps Crossbar.startTx).
 *
 * `--buffers B[,B…]` (an input buffer as PORT/VL, e.g. s3_3:3/2): per output, the mean time between two
 * starts of that buffer with the second packet already in it (its head time S in x, while backlogged),
 * and the share of its starts.
 *
 *     nice -n 19 npx tsx benchmarks/fabric-model-share-visits.ts CASE PORT[,PORT…] [--buffers B,…] [--packets N] [--reps N]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const opt = (n: string, d: string) => (args.indexOf(n) >= 0 ? args[args.indexOf(n) + 1]! : d);
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--buffers'].includes(args[i - 1]!)));
const [name, portList] = positional;
if (name === undefined || portList === undefined) throw new Error('usage: fabric-model-share-visits.ts CASE PORT[,PORT…] [--packets N] [--reps N]');
const reps = Number(opt('--reps', '1'));
const packets = Number(opt('--packets', '3000'));
// The overload point: the fixture's per-flow rate at offered load 1 (fabric-model-share-fair.ts's).
const { params } = simCaseParams(name, '50%');
const c = JSON.parse((await import('node:fs')).readFileSync(new URL(`../test/fixtures/fabric-model/${name}.json`, import.meta.url), 'utf8'));
const pps = (c.rateGbps * 1e9) / (2048 * 8) / c.flowsPerSender;
params.flows = params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pps } }));
const V: number = params.vls ?? 2;
const weights = new Array<number>(V).fill(0);
for (const e of [...params.arbitration.high, ...params.arbitration.low]) weights[e.vl] = Math.max(1, Math.ceil((e.weight * 64) / 2048));

const STATES = ['ready', 'credit', 'portBusy', 'noRequest'] as const;
interface Watch {
  readonly name: string;
  /** Per VL: packets sent; visits; state counts at every start where it was not picked; the same at the end of a short visit. */
  readonly sent: number[];
  readonly visits: number[];
  readonly other: number[][];
  readonly shortEnd: number[][];
  /** Per VL: at 'noRequest' decisions, buffer-decisions with the buffer empty / head elsewhere. */
  readonly empty: number[];
  readonly elsewhere: number[];
  /** Per VL: the input buffers it has taken packets from, with their packets. */
  readonly from: Map<number, number>[];
  last: number;
  run: number;
}
const watches = new Map<number, Watch>();
/** Watched input buffers: per buffer its last start, whether it held a packet behind it then, and per output [starts, Σ interval]. */
const bufferNames = opt('--buffers', '').split(',').filter((b) => b !== '');
const bufferWatch = new Map<number, { last: number; backlogged: boolean; perOut: Map<number, number[]> }>();
let now = () => 0;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let cb: any = null;
function stateOf(g: number, v: number): number {
  const queues = cb.queues;
  if (!((queues.requestedVlsOf(g) >> v) & 1)) return 3;
  const r = queues.firstRequest(g, v, cb.inBusy);
  if (r < 0) return 2;
  return cb.links.credits(g, v) >= cb.pool.blocks(queues.headOf(r)) ? 0 : 1;
}
const xb = Crossbar.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const startTx = xb.startTx;
xb.startTx = function (g: number, offset: number, v: number) {
  // By buffer number q = port·V + VL below; the simulator's FIFO queue numbers are record offsets (inputFifo.ts).
  const q: number = cb === null ? offset : cb.queues.bufferOf(offset);
  const bw = cb === null ? undefined : bufferWatch.get(q);
  if (bw !== undefined) {
    const o = bw.perOut.get(g) ?? [0, 0, 0];
    o[0]!++;
    if (bw.backlogged) ((o[1]! += 1), (o[2]! += now() - bw.last));
    bw.perOut.set(g, o);
    bw.last = now();
  }
  const w = cb === null ? undefined : watches.get(g);
  if (w !== undefined) {
    w.sent[v]!++;
    w.from[v]!.set(q, (w.from[v]!.get(q) ?? 0) + 1);
    for (let u = 0; u < V; u++) {
      if (u === v || w.from[u]!.size === 0) continue;
      const st = stateOf(g, u);
      w.other[u]![st]!++;
      if (st === 3) {
        for (const b of w.from[u]!.keys()) {
          if (cb.queues.headOf(cb.queues.queueOfBuffer(b)) < 0) w.empty[u]!++;
          else w.elsewhere[u]!++;
        }
      }
    }
    if (v !== w.last) {
      if (w.last >= 0 && w.run < weights[w.last]!) w.shortEnd[w.last]![stateOf(g, w.last)]!++;
      w.visits[v]!++;
      w.last = v;
      w.run = 0;
    }
    w.run++;
    // A visit of full weight ends by the table even if the VL goes on (the next visit starts afresh).
    if (w.run >= weights[v]!) ((w.last = -1), (w.run = 0));
  }
  const r = startTx.call(this, g, offset, v);
  if (bw !== undefined) bw.backlogged = cb.queues.headOf(offset) >= 0;
  return r;
};

const until = packets / pps;
let names: string[] = [];
for (let r = 0; r < reps; r++) {
  const f = buildFabric({ ...params, streams: new RandomStreams(1), replication: r }) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (r === 0) {
    for (const pn of portList.split(',')) {
      const g = (f.portNames as string[]).indexOf(pn);
      if (g < 0) throw new Error(`no port ${pn}`);
      const z = () => Array.from({ length: V }, () => [0, 0, 0, 0]);
      watches.set(g, { name: pn, sent: new Array(V).fill(0), visits: new Array(V).fill(0), other: z(), shortEnd: z(), empty: new Array(V).fill(0), elsewhere: new Array(V).fill(0), from: Array.from({ length: V }, () => new Map()), last: -1, run: 0 });
    }
  }
  if (r === 0) {
    for (const b of bufferNames) {
      const [pn, vl] = b.split('/');
      const g = (f.portNames as string[]).indexOf(pn!);
      if (g < 0) throw new Error(`no port ${pn}`);
      bufferWatch.set(g * V + Number(vl), { last: 0, backlogged: false, perOut: new Map() });
    }
  }
  now = () => f.engine.now;
  f.run(until / 5, until / 5);
  cb = f.crossbar;
  f.run(until / 5 + until, until / 5);
  cb = null;
  for (const w of watches.values()) ((w.last = -1), (w.run = 0));
  for (const b of bufferWatch.values()) b.backlogged = false;
  names = f.portNames as string[];
}
const pct = (a: number, n: number) => (n > 0 ? ((100 * a) / n).toFixed(1) : '–');
for (const w of watches.values()) {
  const total = w.sent.reduce((a, b) => a + b, 0);
  console.log(`${w.name}: ${total} packets; per VL share ${w.sent.map((s) => (s / total).toFixed(3)).join(' ')}`);
  for (let v = 0; v < V; v++) {
    if (w.sent[v] === 0) continue;
    const o = w.other[v]!;
    const n = o.reduce((a, b) => a + b, 0);
    const se = w.shortEnd[v]!;
    const ns = se.reduce((a, b) => a + b, 0);
    const src = [...w.from[v]!.entries()].map(([q, k]) => `${names[(q / V) | 0]}/${q % V} ${(k / w.sent[v]!).toFixed(3)}`).join(', ');
    console.log(
      `  VL ${v}: ${w.sent[v]} sent, ${w.visits[v]} visits (mean ${(w.sent[v]! / w.visits[v]!).toFixed(2)} of ${weights[v]}); ` +
        `at the other VLs' starts ${STATES.map((s, i) => `${s} ${pct(o[i]!, n)}%`).join(', ')}` +
        ` (not requested: buffers empty ${w.empty[v]}, head elsewhere ${w.elsewhere[v]}); short visits ${ns}: ${STATES.map((s, i) => `${s} ${se[i]}`).join(', ')}`,
    );
    console.log(`    from ${src}`);
  }
}
const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
for (const [q, b] of bufferWatch) {
  let n = 0;
  let nb = 0;
  let t = 0;
  for (const o of b.perOut.values()) ((n += o[0]!), (nb += o[1]!), (t += o[2]!));
  const outs = [...b.perOut.entries()].map(([g, o]) => `${names[g]} ${(o[0]! / n).toFixed(3)} of starts, S ${(o[2]! / o[1]! / x).toFixed(2)} x`).join('; ');
  console.log(`buffer ${names[(q / V) | 0]}/${q % V}: ${n} starts, backlogged at ${(nb / n).toFixed(3)} of them, S ${(t / nb / x).toFixed(3)} x; ${outs}`);
}
