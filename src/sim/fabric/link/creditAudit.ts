/**
 * The credit ledger of a running fabric: for every link direction into a switch and every VL, the
 * sender's credits, the blocks on the wire, the blocks held in the downstream input buffer and the
 * credits travelling back must add up to the buffer. With a shared input buffer
 * (`inputBufferSharing: 'shared'`) the VLs of a port draw on one pool: one row per link direction,
 * VL −1, its figures summed over the VLs against the pool.
 */
import type { CreditAudit } from '../measure/measurements.js';
import type { Links } from './links.js';
import { wireLedger } from './wireLedger.js';

/** The ledger rows; `buffered(q)` = blocks held by input VL buffer q (= port·V + VL); `portNames` by global port. */
export function creditAudit(links: Links, V: number, portNames: readonly string[], buffered: (q: number) => number): CreditAudit[] {
  const rows: CreditAudit[] = [];
  const wire = wireLedger(links);
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
