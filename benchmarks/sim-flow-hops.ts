/**
 * One flow's waiting hop by hop, the simulator's beside the fabric model's (lead, session 20): for a fixture case at one load
 * point and the named flows, the mean time from a packet's creation to the start of its transmission on the host's link
 * (hop 0), then at each switch the time from its entry into the input buffer (its header's arrival) to the start of its
 * transmission there, in µs, beside the model's `queueingPerHop`
 * (results/assemble.ts: hop 0 the host's send-queue wait, hop i the wait at the i-th switch's buffer, with the relocations
 * of iterate.ts, so only the sums compare exactly). Wraps HostAdapters.send, FifoInputQueues.push and Crossbar.startTx (each hook
 * runs before the method); src/sim is not changed. A measuring aid, not a score.
 *
 *     nice -n 19 npx tsx benchmarks/sim-flow-hops.ts torus8x8-transpose-2sl 70% h4_5-sl0,h2_3-sl0 [--reps 2] [--packets 20000] [--seed 1] [--buffer-bytes 131072]
 */
import { buildFabric, RandomStreams } from '../src/index.js';
import { Crossbar } from '../src/sim/fabric/switch/crossbar.js';
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { HostAdapters } from '../src/sim/fabric/host/hostAdapter.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveFabric } from '../src/model/index.js';
import { simCaseParams } from './sim-case-params.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && ['--reps', '--packets', '--seed', '--buffer-bytes'].includes(args[i - 1]!)));
const [name, label = '90%', flowList = ''] = positional;
if (name === undefined || flowList === '') throw new Error('usage: sim-flow-hops.ts CASE LABEL FLOW[,FLOW…] [--reps N] [--packets N]');
const reps = Number(opt('--reps', '2'));
const packets = Number(opt('--packets', '20000'));
/** `--seed S` (H40fifo): the random streams' seed (default 1); `--buffer-bytes N`: every input buffer resized, simulator and model. */
const seed = Number(opt('--seed', '1'));
const { params, pps } = simCaseParams(name, label, Number(opt('--buffer-bytes', '0')));
const flowNames: string[] = params.flows.map((f: { name: string }) => f.name);
const wanted = new Map<number, string>();
for (const n of flowList.split(',')) {
  const i = flowNames.indexOf(n);
  if (i < 0) throw new Error(`sim-flow-hops.ts: flow ${n} is not in ${name}`);
  wanted.set(i, n);
}

let clock: () => number = () => 0;
let measuring = false;
/** Per packet in flight: its flow, its hop count so far, its entry into the current buffer. */
const flowOf = new Map<number, number>();
const hopOf = new Map<number, number>();
const entry = new Map<number, number>();
/** Per flow: per hop [n, Σ time (s)]. */
const sums = new Map<number, number[][]>();
const add = (f: number, hop: number, t: number) => {
  const a = sums.get(f) ?? [];
  while (a.length <= hop) a.push([0, 0]);
  a[hop]![0]! += 1;
  a[hop]![1]! += t;
  sums.set(f, a);
};

/** Runs `before` with the instance and the arguments ahead of each call of method `name` of `proto` (this process only). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function before(proto: any, name: string, hook: (self: any, args: number[]) => void): void {
  const method = proto[name];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  proto[name] = function (this: any, ...args: number[]) {
    hook(this, args);
    return method.apply(this, args);
  };
}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let fifoInst: any = null;
before(HostAdapters.prototype, 'send', (self, [, , , , p, now]) => {
  const fl = self.pool.flow(p!);
  if (measuring && wanted.has(fl)) {
    add(fl, 0, now! - self.pool.created(p!));
    flowOf.set(p!, fl);
    hopOf.set(p!, 0);
  } else flowOf.delete(p!);
});
before(FifoInputQueues.prototype, 'push', (self, [, p]) => {
  fifoInst = self;
  if (flowOf.has(p!)) entry.set(p!, clock());
});
before(Crossbar.prototype, 'startTx', (_self, [, q]) => {
  if (fifoInst === null) return;
  const p = fifoInst.headOf(q!);
  const fl = flowOf.get(p);
  const t0 = entry.get(p);
  if (fl === undefined || t0 === undefined) return;
  const hop = hopOf.get(p)! + 1;
  hopOf.set(p, hop);
  entry.delete(p);
  add(fl, hop, clock() - t0);
});

const until = packets / pps;
for (let r = 0; r < reps; r++) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const f = buildFabric({ ...params, streams: new RandomStreams(seed), replication: r }) as any;
  clock = () => f.engine.now;
  // Packet numbers are reused: nothing of the previous replication (or of the warm-up) may follow a packet here.
  flowOf.clear();
  entry.clear();
  hopOf.clear();
  f.run(until / 5, until / 5);
  flowOf.clear();
  entry.clear();
  hopOf.clear();
  measuring = true;
  f.run(until / 5 + until, until / 5);
  measuring = false;
}

const x = (2048 * 8) / ((params.topology.links[0].rateGbps ?? 2.5) * 1e9);
const res = solveFabric(fabricModelNetwork(params));
console.log(`${name} ${label}: per flow and hop, µs (sim: ${reps} × ${packets} packets per flow, seed ${seed}; x = ${(x * 1e6).toFixed(3)} µs)`);
console.log('hop 0: the host send wait (creation → start on the host link); hop i ≥ 1: the header entering the i-th switch buffer → the start of its transmission there');
for (const [i, n] of wanted) {
  const a = sums.get(i) ?? [];
  const fr = res.flows.find((fl) => fl.name === n);
  const sim = a.map(([k, t]) => (k! > 0 ? ((t! / k!) * 1e6).toFixed(2) : '–'));
  const model = (fr?.queueingPerHop ?? []).map((t) => t.toFixed(2));
  console.log(`${n.padEnd(12)} sim   ${sim.join(' | ')}   (n ${a.map((v) => v[0]).join(',')})`);
  console.log(`${''.padEnd(12)} model ${model.join(' | ')}   latency ${fr?.latency.toFixed(2)} µs, fixed ${fr?.fixedLatency.toFixed(2)}`);
}
