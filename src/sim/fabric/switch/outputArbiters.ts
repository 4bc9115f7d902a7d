/**
 * The output ports' VL arbiters ({@link OutputArbiter}): the admission module's {@link VlArbiter}
 * behind the fabric's interface, and the same choice made without it for the tables most fabrics
 * run — the default (every VL once in the low table with weight 1) and any table of weights 0 and 1
 * with no high-priority entry of weight > 0. There the VlArbiter is a plain round robin over the
 * low table's entries (shown below), so {@link RoundRobinArbiter} keeps one integer per port
 * and one table shared by every port with the same tables, where each VlArbiter holds four tables
 * of 64 entries and its counters (issue 32: at k = 32, 49,152 ports, its `pick` took 15 % of the run
 * with one VL in use, its objects a large part of the build and the memory).
 *
 * Why the two choose alike (IBA vol. 1 §7.6.9 as arbiter.ts reads it): an entry of weight 1 is
 * charged ⌈b / 64⌉ ≥ 1 units for a packet of b > 0 bytes, so after every packet its remaining
 * weight is ≤ 0 and the table moves on at the next opportunity to the next entry (cyclically, from
 * the entry after the last one served; from the first at the start) of weight > 0 whose VL has a
 * packet ready. A high table whose entries all weigh 0 never offers a VL, so the low table always
 * decides and LimitOfHighPriority never matters. test/sim/fabric/outputArbiters.test.ts checks the
 * two against each other on random tables and ready masks.
 */
import { VlArbiter, type VlArbiterConfig } from '../../../admission/index.js';
import type { OutputArbiter } from '../plugins.js';
import type { Links } from '../link/links.js';

/** The admission module's {@link VlArbiter} behind the fabric's {@link OutputArbiter}. */
export class TableArbiter implements OutputArbiter {
  private ready = 0;
  private bytes: Float64Array = new Float64Array(0);
  private readonly arbiter: VlArbiter;
  private readonly head = (vl: number): number => ((this.ready >> vl) & 1 ? this.bytes[vl]! : 0);

  constructor(config: VlArbiterConfig) {
    this.arbiter = new VlArbiter(config);
  }

  pick(readyMask: number, headBytes: Float64Array): number {
    this.ready = readyMask;
    this.bytes = headBytes;
    const vl = this.arbiter.select(this.head);
    if (vl >= 0) this.arbiter.sent(vl, headBytes[vl]!);
    return vl;
  }
}

/**
 * A VL arbiter whose tables are a round robin (see the file header): the low table's entries of
 * weight 1 in order, shared by every port with those tables, and the position of the entry served last.
 */
export class RoundRobinArbiter implements OutputArbiter {
  /** The entry served last (−1: none yet). */
  private last = -1;
  /** The low table's VLs of weight 1 in order (shared; {@link roundRobinTable} reads it). */
  readonly entries: Uint8Array;

  /** `entries`: the VL of each low-table entry of weight 1, in table order (not copied; never changed). */
  constructor(entries: Uint8Array) {
    this.entries = entries;
  }

  pick(readyMask: number, headBytes: Float64Array): number {
    const entries = this.entries;
    const n = entries.length;
    let e = this.last;
    for (let k = 0; k < n; k++) {
      e = e + 1 === n ? 0 : e + 1;
      const vl = entries[e]!;
      if ((readyMask >> vl) & 1 && headBytes[vl]! > 0) {
        this.last = e;
        return vl;
      }
    }
    return -1;
  }
}

/**
 * The one round-robin table of every switch port (ports 0 … switchPorts − 1 of `arbiters`) when each
 * has a {@link RoundRobinArbiter} over the same shared table (the default tables), else null. The
 * crossbar then keeps each port's position in the port's record (Links.vlLast; issue 32: an arbiter object per
 * port was a cache miss or two per packet-hop at k = 32; session 25: an array of its own one more) and chooses
 * exactly as the arbiter would.
 */
export function roundRobinTable(arbiters: readonly OutputArbiter[], switchPorts: number): Uint8Array | null {
  return roundRobinTableOf(arbiters, 0, switchPorts);
}

/**
 * The one round-robin table of ports from … end − 1 of `arbiters` (from < end) when each has a {@link RoundRobinArbiter}
 * over the same shared table, else null ({@link roundRobinTable}'s test; the host ports' too, session 25).
 */
export function roundRobinTableOf(arbiters: readonly OutputArbiter[], from: number, end: number): Uint8Array | null {
  const first = arbiters[from];
  if (!(first instanceof RoundRobinArbiter)) return null;
  for (let g = from + 1; g < end; g++) {
    const a = arbiters[g];
    if (!(a instanceof RoundRobinArbiter) || a.entries !== first.entries) return null;
  }
  return first.entries;
}

/**
 * RoundRobinArbiter.pick for port g on the shared `table`, its last entry kept in the port's record
 * (Links.vlLast): the next entry after it whose VL is ready and has bytes of candidates, or −1. The
 * crossbar's switch ports and the host adapter's host ports both choose with it.
 */
export function pickOnSharedTable(links: Links, g: number, ready: number, table: Uint8Array, bytes: Float64Array): number {
  const n = table.length;
  let e = links.vlLast(g);
  for (let k = 0; k < n; k++) {
    e = e + 1 === n ? 0 : e + 1;
    const vl = table[e]!;
    if ((ready >> vl) & 1 && bytes[vl]! > 0) {
      links.setVlLast(g, e);
      return vl;
    }
  }
  return -1;
}

/**
 * The low table's VLs of weight 1 in order when `config` arbitrates as a round robin (no high entry
 * of weight > 0, no low entry of weight > 1), else null. `config` is a valid table (checked first).
 */
export function roundRobinEntries(config: VlArbiterConfig): Uint8Array | null {
  if (config.high.some((e) => e.weight > 0) || config.low.some((e) => e.weight > 1)) return null;
  return Uint8Array.from(config.low.filter((e) => e.weight === 1).map((e) => e.vl));
}

/**
 * A factory of output arbiters for {@link compilePortArbiters} (qos.ts): each distinct tables
 * object is checked once (the {@link VlArbiter} constructor throws on bad tables, as before), then
 * every port given it gets a {@link RoundRobinArbiter} over one shared table when the tables are a
 * round robin, else its own {@link TableArbiter}.
 */
export function outputArbiterFactory(): (config: VlArbiterConfig) => OutputArbiter {
  const known = new Map<VlArbiterConfig, Uint8Array | null>();
  return (config) => {
    let entries = known.get(config);
    if (entries === undefined) {
      new VlArbiter(config); // throws InvalidParameterError naming config.… on bad tables
      entries = roundRobinEntries(config);
      known.set(config, entries);
    }
    return entries === null ? new TableArbiter(config) : new RoundRobinArbiter(entries);
  };
}
