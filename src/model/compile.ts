/**
 * The fabric model's indexes over a {@link ModelNetwork} (docs/models.md §13.1): channels (port, VL),
 * the input buffer behind each channel whose far end is a switch, the turns (input buffer → output
 * channel) each flow takes inside a switch, and each flow's hops in flat typed arrays, so that one
 * iteration of the fixed point is a few passes over arrays. Trusts its input (scenario.ts and
 * solve.ts check it).
 */
import type { ModelNetwork } from './network.js';

/** The flat form of a network; channel c = port·V + VL. */
export interface CompiledModel {
  readonly V: number;
  readonly P: number;
  /** Channels: P·V. */
  readonly C: number;
  readonly F: number;
  /** Virtual output queues at the switch inputs (no head-of-line blocking). */
  readonly voq: boolean;
  /** Per flow: its first hop in the hop arrays; hopStart[F] = total hops. */
  readonly hopStart: Int32Array;
  /** Per hop: the channel it is sent on. */
  readonly hopChannel: Int32Array;
  /** Per hop: the turn it takes to reach its channel (−1 on the first hop, at the source host). */
  readonly hopTurn: Int32Array;
  /** Per turn: the channel whose far-end input buffer the packets wait in. */
  readonly turnIn: Int32Array;
  /** Per turn: the output channel they wait for. */
  readonly turnOut: Int32Array;
  /** Per channel: its turns out of the input buffer at its far end, turnsOf[turnsStart[c]..turnsStart[c+1]). */
  readonly turnsStart: Int32Array;
  readonly turnsOf: Int32Array;
  /** Per channel: the turns into it (from the switch's input buffers), intoOf[intoStart[c]..intoStart[c+1]). */
  readonly intoStart: Int32Array;
  readonly intoOf: Int32Array;
  /** Per channel: 1 if its port is a host's. */
  readonly hostChannel: Uint8Array;
  /** Per port: 2 when the link's service is exponential (E[t²] = 2E[t]²), 1 when deterministic. */
  readonly serviceSecondFactor: Float64Array;
  /** Per port: its rate (bytes/s). */
  readonly rate: Float64Array;
  /** Per port: credit blocks (64 bytes) of each VL buffer at the far end (Infinity: a host). */
  readonly bufferBlocks: Float64Array;
  /** Per port: seconds a buffer slot at the far end is held beyond the packet's stay: 2 × delay + switch latency. */
  readonly creditLoop: Float64Array;
  /** Per flow: λ (packets/s, Infinity for greedy), Ca², mean and second moment of size (bytes), send queue. */
  readonly lambda: Float64Array;
  readonly ca2: Float64Array;
  readonly m1: Float64Array;
  readonly m2: Float64Array;
  readonly sendQueue: Float64Array;
}

/** Compiles a network (see the module comment). */
export function compileModel(net: ModelNetwork): CompiledModel {
  const V = net.vls;
  const P = net.ports.length;
  const C = P * V;
  const F = net.flows.length;
  const hopStart = new Int32Array(F + 1);
  let H = 0;
  for (let f = 0; f < F; f++) {
    hopStart[f] = H;
    H += net.flows[f]!.path.length;
  }
  hopStart[F] = H;
  const hopChannel = new Int32Array(H);
  const hopTurn = new Int32Array(H).fill(-1);
  // Turns by (in, out) in an open-addressing table (a Map of 10⁶ numeric keys is the slow part otherwise).
  let size = 1024;
  while (size < 2 * H) size *= 2;
  const keyIn = new Int32Array(size).fill(-1);
  const keyOut = new Int32Array(size);
  const keyTurn = new Int32Array(size);
  const tin: number[] = [];
  const tout: number[] = [];
  const lambda = new Float64Array(F);
  const ca2 = new Float64Array(F);
  const m1 = new Float64Array(F);
  const m2 = new Float64Array(F);
  const sendQueue = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    const flow = net.flows[f]!;
    lambda[f] = flow.lambda;
    ca2[f] = flow.ca2;
    m1[f] = flow.meanBytes;
    m2[f] = flow.secondMomentBytes;
    sendQueue[f] = flow.sendQueuePackets;
    let prev = -1;
    for (let k = 0; k < flow.path.length; k++) {
      const c = flow.path[k]! * V + flow.vls[k]!;
      const h = hopStart[f]! + k;
      hopChannel[h] = c;
      if (prev >= 0) {
        let slot = (Math.imul(prev, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b)) & (size - 1);
        while (keyIn[slot] !== -1 && (keyIn[slot] !== prev || keyOut[slot] !== c)) slot = (slot + 1) & (size - 1);
        if (keyIn[slot] === -1) {
          keyIn[slot] = prev;
          keyOut[slot] = c;
          keyTurn[slot] = tin.length;
          tin.push(prev);
          tout.push(c);
        }
        hopTurn[h] = keyTurn[slot]!;
      }
      prev = c;
    }
  }
  const turnIn = Int32Array.from(tin);
  const turnOut = Int32Array.from(tout);
  const group = (key: Int32Array): [Int32Array, Int32Array] => {
    const start = new Int32Array(C + 1);
    for (let t = 0; t < key.length; t++) start[key[t]! + 1]!++;
    for (let c = 0; c < C; c++) start[c + 1]! += start[c]!;
    const fill = start.slice(0, C);
    const of = new Int32Array(key.length);
    for (let t = 0; t < key.length; t++) of[fill[key[t]!]!++] = t;
    return [start, of];
  };
  const [turnsStart, turnsOf] = group(turnIn);
  const [intoStart, intoOf] = group(turnOut);
  const hostChannel = new Uint8Array(C);
  const rate = new Float64Array(P);
  const serviceSecondFactor = new Float64Array(P);
  const bufferBlocks = new Float64Array(P);
  const creditLoop = new Float64Array(P);
  net.ports.forEach((p, i) => {
    if (p.host) hostChannel.fill(1, i * V, (i + 1) * V);
    rate[i] = p.rate;
    serviceSecondFactor[i] = p.exponential ? 2 : 1;
    bufferBlocks[i] = p.downstreamBufferBytes === Infinity ? Infinity : Math.floor(p.downstreamBufferBytes / 64);
    creditLoop[i] = 2 * p.delay + p.downstreamLatency;
  });
  return { V, P, C, F, voq: net.voq === true, hopStart, hopChannel, hopTurn, turnIn, turnOut, turnsStart, turnsOf, intoStart, intoOf, hostChannel, serviceSecondFactor, rate, bufferBlocks, creditLoop, lambda, ca2, m1, m2, sendQueue };
}
