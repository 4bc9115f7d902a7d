/**
 * The 648-node `ibcc-fat-tree`'s speed and workload millisecond by millisecond (issue 16): after the
 * warm-up, `fabric.run` in steps of `step` ms, and per step the packet-hops, the packet-hops per
 * CPU-second of that step, and the fabric's events per packet-hop by kind (arrive, txEnd, credit,
 * wake, taken, becn; events.ts). The counts are deterministic (seed 1); the speeds are not (run it
 * several times and say the load average beside them). The counting wraps the engine's post, so the
 * speeds come from a first, unwrapped run and the counts from a second.
 *
 *   npx tsx benchmarks/gran-drift.ts [cc on|off] [hotspots 0|default] [warm-up ms] [end ms] [step ms]
 *   npx tsx benchmarks/gran-drift.ts on default 5 15 1
 */
import { Engine } from '../src/sim/engine/engine.js';
import { EVENT_SHIFT } from '../src/sim/fabric/events.js';
import { ibccFatTreeFabric, parseIbccFatTree } from '../src/studies/index.js';
import { RandomStreams } from '../src/sim/random/streams.js';
import { loadavg } from 'node:os';
import { machineLine } from './harness.js';

const [cc = 'on', hotspots = 'default', warmArg = '5', endArg = '15', stepArg = '1'] = process.argv.slice(2);
const warm = Number(warmArg) * 1e-3;
const end = Number(endArg) * 1e-3;
const step = Number(stepArg) * 1e-3;
if (!(warm >= 0 && end > warm && step > 0)) throw new Error(`warm-up ${warmArg}, end ${endArg} and step ${stepArg} (ms): need 0 <= warm-up < end and step > 0`);
const KINDS = ['arrive', 'txEnd', 'credit', 'wake', 'taken', 'becn'];
const params = parseIbccFatTree({ radix: 36, cc, ...(hotspots === '0' ? { hotspots: 0 } : {}) });
const steps = Math.round((end - warm) / step);

/** One run in steps; `counts` (per kind, reset per step) is filled if the post is wrapped. */
function run(counts: Float64Array | null): { hops: number; cpu: number; perKind: number[] }[] {
  const { fabric } = ibccFatTreeFabric(params, new RandomStreams(1), 0);
  fabric.run(warm, warm);
  const out: { hops: number; cpu: number; perKind: number[] }[] = [];
  let before = 0;
  for (let k = 1; k <= steps; k++) {
    counts?.fill(0);
    const c0 = process.cpuUsage();
    fabric.run(warm + k * step);
    const c = process.cpuUsage(c0);
    const total = fabric.measurements().packetHops;
    const hops = total - before;
    before = total;
    out.push({ hops, cpu: (c.user + c.system) / 1e6, perKind: counts === null ? [] : [...counts].map((n) => n / hops) });
  }
  return out;
}

console.log(`${machineLine()}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`cc ${cc}, hotspots ${hotspots}, steps of ${stepArg} ms from ${warmArg} to ${endArg} ms, seed 1`);
const speeds = run(null);
const counts = new Float64Array(KINDS.length);
const post = Engine.prototype.post;
Engine.prototype.post = function (this: Engine, time: number, handler: number, a: number, b: number, priority = 0): void {
  // handler 0 is the fabric's per-packet dispatcher (fabric.ts): its kind is in a's top bits
  if (handler === 0) counts[a >>> EVENT_SHIFT]!++;
  post.call(this, time, handler, a, b, priority);
};
const counted = run(counts);
Engine.prototype.post = post;
console.log(`| step ends (ms) | packet-hops | M packet-hops per CPU-s | posted per hop: ${KINDS.join(', ')} |`);
console.log('|---|---|---|---|');
for (let k = 0; k < steps; k++) {
  const s = speeds[k]!;
  console.log(`| ${((warm + (k + 1) * step) * 1e3).toFixed(1)} | ${s.hops} | ${(s.hops / s.cpu / 1e6).toFixed(2)} | ${counted[k]!.perKind.map((x) => x.toFixed(3)).join(', ')} |`);
}
console.log(`load average after ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
