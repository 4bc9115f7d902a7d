/**
 * What DRB costs the simulator: packet-hops per second of CPU time (process.cpuUsage, so waiting
 * for a core on a shared machine does not count) of the same `drb` run (8×8 torus, perfect shuffle,
 * seed 1) with static routing — without CC, and with the seed's IB CC (which marks packets and
 * acknowledges every one, as DRB does) — and with DRB (multipath LIDs on five VLs, per-packet path
 * choice, marking, an ACK per delivered packet, path timers). At 400 Mb/s per node DRB keeps one
 * path; at 1000 it opens several. Ratios are the static run's packet-hops/s over DRB's (1.30 = DRB
 * costs 30 % more CPU per packet-hop). Best of five runs per case after a JIT warm-up of all, the
 * cases alternating so that a busy spell of a shared machine slows all of them.
 *
 *   npm run bench:drb
 */
import { drbFabric, parseDrbScenario } from '../src/sim/fabric/index.js';
import { machineLine } from './harness.js';

type Best = { hopsPerSecond: number; hops: number; events: number };
const CASES = [
  { label: 'static, no CC', routing: 'static', cc: 'none' },
  { label: 'static, IB CC (seed)', routing: 'static', cc: 'ibcc-drb-paper' },
  { label: 'DRB', routing: 'drb', cc: 'none' },
] as const;

function once(c: (typeof CASES)[number], load: number, until: number, best: Best): Best {
  const fabric = drbFabric(parseDrbScenario({ routing: c.routing, cc: c.cc, load }));
  const t0 = process.cpuUsage();
  fabric.run(until);
  const used = process.cpuUsage(t0);
  const seconds = (used.user + used.system) / 1e6;
  const m = fabric.measurements();
  return m.packetHops / seconds > best.hopsPerSecond ? { hopsPerSecond: m.packetHops / seconds, hops: m.packetHops, events: m.events } : best;
}

function measure(load: number, until: number, rounds: number): Best[] {
  const best: Best[] = CASES.map(() => ({ hopsPerSecond: 0, hops: 0, events: 0 }));
  for (let i = 0; i < rounds; i++) CASES.forEach((c, k) => (best[k] = once(c, load, until, best[k]!)));
  return best;
}

console.log(`# DRB cost benchmark — ${machineLine()}`);
console.log(`| case | ${CASES.map((c) => `${c.label} (M hops/s CPU)`).join(' | ')} | events/hop (${CASES.map((c) => c.label).join(', ')}) | no CC / DRB | IB CC / DRB |`);
console.log(`|---|${CASES.map(() => '---|').join('')}---|---|---|`);
measure(400, 0.0005, 1); // JIT warm-up of every path
for (const load of [400, 1000]) {
  const b = measure(load, 0.003, 5);
  console.log(
    `| torus 8×8, perfect shuffle, ${load} Mb/s per node | ${b.map((x) => (x.hopsPerSecond / 1e6).toFixed(2)).join(' | ')} | ${b.map((x) => (x.events / x.hops).toFixed(2)).join(', ')} | ${(b[0]!.hopsPerSecond / b[2]!.hopsPerSecond).toFixed(2)} | ${(b[1]!.hopsPerSecond / b[2]!.hopsPerSecond).toFixed(2)} |`,
  );
}
