/**
 * What DRB costs the simulator: packet-hops per second of CPU time (process.cpuUsage, so waiting
 * for a core on a shared machine does not count) of the same `drb` run (8×8 torus, perfect
 * shuffle, seed 1) with static routing and with DRB (multipath LIDs, per-packet path choice, an ACK
 * per delivered packet, path timers), at a load where DRB keeps one path most of the time and at
 * one where it opens several. The ratio is static's packet-hops/s over DRB's (1.30 = DRB costs 30 %
 * more per packet-hop). Best of five runs after a JIT warm-up of both, in this process;
 * the two alternate so that a busy spell of a shared machine slows both.
 *
 *   npm run bench:drb
 */
import { drbFabric, parseDrbScenario } from '../src/sim/fabric/index.js';
import { machineLine } from './harness.js';

type Best = { hopsPerSecond: number; hops: number; events: number };

function once(routing: 'static' | 'drb', load: number, until: number, best: Best): Best {
  const fabric = drbFabric(parseDrbScenario({ routing, load, cc: 'none' }));
  const t0 = process.cpuUsage();
  fabric.run(until);
  const used = process.cpuUsage(t0);
  const seconds = (used.user + used.system) / 1e6;
  const m = fabric.measurements();
  return m.packetHops / seconds > best.hopsPerSecond ? { hopsPerSecond: m.packetHops / seconds, hops: m.packetHops, events: m.events } : best;
}

/** Best of five for each routing, the two alternating (so a busy spell of the machine hits both). */
function pair(load: number, until: number): [Best, Best] {
  let s: Best = { hopsPerSecond: 0, hops: 0, events: 0 };
  let d = s;
  for (let i = 0; i < 5; i++) {
    s = once('static', load, until, s);
    d = once('drb', load, until, d);
  }
  return [s, d];
}

console.log(`# DRB cost benchmark — ${machineLine()}`);
console.log('| case | static packet-hops/s | DRB packet-hops/s | static events/hop | DRB events/hop | static/DRB |');
console.log('|---|---|---|---|---|---|');
pair(400, 0.0005); // JIT warm-up of both paths
for (const load of [400, 1000]) {
  const [s, d] = pair(load, 0.003);
  console.log(
    `| torus 8×8, perfect shuffle, ${load} Mb/s per node | ${(s.hopsPerSecond / 1e6).toFixed(2)} M | ${(d.hopsPerSecond / 1e6).toFixed(2)} M | ${(s.events / s.hops).toFixed(2)} | ${(d.events / d.hops).toFixed(2)} | ${(s.hopsPerSecond / d.hopsPerSecond).toFixed(2)} |`,
  );
}
