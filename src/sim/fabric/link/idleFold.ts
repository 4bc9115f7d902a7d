/** The condition under which credit returns fold into ends of transmission ({@link Links.enableIdleFold}). */
import type { CompiledFabric } from '../compiled.js';
import type { Links } from './links.js';

/**
 * Whether every credit return (its delay: the link's, from the port that frees the blocks) arrives
 * strictly before any packet sent at the same moment reaches a switch (the link's delay plus the
 * switch latency): the condition of {@link Links.enableIdleFold}.
 */
export function creditsBeatArrivals(c: CompiledFabric, links: Links): boolean {
  let slowestCredit = -Infinity;
  let fastestArrival = Infinity;
  for (let g = 0; g < c.peer.length; g++) {
    const peer = c.peer[g]!;
    if (peer < 0) continue;
    if (c.delay[g]! > slowestCredit) slowestCredit = c.delay[g]!;
    if (links.portSwitch[peer]! >= 0 && c.delay[g]! + c.switchLatency < fastestArrival) fastestArrival = c.delay[g]! + c.switchLatency;
  }
  return slowestCredit < fastestArrival;
}
