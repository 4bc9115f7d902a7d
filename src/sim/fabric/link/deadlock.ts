/**
 * Deadlock detection in the fabric. A watchdog (option `deadlockUs` of buildFabric) looks every
 * `deadlockUs` of simulated time at whether any packet started a transmission since its last look;
 * if none did while packets wait in switch buffers, the run stops with a {@link FabricDeadlockError}
 * naming a cycle of buffers, each waiting for credits of the next: the wait-for graph of the input VL
 * buffers (a buffer waits for the buffer its head packet must enter next) has out-degree ≤ 1, so a
 * walk from any waiting buffer ends in a cycle or at a buffer that does not wait.
 */
import { IbqosError } from '../../../core/errors.js';
import { NONE } from '../compiled.js';
import type { Links } from './links.js';
import type { PacketPool } from '../packets.js';
import { checkKind } from '../../../core/shapes.js';

/** Seconds as µs for a message, to 6 significant digits. */
const fmt = (seconds: number): string => String(Number((seconds * 1e6).toPrecision(6)));

/** The fabric stopped: no packet moved for the watchdog's period while packets waited in a cycle of buffers. */
export class FabricDeadlockError extends IbqosError {
  /** The buffers of the cycle, as "switch:port VLv", each waiting for the next (the last for the first). */
  readonly cycle: readonly string[];
  /** Simulated time (s) at which the watchdog stopped the run. */
  readonly time: number;

  constructor(cycle: readonly string[], time: number, stalledFor: number) {
    super(
      Array.isArray(cycle) && cycle.length > 0
        ? `fabric deadlock at t = ${fmt(time)} µs: no packet moved for ${fmt(stalledFor)} µs; cycle of buffers, each waiting for credits of the next: ${cycle.join(' → ')} → ${cycle[0]}`
        : `fabric stalled at t = ${fmt(time)} µs: no packet moved for ${fmt(stalledFor)} µs while packets wait, and no cycle of buffers was found`,
    );
    this.name = 'FabricDeadlockError';
    this.cycle = cycle;
    this.time = time;
  }
}

/**
 * A cycle in a functional graph: `next[q]` is the buffer q waits for (−1: q does not wait). Returns
 * the buffers of one cycle in wait order, or [] if there is none.
 *
 * @example findWaitCycle(Int32Array.from([1, 2, 1, -1])); // → [1, 2]
 */
export function findWaitCycle(next: Int32Array): number[] {
  checkKind('next', next, 'arrayLike');
  const state = new Uint8Array(next.length); // 0 unseen, 1 on the current walk, 2 done
  for (let start = 0; start < next.length; start++) {
    if (state[start] !== 0 || next[start]! < 0) continue;
    const walk: number[] = [];
    let q = start;
    while (q >= 0 && state[q] === 0) {
      state[q] = 1;
      walk.push(q);
      q = next[q]!;
    }
    if (q >= 0 && state[q] === 1) return walk.slice(walk.indexOf(q));
    for (const w of walk) state[w] = 2;
  }
  return [];
}

/**
 * The wait-for graph of the switch input VL buffers: next[q] = the input VL buffer that buffer q's
 * head packet must enter next (−1 when q is empty or its head goes to a host, which never refuses).
 * Returns null when no switch buffer holds a packet.
 */
export function waitForGraph(links: Links, head: Int32Array, pool: PacketPool, V: number): Int32Array | null {
  const next = new Int32Array(head.length).fill(-1);
  let waiting = false;
  for (let q = 0; q < head.length; q++) {
    const p = head[q]!;
    if (p === NONE || links.portSwitch[(q / V) | 0]! < 0) continue;
    waiting = true;
    const target = links.peer[pool.out(p)]!;
    if (target >= 0 && links.portSwitch[target]! >= 0) next[q] = target * V + pool.outVl(p);
  }
  return waiting ? next : null;
}
