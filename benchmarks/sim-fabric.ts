/**
 * Packet-hops per second of the switch-hardware fabric (src/sim/fabric) on one core:
 *
 * - congestion-spreading (thesis Fig. 3.1) in its former set-up (`CONGESTION_SPREADING_FORMER_SET_UP`,
 *   the defaults these figures were first measured with, so they stay comparable) without rate
 *   control, with FIMD and with IB CC;
 * - a 128-host k = 8 fat-tree (80 switches of 8 ports, one VL of 8 KB per input) under uniform
 *   traffic: every host sends Poisson traffic at 50 % or 70 % of its link rate to uniformly chosen
 *   other hosts (2 KB packets; 256-packet send queues).
 *
 * A packet-hop is one packet sent on one link (the host's own link included). Each case runs a few
 * times in this process after a short JIT warm-up; the best run is reported with the events per
 * packet-hop and the heap growth during the run (a per-packet path that allocates shows here).
 *
 *   npm run bench:fabric
 */
import { Engine } from '../src/sim/engine/index.js';
import { fatTreeTopology } from '../src/network/index.js';
import { buildFabric, type Fabric, type FabricOptions } from '../src/sim/fabric/index.js';
import { CONGESTION_SPREADING_FORMER_SET_UP, congestionSpreadingFabric, parseCongestionSpreading } from '../src/studies/index.js';
import { machineLine } from './harness.js';

interface Case {
  readonly name: string;
  readonly build: () => Fabric;
  readonly until: number;
}

const R = 2.5e9 / 8 / 2048;
function fatTree(load: number): FabricOptions {
  const topology = fatTreeTopology(8);
  return {
    topology,
    vls: 1,
    flows: topology.hosts.map((h) => ({
      name: h.name,
      source: h.name,
      destination: 'uniform',
      traffic: { kind: 'poisson' as const, rate: load * R },
      sendQueuePackets: 256,
    })),
  };
}

const spreading = (rateControl: string): Fabric =>
  congestionSpreadingFabric(parseCongestionSpreading({ rateControl, ...CONGESTION_SPREADING_FORMER_SET_UP }));

const CASES: readonly Case[] = [
  { name: 'congestion-spreading, none', build: () => spreading('none'), until: 0.5 },
  { name: 'congestion-spreading, fimd', build: () => spreading('fimd'), until: 0.5 },
  { name: 'congestion-spreading, ibcc', build: () => spreading('ibcc'), until: 0.5 },
  { name: 'fat-tree k=8 (128 hosts), uniform 50 %', build: () => buildFabric(fatTree(0.5)), until: 0.02 },
  { name: 'fat-tree k=8 (128 hosts), uniform 70 %', build: () => buildFabric(fatTree(0.7)), until: 0.02 },
];

function runOnce(c: Case, until: number): { seconds: number; hops: number; events: number; heapMiB: number } {
  const fabric = c.build();
  (globalThis as { gc?: () => void }).gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = process.hrtime.bigint();
  fabric.run(until);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const heapMiB = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
  const m = fabric.measurements();
  return { seconds, hops: m.packetHops, events: m.events, heapMiB };
}

console.log(`# fabric benchmark — ${machineLine()}`);
console.log('| case | simulated (ms) | packet-hops | events/hop | wall (s) | packet-hops/s | heap growth (MiB) |');
console.log('|---|---|---|---|---|---|---|');
for (const c of CASES) {
  runOnce(c, c.until / 10); // JIT warm-up
  let best: ReturnType<typeof runOnce> | undefined;
  for (let i = 0; i < 3; i++) {
    const r = runOnce(c, c.until);
    if (best === undefined || r.seconds < best.seconds) best = r;
  }
  const b = best!;
  console.log(
    `| ${c.name} | ${(c.until * 1e3).toFixed(0)} | ${b.hops} | ${(b.events / b.hops).toFixed(2)} | ${b.seconds.toFixed(3)} | ${(b.hops / b.seconds / 1e6).toFixed(2)} M | ${b.heapMiB.toFixed(1)} |`,
  );
}

// The event calendar alone: a hold model (pop one event, schedule one at now + Exp(1)) with N events
// pending, on the core engine with allocation-free handler events (what the fabric posts) and with
// closure events (an object and a closure per event).
console.log('');
console.log('| calendar, hold model | pending events | events | wall (s) | events/s | heap growth (MiB) |');
console.log('|---|---|---|---|---|---|');
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) + 0.5) / 4294967296;
}
for (const pending of [100, 10_000]) {
  const events = 2_000_000;
  for (const kind of ['handler', 'closure'] as const) {
    let best = Infinity;
    let heap = 0;
    for (let rep = 0; rep < 3; rep++) {
      const u = lcg(7);
      (globalThis as { gc?: () => void }).gc?.();
      const heap0 = process.memoryUsage().heapUsed;
      const t0 = process.hrtime.bigint();
      if (kind === 'handler') {
        const engine = new Engine();
        let done = 0;
        const h = engine.addHandler((a, _b, e) => {
          if (++done < events) e.post(e.now - Math.log(u()), h, a, 0);
        });
        for (let i = 0; i < pending; i++) engine.post(-Math.log(u()), h, i, 0);
        engine.run({ maxEvents: events });
      } else {
        const engine = new Engine();
        let done = 0;
        const hold = (): void => {
          if (++done < events) engine.schedule(-Math.log(u()), hold);
        };
        for (let i = 0; i < pending; i++) engine.schedule(-Math.log(u()), hold);
        engine.run({ maxEvents: events });
      }
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      if (seconds < best) {
        best = seconds;
        heap = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
      }
    }
    console.log(`| ${kind === 'handler' ? 'core Engine, handler events (post)' : 'core Engine, closure events (schedule)'} | ${pending} | ${events} | ${best.toFixed(3)} | ${(events / best / 1e6).toFixed(2)} M | ${heap.toFixed(1)} |`);
  }
}
