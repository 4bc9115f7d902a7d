/**
 * Touch-ahead (session 26, H43pf; an experiment, benchmarks/README.md "touching ahead"): the
 * fabric's per-packet event (events.ts) as the engine sees it pending, reduced to plain loads of
 * the lines its handler reads first — an arrival: the input port's wire record (switchOf) and the
 * packet's hot record; an end of transmission, a choice: the port's record line 0; a credit event:
 * its port's record line 0. The engine calls it on the next events while the current one runs, so
 * the misses of several future events overlap instead of each opening its event's dependent chain.
 * It only reads; its result is a word the engine folds into a sink (so V8 keeps the loads).
 */
import type { TouchAction } from '../engine/engine.js';
import { EV_ARRIVE, EV_CHOOSE, EV_CREDIT, EV_TX_END, EVENT_ARG } from './events.js';
import type { Links } from './link/links.js';
import type { PacketPool } from './packets.js';

/** The touch of the fabric's event handler over these links and packets (`vls` VLs a port). */
export function fabricTouch(links: Links, pool: PacketPool, vls: number): TouchAction {
  const rec = links.outputRequestRecords();
  const ports = rec.i32;
  const S = rec.stride;
  const wires = links.inputBufferRecords;
  const wireI = wires.i32;
  const WSH = wires.shift;
  return (a: number, b: number): number => {
    const x = a & EVENT_ARG;
    switch (a - x) {
      case EV_ARRIVE:
        return wireI[x << WSH]! + pool.touch(b);
      case EV_TX_END:
      case EV_CHOOSE:
        return ports[x * S]!;
      case EV_CREDIT:
        return ports[((x / vls) | 0) * S]!;
    }
    return 0;
  };
}
