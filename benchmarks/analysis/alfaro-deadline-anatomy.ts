/**
 * Where a carried Alfaro packet spends its time (a diagnostic, not a test; run:
 * node --import tsx benchmarks/analysis/alfaro-deadline-anatomy.ts). Network ALFARO_SEED (1) of 16
 * switches, ALFARO_SIZE (2048) payload bytes, admitted as the benchmark does, carried for
 * ALFARO_CARRY_MS (1) ms after ALFARO_WARMUP_MS (0.25) ms. The link and sink classes are wrapped
 * (in this process only) to record, per packet, the start of its transmission on every hop; for each
 * SL it then splits the delay of its packets into the wait at the source host (generation → first
 * transmission start) and the wait at each switch (header in → transmission start on the output
 * link), and prints the worst packets over D with that split, each hop's wait beside the broker's
 * B(d)/rate. ALFARO_VARIANTS: a comma list of carry option sets to run on the same admission, each
 * `key=value+key=value` (e.g. `hostQueueing=fifo`, `phases=aligned`); empty = the defaults.
 */
import { admitAlfaroWorkload, carryAlfaroConnections, irregularTopology, RandomStreams } from '../../src/index.js';
import { delayBoundBytes } from '../../src/admission/delay.js';
import { Links } from '../../src/sim/fabric/link/links.js';
import { Sink } from '../../src/sim/fabric/host/sink.js';
import { FifoInputQueues } from '../../src/sim/fabric/switch/inputFifo.js';
import { ALFARO_SERVICE_LEVELS } from '../../src/studies/alfaro/workload.js';
import { machineLine } from '../harness.js';

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const seed = Number(env('ALFARO_SEED', '1'));
const size = Number(env('ALFARO_SIZE', '2048'));
const carryMs = Number(env('ALFARO_CARRY_MS', '1'));
const warmupMs = Number(env('ALFARO_WARMUP_MS', '0.25'));
const slOrder = env('ALFARO_SL_ORDER', 'in-turn') as 'in-turn' | 'random';
const variants = env('ALFARO_VARIANTS', '')
  .split(',')
  .map((v) => Object.fromEntries(v.split('+').filter((kv) => kv.length > 0).map((kv) => {
    const [k = '', x = ''] = kv.split('=');
    return [k, Number.isNaN(Number(x)) ? x : Number(x)];
  })));

console.log(machineLine());
const streams = new RandomStreams(seed);
const topology = irregularTopology({ switches: 16 }, streams.stream('alfaro/topology'));
const t0 = process.hrtime.bigint();
const admission = admitAlfaroWorkload({ topology, packetBytes: size, attempts: 1000, slOrder, rng: streams.stream('alfaro/requests') });
console.log(`network ${seed}, ${size} B, ${admission.connections.length} connections (per SL ${admission.connectionsPerSl.join(' ')}), admitted in ${(Number(process.hrtime.bigint() - t0) / 1e9).toFixed(0)} s`);
const wire = admission.format.wireBytes;
const rate = (admission.fabric.links[0]!.rateGbps * 1e9) / 8;
const boundSeconds = ALFARO_SERVICE_LEVELS.map((l) => delayBoundBytes({ distance: l.distance, mtu: wire, limitOfHighPriority: 255 }) / rate);

// Per packet slot: the hop starts of the packet now in it ([created, start0, start1, …]).
const hops = new Map<number, number[]>();
type Late = { created: number; flow: number; sl: number; ratio: number; hostWait: number; hopWaits: number[]; inputWaits: number[] };
// Per packet slot: when it left each switch input buffer through the crossbar.
const xfers = new Map<number, number[]>();
let clock: { now: number } | null = null;
const origPop = FifoInputQueues.prototype.popHead;
FifoInputQueues.prototype.popHead = function (this: FifoInputQueues, q: number) {
  const p = origPop.call(this, q);
  if (clock !== null) xfers.get(p)?.push(clock.now);
  return p;
};
let late: Late[] = [];
const hostWaitMax = new Float64Array(10);
const switchWaitMax = new Float64Array(10);
let measuring = false;
let warmupEnd = 0;
const origTransmit = Links.prototype.transmit;
Links.prototype.transmit = function (this: Links, g: number, pv: number, p: number, q: number) {
  const self = this as unknown as { portSwitch: Int32Array; engine: { now: number }; pool: { created: Float64Array } };
  clock = self.engine;
  if (self.portSwitch[g]! < 0) {
    hops.set(p, [self.pool.created[p]!, self.engine.now]);
    xfers.set(p, []);
  }
  else hops.get(p)?.push(self.engine.now);
  origTransmit.call(this, g, pv, p, q);
};
const origDeliver = Sink.prototype.deliver;
let connectionsNow = admission.connections;
const switchLatency = 100e-9;
Sink.prototype.deliver = function (this: Sink, p: number) {
  const self = this as unknown as { engine: { now: number }; pool: { flow: Int32Array } };
  const rec = hops.get(p);
  const now = self.engine.now;
  if (rec !== undefined && now >= warmupEnd && measuring) {
    const f = self.pool.flow[p]!;
    const c = connectionsNow[f]!;
    const hostWait = rec[1]! - rec[0]!;
    const hopWaits: number[] = [];
    for (let k = 2; k < rec.length; k++) {
      // The header reaches the next switch one link delay and the switch latency after the start.
      const prop = 10e-9;
      hopWaits.push(rec[k]! - (rec[k - 1]! + prop + switchLatency));
    }
    if (hostWait > hostWaitMax[c.sl]!) hostWaitMax[c.sl] = hostWait;
    for (const w of hopWaits) if (w > switchWaitMax[c.sl]!) switchWaitMax[c.sl] = w;
    const ratio = (now - rec[0]!) / c.deadline;
    const x = xfers.get(p) ?? [];
    const inputWaits = x.map((t, k) => t - (rec[k + 1]! + 10e-9 + switchLatency));
    if (ratio > 0.9) late.push({ created: rec[0]!, flow: f, sl: c.sl, ratio, hostWait, hopWaits, inputWaits });
  }
  hops.delete(p);
  xfers.delete(p);
  origDeliver.call(this, p);
};

for (const variant of variants) {
  late = [];
  hostWaitMax.fill(0);
  switchWaitMax.fill(0);
  warmupEnd = warmupMs * 1e-3;
  measuring = true;
  const t1 = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const r = carryAlfaroConnections(admission, { until: carryMs * 1e-3, warmup: warmupMs * 1e-3, streams, replication: 0, ...variant });
  const m = r.metrics as Record<string, Record<string, number>>;
  const cpuS = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
  console.log(`\nvariant ${JSON.stringify(variant)}: ${(Number(process.hrtime.bigint() - t1) / 1e9).toFixed(0)} s wall, ${cpuS.toFixed(0)} s CPU`);
  console.log(`  injected ${(m.injectedTraffic as unknown as number).toFixed(4)} delivered ${(m.deliveredTraffic as unknown as number).toFixed(4)}`);
  console.log(`  % within D per SL: ${Object.values(m.withinDeadline!).map((v) => (100 * v).toFixed(2)).join(' ')}`);
  console.log(`  worst delay / D per SL: ${Object.values(m.worstDelayOverDeadline!).map((v) => v.toFixed(3)).join(' ')}`);
  if (r.worstHostReadyWaitOverBound) console.log(`  worst ready-head wait / B(d), host interfaces: ${Object.values(r.worstHostReadyWaitOverBound).map((v) => v.toFixed(3)).join(' ')}`);
  if (r.worstReadyWaitOverBound) console.log(`  worst ready-head wait / B(d), switch outputs: ${Object.values(r.worstReadyWaitOverBound).map((v) => v.toFixed(3)).join(' ')}`);
  console.log(`  worst host wait / B(d) per SL: ${[...hostWaitMax].map((w, sl) => (w / boundSeconds[sl]!).toFixed(3)).join(' ')}`);
  console.log(`  worst switch-hop wait / B(d) per SL: ${[...switchWaitMax].map((w, sl) => (w / boundSeconds[sl]!).toFixed(3)).join(' ')}`);
  late.sort((a, b) => b.ratio - a.ratio);
  const over = late.filter((l) => l.ratio > 1);
  console.log(`  packets over D: ${over.length}; the worst 8 (waits in units of B(d)/rate of the SL):`);
  for (const l of late.slice(0, 8)) {
    const b = boundSeconds[l.sl]!;
    const c = connectionsNow[l.flow]!;
    console.log(`    SL ${l.sl} c${c.id} ${c.source}->${c.destination} ${c.path.length} links, ${c.mbps} Mb/s: ${l.ratio.toFixed(3)} D; host ${(l.hostWait / b).toFixed(2)}, switches ${l.hopWaits.map((w) => (w / b).toFixed(2)).join(' ')}, of which in the input buffer ${l.inputWaits.map((w) => (w / b).toFixed(2)).join(' ')}; created ${(l.created * 1e3).toFixed(3)} ms (D = ${(c.deadline / b).toFixed(2)} B(d))`);
  }
}
connectionsNow = admission.connections;
