/**
 * What grows with k that a packet-hop touches (issue 32, session 18): bench:scale's case
 * (fabric-scale.ts: a k-ary fat-tree, fabric defaults, Poisson 2 KB packets at 50 % of the link to
 * a seeded random permutation) against controlled variants, each in its own child process, the
 * cases' order rotating from round to round so that a shared machine's load falls on all alike:
 *
 * - `k16`: k = 16, all 1,024 hosts sending (bench:scale's small case);
 * - `k32`: k = 32, all 8,192 hosts sending (bench:scale's large case);
 * - `k32-pods`: k = 32, only hosts 0–1,023 (pods 0–3) sending, to a permutation among themselves:
 *   k = 16's number of active hosts, flows and pending events in k = 32's fabric (its arrays, its
 *   1,280 switches), the active ports on a few pods' switches and the core;
 * - `k32-spread`: k = 32, every eighth host sending (two per edge switch), a permutation among them:
 *   as many active hosts, but their ports spread over every switch of the fabric.
 *
 * Per case: packet-hops per CPU-second of a window (CPU time, process.cpuUsage), ns per hop, events
 * per hop; at the window's end the pending events, the heap's groups and the wheel's groups and
 * buckets; the ports that transmitted in the window (busyTimes() before and after); and the
 * calendar's own share: the run's exact calendar traffic (every post's time and priority, in
 * order; from a second, instrumented run of the same seeded case) replayed on a bare Engine whose
 * handler only re-posts (gran-counts.ts's replay), its window timed — ns per event and per hop of
 * the calendar alone, with none of the fabric's records competing for the caches.
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-causes.ts [rounds] [warm-up µs] [window µs k16] [window µs k32] [cases]
 *     nice -n 19 npx tsx benchmarks/fabric-scale-causes.ts 2 50 1000 200 k16,k32,k32-pods,k32-spread
 *     nice -n 19 npx tsx benchmarks/fabric-scale-causes.ts 2 50 1000 200 k16,k32-spread --huge-pages
 *
 * `--huge-pages` runs the children as fabric-scale.ts does (transparent huge pages for glibc's large
 * blocks — the typed arrays — and node's code): it separates the page walks from the lines. A case
 * named with `+huge` (e.g. `k32-spread+huge`) runs so alone, alternating with the others in one run.
 *
 * The confined cases use k = 16's window (their packet-hops per µs are k = 16's).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { confinedFlows } from './derangement.js';

interface Result {
  readonly name: string;
  readonly active: number;
  readonly hops: number;
  readonly events: number;
  readonly cpuSeconds: number;
  readonly portsBusy: number;
  readonly pending: number;
  readonly heapGroups: number;
  readonly wheelGroups: number;
  readonly buckets: number;
  readonly replayCpuSeconds: number;
  readonly replayEvents: number;
}

interface EngineLike {
  readonly eventsProcessed: number;
  readonly calendarSize: number;
  addHandler(h: () => void): number;
  post(time: number, handler: number, a: number, b: number, priority?: number): void;
  run(o: { until: number }): unknown;
}

/** Child: one case; prints one JSON line. */
async function child(name: string, warmUs: number, windowUs: number): Promise<void> {
  const N = await import(pathToFileURL(resolve('src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve('src/sim/fabric/index.ts')).href);
  const E = await import(pathToFileURL(resolve('src/sim/engine/engine.ts')).href);
  const k = name === 'k16' ? 16 : 32;
  const topology = N.fatTreeTopology(k);
  const hosts: { name: string }[] = topology.hosts;
  const flows = confinedFlows(hosts, name === 'k32-pods' ? 'pods' : name === 'k32-spread' ? 'spread' : 'all');
  const build = (): { run(u: number, w?: number): void; measurements(): { packetHops: number; events: number }; busyTimes(): Map<string, { counted: number }>; engine: EngineLike } =>
    F.buildFabric({ topology, seed: 1, flows });
  const warm = warmUs * 1e-6;
  const end = warm + windowUs * 1e-6;

  // 1. the timed window
  const fabric = build();
  fabric.run(warm, warm);
  const events0 = fabric.measurements().events;
  const busy0 = fabric.busyTimes();
  const c0 = process.cpuUsage();
  fabric.run(end);
  const c = process.cpuUsage(c0);
  const m = fabric.measurements();
  let portsBusy = 0;
  for (const [port, b] of fabric.busyTimes()) if (b.counted > (busy0.get(port)?.counted ?? 0)) portsBusy++;
  const cal = fabric.engine as unknown as { pending: number; n: number; wheelGroups: number; buckets: number };

  // 2. the calendar's traffic of the same run, recorded from a second, instrumented run
  const proto = E.Engine.prototype as EngineLike;
  const post = proto.post;
  let n = 0;
  let index = new Int32Array(1 << 20);
  let time = new Float64Array(1 << 20);
  let prio = new Float64Array(1 << 20);
  proto.post = function (this: EngineLike, t: number, h: number, a: number, b: number, p = 0): void {
    if (n === index.length) {
      const i2 = new Int32Array(2 * n);
      i2.set(index);
      index = i2;
      const t2 = new Float64Array(2 * n);
      t2.set(time);
      time = t2;
      const p2 = new Float64Array(2 * n);
      p2.set(prio);
      prio = p2;
    }
    index[n] = this.eventsProcessed;
    time[n] = t;
    prio[n++] = p;
    post.call(this, t, h, a, b, p);
  };
  const again = build();
  again.run(warm, warm);
  const eventsAtWarm = again.engine.eventsProcessed;
  again.run(end);
  const eventsAtEnd = again.engine.eventsProcessed;
  proto.post = post;
  if (again.measurements().packetHops !== m.packetHops) throw new Error('the instrumented run differs from the timed one');

  // 3. the replay: to the window's start untimed, then the window timed
  const e = new E.Engine() as EngineLike;
  let done = 0;
  let j = 0;
  const h = e.addHandler(() => {
    done++;
    for (; j < n && index[j] === done; j++) e.post(time[j]!, h, 0, 0, prio[j]!);
  });
  for (; j < n && index[j] === 0; j++) e.post(time[j]!, h, 0, 0, prio[j]!);
  // the fabric's window starts after the event that resets the statistics at `warm`; the replay's at `warm` too
  e.run({ until: warm });
  const r0 = process.cpuUsage();
  const d0 = done;
  e.run({ until: end });
  const r = process.cpuUsage(r0);
  if (done !== eventsAtEnd) throw new Error(`the replay ran ${done} events, the run ${eventsAtEnd}`);
  void eventsAtWarm;
  const result: Result = {
    name,
    active: flows.length,
    hops: m.packetHops,
    events: m.events - events0,
    cpuSeconds: (c.user + c.system) / 1e6,
    portsBusy,
    pending: cal.pending,
    heapGroups: cal.n,
    wheelGroups: cal.wheelGroups,
    buckets: cal.buckets,
    replayCpuSeconds: (r.user + r.system) / 1e6,
    replayEvents: done - d0,
  };
  console.log(JSON.stringify(result));
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(args[1]!, Number(args[2]), Number(args[3]));
} else {
  const huge = args.includes('--huge-pages');
  const [roundsArg = '2', warmArg = '50', w16 = '1000', w32 = '200', casesArg = 'k16,k32,k32-pods,k32-spread'] = args.filter((a) => a !== '--huge-pages');
  // as fabric-scale.ts --huge-pages: glibc's large blocks (the typed arrays) and node's code on transparent huge pages
  const childEnv = huge ? { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' } : process.env;
  const childFlags = huge ? ['--use-largepages=on'] : [];
  const cases = casesArg.split(',');
  const script = fileURLToPath(import.meta.url);
  const here = resolve(script, '../..');
  console.log(`# fabric scale causes — ${machineLine()}; warm-up ${warmArg} µs; windows k16 and confined ${w16} µs, k32 ${w32} µs${huge ? '; --huge-pages' : ''}`);
  console.log('| round | case | active hosts | ports busy | pending events | heap groups | wheel groups / buckets | events/hop | packet-hops | M hops/CPU-s | ns/hop | calendar replay ns/event | replay ns/hop | rest ns/hop | load |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  const rates = new Map<string, number[]>();
  for (let round = 1; round <= Number(roundsArg); round++) {
    const shift = (round - 1) % cases.length;
    const order = [...cases.slice(shift), ...cases.slice(0, shift)];
    for (const name of order) {
      // a case named NAME+huge runs NAME with huge pages (as --huge-pages), so both kinds alternate in one run
      const hugeCase = name.endsWith('+huge');
      const base = hugeCase ? name.slice(0, -5) : name;
      const windowUs = base === 'k32' ? w32 : w16;
      const flags = hugeCase ? ['--use-largepages=on'] : childFlags;
      const out = execFileSync(process.execPath, [...flags, '--import', 'tsx', script, '--child', base, warmArg, windowUs], {
        cwd: here,
        env: hugeCase ? { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' } : childEnv,
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      });
      const x = { ...(JSON.parse(out.trim().split('\n').pop()!) as Result), name };
      const ns = (x.cpuSeconds / x.hops) * 1e9;
      const replayNsHop = (x.replayCpuSeconds / x.hops) * 1e9;
      const rate = x.hops / x.cpuSeconds / 1e6;
      rates.set(name, [...(rates.get(name) ?? []), rate]);
      console.log(
        `| ${round} | ${name} | ${x.active} | ${x.portsBusy} | ${x.pending} | ${x.heapGroups} | ${x.wheelGroups} / ${x.buckets} | ${(x.events / x.hops).toFixed(3)} | ${x.hops} | ${rate.toFixed(3)} | ${ns.toFixed(0)} | ${((x.replayCpuSeconds / x.replayEvents) * 1e9).toFixed(0)} | ${replayNsHop.toFixed(0)} | ${(ns - replayNsHop).toFixed(0)} | ${loadavg()[0]!.toFixed(1)} |`,
      );
    }
  }
  const median = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1]!;
  const base = rates.get('k16');
  for (const [name, r] of rates) console.log(`median ${name}: ${median(r).toFixed(3)} M hops/CPU-s${base ? `, ${(median(r) / median(base)).toFixed(3)} × k16` : ''}`);
}
