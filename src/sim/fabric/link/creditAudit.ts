/**
 * The credit ledger of a running fabric: for every link direction into a switch and every VL, the
 * sender's credits, the blocks on the wire, the blocks held in the downstream input buffer and the
 * credits travelling back must add up to the buffer. With a shared input buffer
 * (`inputBufferSharing: 'shared'`) the VLs of a port draw on one pool: one row per link direction,
 * VL −1, its figures summed over the VLs against the pool.
 */
import { EV_ARRIVE, EV_CREDIT, EVENT_ARG } from '../events.js';
import type { CreditAudit } from '../measure/measurements.js';
import type { PacketPool } from '../packets.js';
import type { Links } from './links.js';

/**
 * The ledger rows; `buffered(q)` = blocks held by input VL buffer q (= port·V + VL); `portNames` by
 * global port; `posts`: the pending events of the fabric's per-packet handler (Engine.pendingPosts).
 */
export function creditAudit(
  links: Links,
  V: number,
  portNames: readonly string[],
  buffered: (q: number) => number,
  posts: Int32Array,
  pool: PacketPool,
): CreditAudit[] {
  const rows: CreditAudit[] = [];
  const wire = wireLedger(links, V, posts, pool);
  for (let g = 0; g < links.peer.length; g++) {
    const peer = links.peer[g]!;
    if (peer < 0 || links.portSwitch[peer]! < 0) continue;
    const perVl = (v: number) => ({ inFlight: wire.inFlight[g * V + v]!, buffered: buffered(peer * V + v), creditsReturning: wire.returning[g * V + v]! });
    if (links.shared) {
      const row = { port: portNames[g]!, vl: -1, capacity: links.poolBlocks, credits: links.credits(g, 0), inFlight: 0, buffered: 0, creditsReturning: 0 };
      for (let v = 0; v < V; v++) {
        const x = perVl(v);
        row.inFlight += x.inFlight;
        row.buffered += x.buffered;
        row.creditsReturning += x.creditsReturning;
      }
      rows.push(row);
    } else {
      for (let v = 0; v < V; v++) rows.push({ port: portNames[g]!, vl: v, capacity: links.capBlocks, credits: links.credits(g, v), ...perVl(v) });
    }
  }
  return rows;
}

/**
 * Per port-VL g·V + v, the blocks on port g's wire and the credits travelling back to it, from the
 * pending events (session 17: not counted per hop, where an arrival wrote the sender's record, a
 * line it reads nothing of): a pending arrival's packet is on the wire of its port's peer, on its
 * VL; a pending credit event's blocks travel back, and so do the folded ones.
 */
function wireLedger(links: Links, V: number, posts: Int32Array, pool: PacketPool): { readonly inFlight: Int32Array; readonly returning: Int32Array } {
  const G = links.peer.length;
  const inFlight = new Int32Array(G * V);
  const returning = new Int32Array(G * V);
  for (let k = 0; k < posts.length; k += 2) {
    const x = posts[k]! & EVENT_ARG;
    const kind = posts[k]! - x;
    const b = posts[k + 1]!;
    if (kind === EV_ARRIVE) inFlight[links.peer[x]! * V + pool.vl(b)]! += pool.blocks(b);
    else if (kind === EV_CREDIT) returning[x]! += b;
  }
  for (let g = 0; g < G; g++) for (let v = 0; v < V; v++) returning[g * V + v]! += links.foldedBlocks(g, v);
  return { inFlight, returning };
}
