/**
 * H44c (issue 31, entry 390): the upstream merge's turns in the simulator — at a chosen switch output and VL, whether the
 * packet it sends next comes from the same input buffer as the one it starts now (the share a of back-to-back packets of
 * one source on the link, which decides how often the buffer behind the link sends two packets in a row to one output:
 * entries 357–358), split by what the crossbar's oldest-first rule reads at the start: whether another input's head is
 * already registered for this output and VL (`other`: it registered before the starting buffer's successor can), and
 * whether the starting buffer holds a next packet behind the one it starts (`next`), and whether the start ends a credit
 * stall of the output (`held`: the simulator's own stall accounting, FabricStats.stallBegins / endStall, had the port
 * stalled — a request registered, no credits — just before it). Hooks as sim-wrap-head.ts (src/sim unchanged). Prints one
 * JSON line per seed for sim-merge-turns-ci.py; `classes` keyed `other,next`, `held` keyed `held,other`.
 *
 *     nice -n 10 npx tsx benchmarks/sim-merge-turns.ts torus8x8-bitcomp-1sl 90% --load 0.40 --output s0_0:3/1 --seed 1 --packets 2000
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { FabricStats } from '../src/sim/fabric/measure/measurements.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';
import { runWithWarmUp } from './sim-hooks.js';

const { name, label, packets, seed, opt } = aidArgs(process.argv.slice(2), 'sim-merge-turns.ts CASE LABEL --load L --output PORT/v [--seed S] [--packets N]', { packets: 2000 });
const { params, pps } = simCaseParams(name, label);
const c = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model', `${name}.json`), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
const load = Number(opt('--load', String(pt.load)));
const scale = load / pt.load;
const flows = params.flows.map((f: { traffic: { rate: number } }) => ({ ...f, traffic: { ...f.traffic, rate: f.traffic.rate * scale } }));
const [outName, outVl] = opt('--output', '').split('/') as [string, string];
const vOut = Number(outVl);

let measuring = false;
let names: readonly string[] = [];
let gOut = -1;
/** The previous start at the chosen output: [its buffer, other registered, next held, held by a stall]; null before the first. */
let prev: [number, number, number, number] | null = null;
/** Per class `held,other`: [starts followed by another start, of them from the same buffer]. */
const heldCounts = new Map<string, [number, number]>();
/** Per port: stalled now (stallBegins seen, no endStall yet); whether the last endStall closed a stall. */
const stalled = new Set<number>();
const endedStall = new Set<number>();
const stats = FabricStats.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const stallBegins = stats.stallBegins;
stats.stallBegins = function (g: number) {
  stalled.add(g);
  return stallBegins.call(this, g);
};
const endStall = stats.endStall;
stats.endStall = function (g: number) {
  if (stalled.delete(g)) endedStall.add(g);
  return endStall.call(this, g);
};
/** Per class `other,next`: [starts followed by another start, of them from the same buffer]. */
const counts = new Map<string, [number, number]>();
/** Per source buffer: [starts, followed by the same buffer]. */
const perBuffer = new Map<string, [number, number]>();
const xbar = Crossbar.prototype as any; // eslint-disable-line @typescript-eslint/no-explicit-any
const startTx = xbar.startTx;
xbar.startTx = function (g: number, q: number, v: number) {
  if (gOut < 0) gOut = names.indexOf(outName);
  if (g === gOut && v === vOut) {
    const fifo = this.queues as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    // The registered requests for (g, v), oldest first (inputFifo.ts firstRequest's list): any but q's own is older than q's successor.
    let x = fifo.out[g * fifo.oStride + fifo.oHead + fifo.oPerVl * v];
    let other = 0;
    while (x !== -1 && x !== undefined && x >= 0) {
      if (x !== q) other = 1;
      x = fifo.records[x + 2];
    }
    const next = fifo.pool.next(fifo.headOf(q)) >= 0 ? 1 : 0;
    const held = endedStall.delete(g) ? 1 : 0;
    if (prev !== null && measuring) {
      const same = prev[0] === q ? 1 : 0;
      const key = `${prev[1]},${prev[2]}`;
      const a = counts.get(key) ?? [0, 0];
      a[0] += 1;
      a[1] += same;
      counts.set(key, a);
      const hk = `${prev[3]},${prev[1]}`;
      const h = heldCounts.get(hk) ?? [0, 0];
      h[0] += 1;
      h[1] += same;
      heldCounts.set(hk, h);
      const bk = `${names[(fifo.bufferOf(prev[0]) / fifo.V) | 0]}/${fifo.bufferOf(prev[0]) % fifo.V}`;
      const b = perBuffer.get(bk) ?? [0, 0];
      b[0] += 1;
      b[1] += same;
      perBuffer.set(bk, b);
    }
    prev = [q, other, next, held];
  }
  return startTx.call(this, g, q, v);
};

if (FifoInputQueues.prototype === undefined) throw new Error('FifoInputQueues missing');
const until = packets / (pps * scale);
runWithWarmUp({
  params: { ...params, flows },
  seed,
  until,
  start: (_clock, n) => (names = n),
  measure: () => (measuring = true),
});
console.log(JSON.stringify({ load, seed, packets, output: `${outName}/${vOut}`, fields: ['n', 'same'], classes: Object.fromEntries(counts), held: Object.fromEntries(heldCounts), buffers: Object.fromEntries(perBuffer) }));
