/**
 * What DRB costs the simulator: packet-hops per second of the same `drb` run (8×8 torus, perfect
 * shuffle, seed 1) with static routing and with DRB (multipath LIDs, per-packet path choice, an ACK
 * per delivered packet, path timers), at a load where DRB keeps one path most of the time and at
 * one where it opens several. The ratio is static's packet-hops/s over DRB's (1.30 = DRB costs 30 %
 * more per packet-hop). Best of three runs after a JIT warm-up, in this process.
 *
 *   npm run bench:drb
 */
import { drbFabric, parseDrbScenario } from '../src/sim/fabric/index.js';
import { machineLine } from './harness.js';

function rate(routing: 'static' | 'drb', load: number, until: number): { hopsPerSecond: number; hops: number; events: number } {
  const params = parseDrbScenario({ routing, load, cc: 'none' });
  drbFabric(params).run(until / 10); // JIT warm-up
  let best = { hopsPerSecond: 0, hops: 0, events: 0 };
  for (let i = 0; i < 3; i++) {
    const fabric = drbFabric(params);
    const t0 = process.hrtime.bigint();
    fabric.run(until);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const m = fabric.measurements();
    if (m.packetHops / seconds > best.hopsPerSecond) best = { hopsPerSecond: m.packetHops / seconds, hops: m.packetHops, events: m.events };
  }
  return best;
}

console.log(`# DRB cost benchmark — ${machineLine()}`);
console.log('| case | static packet-hops/s | DRB packet-hops/s | static events/hop | DRB events/hop | static/DRB |');
console.log('|---|---|---|---|---|---|');
for (const load of [400, 1000]) {
  const s = rate('static', load, 0.005);
  const d = rate('drb', load, 0.005);
  console.log(
    `| torus 8×8, perfect shuffle, ${load} Mb/s per node | ${(s.hopsPerSecond / 1e6).toFixed(2)} M | ${(d.hopsPerSecond / 1e6).toFixed(2)} M | ${(s.events / s.hops).toFixed(2)} | ${(d.events / d.hops).toFixed(2)} | ${(s.hopsPerSecond / d.hopsPerSecond).toFixed(2)} |`,
  );
}
