/**
 * What the crossbar asks of switch input queueing, whichever variant runs: FIFO input VL buffers
 * (inputFifo.ts) or virtual output queues (inputVoq.ts). A *buffer* is one input port's VL buffer
 * (b = g·V + v: its credit blocks and occupancy); a *queue* is what requests an output: the buffer
 * itself for FIFO (numbered by its record's offset, inputFifo.ts), one of its per-output queues for
 * VoQ. The crossbar holds queue numbers, the statistics and credits buffer numbers.
 */
export interface InputQueues {
  /** Credit blocks held by buffer b. */
  blocksOf(b: number): number;
  /** Bit v of requestedVlsOf(g): some queue's head requests output g on VL v. */
  requestedVlsOf(g: number): number;
  /** Queue r's head packet (NONE: empty). */
  headOf(r: number): number;
  /** The output queue r's head packet requests (NONE: none). */
  requestOf(r: number): number;
  /** Each input buffer's head packet by buffer number g·V + v (the deadlock watchdog's; not per packet): FIFO its head, VoQ its first non-empty queue's. */
  heads(): Int32Array;
  /** The VL queue r's head packet waits for at its output (its next hop's VL). */
  requestedVl(r: number): number;
  /** Queues per input port: they are numbered firstQueue(g) + queueStep·k, k = 0 … queuesPerPort − 1. */
  readonly queuesPerPort: number;
  /** The step between a port's queue numbers (1 for VoQ; FIFO: a buffer's fields, inputFifo.ts). */
  readonly queueStep: number;
  /** What {@link push} takes for input port g's VL v buffer (FIFO: its queue number; VoQ: the buffer g·V + v). */
  queueOf(g: number, v: number): number;
  /** {@link queueOf} of buffer b = g·V + v. */
  queueOfBuffer(b: number): number;
  /** Appends packet p (output in `pool.out(p)`) to the buffer named by queueOf; true if its queue was empty (then call {@link request}). */
  push(b: number, p: number): boolean;
  /** Registers the request of the queue that the last {@link push} (same argument) made non-empty. */
  request(b: number): void;
  /** Removes and returns queue r's head packet; its next packet, if any, requests its output. */
  popHead(r: number): number;
  /** A packet of queue r left its buffer (its tail has gone): `blocks` credit blocks freed. */
  freed(r: number, blocks: number): void;
  /** The longest-waiting queue requesting output g on VL v whose input port is free (NONE: none). */
  firstRequest(g: number, v: number, inBusy: Uint8Array): number;
  /** The input port of queue r. */
  inputOf(r: number): number;
  /** The buffer (g·V + v) of queue r. */
  bufferOf(r: number): number;
  /** The first queue of input port g. */
  firstQueue(g: number): number;
  /** FIFO buffers: bit v set while input port g's VL v buffer holds a packet (its head may request); other queueing: −1 (every queue may). */
  occupiedVls(g: number): number;
  /** The first queue r in from … end − 1 whose head requests an output now (requestOf(r) ≠ NONE), or `end`. */
  nextRequest(from: number, end: number): number;
}
