/**
 * H43cap (issue 31, entries 357–358): the head time S of chosen FIFO input buffers in the simulator, split into its parts —
 * from the moment the head may go (its request registered and its input port free of its own predecessor) to its start, the
 * time its output was sending another input's packet, by that packet's kind (a fresh head, or a successor — registered at its
 * own predecessor's start — and whether it registered before or after our head), and the time the output was idle with our
 * head ready (credits lacking, or the instant's order); then the transmission x. Per buffer, per output of its turns, per head
 * kind (fresh; successor whose predecessor used the same output; the other one). Hooks as sim-head-times.ts (src/sim unchanged).
 * Prints one JSON line (sums, seconds → in x) for pooling over seeds with sim-wrap-head-ci.py.
 *
 *     nice -n 19 npx tsx benchmarks/sim-wrap-head.ts torus8x8-bitcomp-1sl 90% --load 0.45 --buffers s7_0:2/1,s7_0:4/1 --seed 1 --packets 6000
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';
import { flagPops } from './sim-hooks.js';

const { name, label, packets, seed, opt } = aidArgs(process.argv.slice(2), 'sim-wrap-head.ts CASE LABEL --load L --buffers A/v,B/v [--seed S] [--packets N]', { packets: 6000 });
const { params, pps } = simCaseParams(name, label);
// A fixture case is scaled to --load; a set-up of sim-case-params.ts that is not one (merge2-bare, H44e) runs at its LABEL.
const fixture = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model', `${name}.json`);
const pt = existsSync(fixture) ? JSON.parse(readFileSync(fixture, 'utf8')).points.find((p: { label: string }) => p.label === label) : { load: Number(label) };
const load = Number(opt('--load', String(pt.load)));
const scale = load / pt.load;
const flows = params.flows.map((f: { traffic: { rate: number } }) => ({ ...f, traffic: { ...f.traffic, rate: f.traffic.rate * scale } }));
const picked = opt('--buffers', '').split(',').filter((b) => b !== '');
const V: number = params.vls ?? 2;
const xLink = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);

let now: () => number = () => 0;
let measuring = false;
/** Per packet at its registration as head: [time, successor?, output, time its port is free of its own predecessor, predecessor's output]. */
const reg = new Map<number, [number, boolean, number, number, number]>();
/** Per input port: its last packet's start; per buffer: its last packet's output. */
const portStart = new Map<number, number>();
const lastOut = new Map<number, number>();
/** Per output: its recent transmissions [start, input port, successor?, registration time]. */
const outHist = new Map<number, [number, number, boolean, number][]>();
/** Sums per key `buffer → output kind`: [n, Σwait, Σ busy fresh older, busy fresh younger, busy succ older, busy succ younger, idle, Σwait²]. */
const sums = new Map<string, number[]>();
const fifo = FifoInputQueues.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const pops = flagPops(fifo);
let fifoInst: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
let names: readonly string[] = [];
const register = fifo.register;
fifo.register = function (x: number, out: number, vl: number) {
  fifoInst = this;
  const q = this.bufferOf(x);
  const port = (q / V) | 0;
  const t = now();
  const free = pops.popping ? t + xLink : Math.max(t, (portStart.get(port) ?? -Infinity) + xLink);
  reg.set(this.headOf(x), [t, pops.popping, out, free, lastOut.get(q) ?? -1]);
  return register.call(this, x, out, vl);
};
const xbar = Crossbar.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const startTx = xbar.startTx;
xbar.startTx = function (g: number, x: number, v: number) {
  const t = now();
  const q = fifoInst.bufferOf(x);
  const port = (q / V) | 0;
  const p = fifoInst.headOf(x);
  const r = reg.get(p);
  reg.delete(p);
  const key = `${names[port]}/${q % V}`;
  if (r !== undefined && measuring && picked.includes(key)) {
    const ready = r[3];
    const wait = Math.max(0, t - ready);
    const kind = r[1] ? (r[4] === g ? 'succ-same' : 'succ-other') : 'fresh';
    const parts = [0, 0, 0, 0];
    for (const [s, inPort, succ, regT] of outHist.get(g) ?? []) {
      const ov = Math.min(t, s + xLink) - Math.max(ready, s);
      if (ov <= 0 || inPort === port) continue;
      parts[(succ ? 2 : 0) + (regT <= r[0] ? 0 : 1)]! += ov;
    }
    const busy = parts.reduce((a, b) => a + b, 0);
    for (const k of [`${key} → ${names[g]} ${kind}`, `${key} → ${names[g]} all`, `${key} all`]) {
      const a = sums.get(k) ?? new Array<number>(8).fill(0);
      a[0]! += 1;
      a[1]! += wait / xLink;
      parts.forEach((z, i) => (a[2 + i]! += z / xLink));
      a[6]! += Math.max(0, wait - busy) / xLink;
      a[7]! += (wait / xLink) ** 2;
      sums.set(k, a);
    }
  }
  const h = outHist.get(g) ?? [];
  h.push([t, port, r?.[1] ?? false, r?.[0] ?? t]);
  if (h.length > 8) h.shift();
  outHist.set(g, h);
  portStart.set(port, t);
  if (r !== undefined) lastOut.set(q, g);
  return startTx.call(this, g, x, v);
};

const until = packets / (pps * scale);
const f = buildFabric({ ...params, flows, streams: new RandomStreams(seed), replication: 0 }) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
now = () => f.engine.now;
names = f.portNames;
f.run(until / 5, until / 5);
measuring = true;
f.run(until / 5 + until, until / 5);
console.log(JSON.stringify({ load, seed, packets, fields: ['n', 'wait', 'fresh-older', 'fresh-younger', 'succ-older', 'succ-younger', 'idle', 'wait2'], sums: Object.fromEntries(sums) }));
