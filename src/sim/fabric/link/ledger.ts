/**
 * The credit ledger's two counters of every link direction and VL that only the credit audit reads
 * (creditAudit.ts): blocks on the wire, and credits travelling back to the sender. Every packet-hop
 * changes each twice; kept in the port's record (links.ts), the arrival's change alone read the
 * sender's record, a line on another page that the arrival needs for nothing else (issue 32,
 * session 14). The changes are noted in a small table in order (8 bytes each, on a few pages) and
 * added to the counters when the table is full or before a read; integer sums, so the counters are
 * exact whatever the order.
 */

/** Changes noted before they are added (8 bytes each, 64 KB). */
const LOG = 8192;

/** Blocks in flight and credits returning, per port-VL pv (= g·V + v). */
export class CreditLedger {
  /** pv's blocks on the wire at 2pv, its credits travelling back at 2pv + 1. */
  private readonly counts: Int32Array;
  /** The changes not yet added: counter index at 2k, change at 2k + 1. */
  private readonly log = new Int32Array(2 * LOG);
  private logged = 0;

  constructor(portVls: number) {
    this.counts = new Int32Array(2 * portVls);
  }

  /** Port-VL pv's blocks on the wire change by `blocks`. */
  wire(pv: number, blocks: number): void {
    this.note(2 * pv, blocks);
  }

  /** Port-VL pv's credits travelling back change by `blocks`. */
  returning(pv: number, blocks: number): void {
    this.note(2 * pv + 1, blocks);
  }

  /** Blocks of port-VL pv on the wire now. */
  inFlight(pv: number): number {
    this.fold();
    return this.counts[2 * pv]!;
  }

  /** Credits of port-VL pv travelling back now. */
  creditsReturning(pv: number): number {
    this.fold();
    return this.counts[2 * pv + 1]!;
  }

  private note(i: number, delta: number): void {
    const k = this.logged;
    this.log[2 * k] = i;
    this.log[2 * k + 1] = delta;
    this.logged = k + 1;
    if (k + 1 === LOG) this.fold();
  }

  private fold(): void {
    const n = this.logged;
    const log = this.log;
    const counts = this.counts;
    for (let k = 0; k < n; k++) counts[log[2 * k]!]! += log[2 * k + 1]!;
    this.logged = 0;
  }
}
