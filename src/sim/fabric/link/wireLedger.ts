/**
 * What is between the link directions' ends at a moment, from the pending events (the credit audit's
 * and the event count's figures; split from links.ts in session 23, a pure move): the blocks on each
 * wire, the credits travelling back, and the credit returns folded into ends of transmission.
 */
import { EV_ARRIVE, EV_CREDIT, EVENT_ARG } from '../events.js';
import type { Links } from './links.js';

/**
 * Per port-VL g·V + v, the blocks on port g's wire and the credits travelling back to it (the credit
 * audit's), from the pending events (session 17: not counted per hop, where an arrival wrote the
 * sender's record, a line it reads nothing of): a pending arrival's packet is on the wire of its
 * port's peer, on its VL; a pending credit event's blocks travel back, and so do the folded ones.
 */
export function wireLedger(links: Links): { readonly inFlight: Int32Array; readonly returning: Int32Array } {
  const V = links.V;
  const G = links.peer.length;
  const wires = links.inputBufferRecords;
  const inFlight = new Int32Array(G * V);
  const returning = new Int32Array(G * V);
  const posts = links.engine.pendingPosts(links.h.event);
  for (let k = 0; k < posts.length; k += 2) {
    const x = posts[k]! & EVENT_ARG;
    const kind = posts[k]! - x;
    const b = posts[k + 1]!;
    if (kind === EV_ARRIVE) inFlight[wires.i32[x << wires.shift]! * V + links.pool.vl(b)]! += links.pool.blocks(b);
    else if (kind === EV_CREDIT) returning[x]! += b;
  }
  for (let g = 0; g < G; g++) for (let v = 0; v < V; v++) returning[g * V + v]! += links.foldedBlocks(g, v);
  return { inFlight, returning };
}

/** Credit returns folded (no engine event) that would have arrived before `now`: the events they saved. */
export function foldedEvents(links: Links, now: number): number {
  let n = links.foldedApplied;
  for (let g = 0; g < links.peer.length; g++) {
    const count = links.folds(g);
    for (let i = 0; i < count; i++) if (links.foldTime(g, i) < now) n++;
  }
  return n;
}
