/**
 * Where the 648-node `ibcc-fat-tree` spends its events (issue 16's hotspot case): per packet-hop in
 * the window, the fabric's events by kind, the calendar groups they open (an event at a (time,
 * priority) with no pending group: a heap insert and a heap pop), the packets alive at the end; then
 * a replay of the run's exact calendar traffic (every post's time and priority, in the same order)
 * on a bare Engine whose handler only re-posts: the calendar's own CPU cost per packet-hop. Counts
 * are deterministic; the CPU figures are not (say the load average beside them).
 *
 *   npx tsx benchmarks/gran-counts.ts [cc on|off] [hotspots 0|default] [warm-up ms] [end ms] [PEER_TREE] [rounds]
 *   npx tsx benchmarks/gran-counts.ts on default 2 4
 *   npx tsx benchmarks/gran-counts.ts on default 2 4 /work/ab/main-src 5
 *
 * With PEER_TREE (a directory holding another version's src/, e.g. `git archive main src`), the
 * replay also runs on that tree's Engine, the two alternating for `rounds` rounds (default 3): the
 * per-round ratio (this tree / peer) is what a shared machine lets one compare.
 *
 * It wraps the engine's and calendar's methods on their prototypes (instrumentation, slow); the
 * replay runs on fresh, unwrapped engines.
 */
import { EventCalendar } from '../src/sim/engine/calendar.js';
import { Engine } from '../src/sim/engine/engine.js';
import { EVENT_SHIFT } from '../src/sim/fabric/events.js';
import { ibccFatTreeFabric, parseIbccFatTree } from '../src/studies/index.js';
import { RandomStreams } from '../src/sim/random/streams.js';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [cc = 'on', hotspots = 'default', warmArg = '2', endArg = '4', peerTree, roundsArg = '3'] = process.argv.slice(2);
const warm = Number(warmArg) * 1e-3;
const end = Number(endArg) * 1e-3;
const KINDS = ['arrive', 'txEnd', 'credit', 'wake', 'taken', 'becn', 'other'];

// The calendar's private methods, reached for instrumentation only.
interface CalendarInternals {
  insert(time: number, priority: number, slot: number): void;
  // a group opened in the heap (siftUp; also a rebuild's moves, rare) or in the wheel
  siftUp(seq: number, slot: number): void;
  wheelOpen(slot: number, seq: number, b: number): void;
}
const calendar = EventCalendar.prototype as unknown as CalendarInternals;
const engineProto = Engine.prototype;
const posted = new Float64Array(KINDS.length);
const opened = new Float64Array(KINDS.length);
let kind = KINDS.length - 1;
let counting = false;
// The run's calendar traffic: per post, the events run before it, its time and priority.
const trace = { n: 0, index: new Int32Array(1 << 20), time: new Float64Array(1 << 20), priority: new Float64Array(1 << 20) };

const post = engineProto.post;
engineProto.post = function (this: Engine, time: number, handler: number, a: number, b: number, priority = 0): void {
  kind = handler === 0 ? Math.min(a >>> EVENT_SHIFT, KINDS.length - 1) : KINDS.length - 1;
  if (trace.n === trace.index.length) {
    const grow = <T extends Int32Array | Float64Array>(x: T, make: (n: number) => T): T => {
      const y = make(x.length * 2);
      y.set(x);
      return y;
    };
    trace.index = grow(trace.index, (n) => new Int32Array(n));
    trace.time = grow(trace.time, (n) => new Float64Array(n));
    trace.priority = grow(trace.priority, (n) => new Float64Array(n));
  }
  trace.index[trace.n] = this.eventsProcessed;
  trace.time[trace.n] = time;
  trace.priority[trace.n++] = priority;
  post.call(this, time, handler, a, b, priority);
  kind = KINDS.length - 1;
};
const insert = calendar.insert;
calendar.insert = function (this: CalendarInternals, time: number, priority: number, slot: number): void {
  if (counting) posted[kind]!++;
  insert.call(this, time, priority, slot);
};
const siftUp = calendar.siftUp;
calendar.siftUp = function (this: CalendarInternals, seq: number, slot: number): void {
  if (counting) opened[kind]!++;
  siftUp.call(this, seq, slot);
};
const wheelOpen = calendar.wheelOpen;
calendar.wheelOpen = function (this: CalendarInternals, slot: number, seq: number, b: number): void {
  if (counting) opened[kind]!++;
  wheelOpen.call(this, slot, seq, b);
};

const params = parseIbccFatTree({ radix: 36, cc, ...(hotspots === '0' ? { hotspots: 0 } : {}) });
const { fabric } = ibccFatTreeFabric(params, new RandomStreams(1), 0);
fabric.run(warm, warm);
counting = true;
fabric.run(end);
counting = false;
const hops = fabric.measurements().packetHops;
const inner = fabric as unknown as { engine: Engine; pool: { live: number } };
const events = inner.engine.eventsProcessed;
engineProto.post = post;
calendar.insert = insert;
calendar.siftUp = siftUp;
calendar.wheelOpen = wheelOpen;

// Replay from time 0 to `end` (the whole run: the calendar's state at the window's start is the
// run's), best CPU time of three; its cost is divided by the run's packet-hops from time 0.
const hopsFromZero = (() => {
  const again = ibccFatTreeFabric(params, new RandomStreams(1), 0).fabric;
  again.run(end);
  return again.measurements().packetHops;
})();
/** The replay on a fresh engine of class `E`: CPU seconds. */
interface ReplayEngine {
  readonly eventsProcessed: number;
  addHandler(h: () => void): number;
  post(time: number, handler: number, a: number, b: number, priority?: number): void;
  run(o: { until: number }): unknown;
}
function replay(E: new () => ReplayEngine): number {
  const e = new E();
  let k = 0;
  let j = 0;
  const h = e.addHandler(() => {
    k++;
    for (; j < trace.n && trace.index[j] === k; j++) e.post(trace.time[j]!, h, 0, 0, trace.priority[j]!);
  });
  for (; j < trace.n && trace.index[j] === 0; j++) e.post(trace.time[j]!, h, 0, 0, trace.priority[j]!);
  const c0 = process.cpuUsage();
  e.run({ until: end });
  const c = process.cpuUsage(c0);
  if (k !== events) throw new Error(`the replay ran ${k} events, the run ${events}`);
  return (c.user + c.system) / 1e6;
}
const Peer = peerTree === undefined ? null : ((await import(pathToFileURL(resolve(peerTree, 'src/sim/engine/engine.ts')).href)) as { Engine: new () => ReplayEngine }).Engine;
const rounds = Number(roundsArg);
let best = Infinity;
let bestPeer = Infinity;
const ratios: number[] = [];
for (let rep = 0; rep < rounds; rep++) {
  // alternate which goes first
  const peer = Peer !== null && rep % 2 === 1 ? replay(Peer) : NaN;
  const mine = replay(Engine as unknown as new () => ReplayEngine);
  best = Math.min(best, mine);
  if (Peer !== null) {
    const p = rep % 2 === 1 ? peer : replay(Peer);
    bestPeer = Math.min(bestPeer, p);
    ratios.push(p / mine);
  }
}
ratios.sort((p, q) => p - q);

const per = (x: number): number => +(x / hops).toFixed(3);
console.log(
  JSON.stringify({
    cc,
    hotspots,
    windowMs: [warm * 1e3, end * 1e3],
    packetHops: hops,
    postedPerHop: Object.fromEntries(KINDS.map((name, i) => [name, per(posted[i]!)])),
    groupsOpenedPerHop: Object.fromEntries(KINDS.map((name, i) => [name, per(opened[i]!)])),
    eventsPerHop: per(posted.reduce((s, x) => s + x, 0)),
    groupsPerHop: per(opened.reduce((s, x) => s + x, 0)),
    livePacketsAtEnd: inner.pool.live,
    calendarReplayNsPerHop: Math.round((best / hopsFromZero) * 1e9),
    calendarReplayNsPerEvent: Math.round((best / events) * 1e9),
    ...(Peer === null
      ? {}
      : {
          peerReplayNsPerHop: Math.round((bestPeer / hopsFromZero) * 1e9),
          speedupOverPeer: { median: +ratios[ratios.length >> 1]!.toFixed(3), min: +ratios[0]!.toFixed(3), max: +ratios[ratios.length - 1]!.toFixed(3) },
        }),
  }),
);
