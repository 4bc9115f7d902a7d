/**
 * Where main's timing wheel puts a new group in its bucket (session 26, eighteenth pass): bench:scale at k = 32,
 * counted over 50–60 µs, per packet-hop — opens, into an empty bucket, before the first group, after the last, between
 * two, groups passed. Wraps TimingWheel.wheelOpen and reads its private fields (main's layout: groupHeap.ts's slot
 * record, SLOT_F 6, SLOT_I 12, I_GNEXT 10; instrumentation only).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-scale-wheel-puts.ts [TREE]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scaleFlows } from './derangement.js';
const tree = process.argv[2] ?? '.';
const N = await import(pathToFileURL(resolve(tree, 'src/network/index.ts')).href);
const F = await import(pathToFileURL(resolve(tree, 'src/sim/fabric/index.ts')).href);
const W = await import(pathToFileURL(resolve(tree, 'src/sim/engine/timingWheel.ts')).href);
const proto = W.TimingWheel.prototype as any;
const orig = proto.wheelOpen;
let on = false;
const c = { opens: 0, empty: 0, first: 0, last: 0, middle: 0, walked: 0 };
proto.wheelOpen = function (slot: number, seq: number, b: number) {
  if (on) {
    c.opens++;
    const time = this.key[0], prio = this.key[1];
    let g = this.bHead[b];
    if (g < 0) c.empty++;
    else {
      let steps = 0;
      while (g >= 0) {
        const gt = this.slotF[g * 6], gp = this.slotF[g * 6 + 1];
        if (gt > time || (gt === time && gp > prio)) break;
        g = this.slotI[g * 12 + 10];
        steps++;
      }
      if (steps === 0) c.first++; else if (g < 0) c.last++; else c.middle++;
      c.walked += steps;
    }
  }
  return orig.call(this, slot, seq, b);
};
const topology = N.fatTreeTopology(32);
const fabric = F.buildFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
fabric.run(50e-6);
const h0 = fabric.measurements().packetHops;
on = true;
fabric.run(60e-6);
on = false;
const hops = fabric.measurements().packetHops - h0;
const per = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, +(v / hops).toFixed(3)]));
console.log(JSON.stringify({ hops, perHop: per }));
