/** The fabric model's state between the steps of the fixed point (iterate.ts), per channel unless said. */
import type { CompiledModel } from '../spec/compile.js';
import type { NodeScratch } from './work.js';

/** Guard against 0 in denominators and capacities. */
export const EPS = 1e-9;

/** Everything the iteration reads and writes (per channel unless said). */
export interface ModelState {
  readonly rate: Float64Array; // per flow, packets/s: the compiled model's work array (work.ts), valid while the solve runs
  readonly lam: Float64Array;
  readonly b1: Float64Array;
  readonly b2: Float64Array;
  readonly ca2acc: Float64Array;
  readonly sendCap: Float64Array;
  readonly xbar: Float64Array;
  readonly x2: Float64Array;
  readonly x3: Float64Array; // E[x³] of the transmission (s³), the gamma law of mean xbar and second moment x2 (heads.ts third): set with them, read per turn
  readonly seff: Float64Array;
  readonly seff2: Float64Array;
  readonly beta: Float64Array; // credit wait per packet (s)
  readonly blocked: Float64Array; // probability a packet finds the far-end buffer full
  readonly resid: Float64Array;
  readonly ca2in: Float64Array;
  readonly cd2: Float64Array;
  readonly hostWait: Float64Array; // host channels: waiting in the send queues (s)
  readonly hostOffered: Float64Array; // host channels: packets/s offered to the send queues (finite queues see the offered rate)
  readonly hostBlocking: Float64Array; // host channels: probability a finite send queue refuses a packet
  readonly capacity: Float64Array; // GPS share of the port
  readonly wants: Uint8Array; // 1: some flow is capped at this channel or its port
  readonly headTime: Float64Array; // S of the input buffer at the far end (s)
  readonly fifoWait: Float64Array; // waiting in that buffer behind earlier packets (s)
  readonly fifoCd2: Float64Array;
  readonly fifoLoad: Float64Array; // λ·S of that buffer
  readonly lamT: Float64Array; // per turn
  readonly headWait: Float64Array; // per turn (s)
  readonly headWaitProb: Float64Array; // per turn: probability the head waits at all
  readonly headWait2: Float64Array; // per turn: second moment of the head wait (s²)
  readonly portWait: Float64Array; // per turn: the head's wait for its own input port (s), part of headWait
  readonly runWait: Float64Array; // per turn: the head's wait for other VLs' table runs (s), part of headWait (queues/runs.ts visitRuns)
  readonly floorExtra: Float64Array; // per turn: wait added by the output-queued floor (s), reported only
  readonly floorSpill: Float64Array; // per turn: packets of the floor's queue its input buffer cannot hold, held upstream (floor.ts)
  readonly fifoSplit: Float64Array; // per channel: the FIFO wait of the buffer behind it with its heads' floors in their head times (s; queues/splitFifo.ts)
  readonly splitHead: Float64Array; // per turn: the floor's part taken as head time in that wait (s; queues/splitFifo.ts)
  readonly splitWait: Float64Array; // per turn: what that wait adds beyond fifoWait + floorExtra (s), reported only (queues/splitFifo.ts)
  readonly portBusyFresh: Float64Array; // per turn: chance a fresh head finds its input port busy with another VL's delayed packet (change 266; portReadout.ts otherVlsReadout)
  readonly portBusyAll: Float64Array; // per turn: the same for a head that has waited (any packet of the port's other VLs)
  readonly scratch: NodeScratch; // the compiled model's (work.ts): shared by the solves of one network
}

/** Work arrays of the sums over the route table (defined with the compiled model's other work arrays). */
export type { NodeScratch } from './work.js';

/** Fresh state for a compiled model. */
export function newState(m: CompiledModel): ModelState {
  const c = () => new Float64Array(m.C);
  return {
    rate: m.work.rate.fill(0),
    lam: c(), b1: c(), b2: c(), ca2acc: c(), sendCap: c(), xbar: c(), x2: c(), x3: c(), seff: c(), seff2: c(), beta: c(), blocked: c(), resid: c(),
    ca2in: c().fill(1), cd2: c().fill(1), hostWait: c(), hostOffered: c(), hostBlocking: c(), capacity: c().fill(1), wants: new Uint8Array(m.C), headTime: c(), fifoWait: c(), fifoCd2: c().fill(1), fifoLoad: c(),
    lamT: new Float64Array(m.turnIn.length),
    headWait: new Float64Array(m.turnIn.length),
    headWaitProb: new Float64Array(m.turnIn.length),
    headWait2: new Float64Array(m.turnIn.length),
    portWait: new Float64Array(m.turnIn.length),
    runWait: new Float64Array(m.turnIn.length),
    floorExtra: new Float64Array(m.turnIn.length),
    floorSpill: new Float64Array(m.turnIn.length),
    fifoSplit: c(),
    splitHead: new Float64Array(m.turnIn.length),
    splitWait: new Float64Array(m.turnIn.length),
    portBusyFresh: new Float64Array(m.turnIn.length),
    portBusyAll: new Float64Array(m.turnIn.length),
    scratch: m.work.scratch,
  };
}

