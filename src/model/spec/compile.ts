/**
 * The fabric model's indexes over a {@link ModelNetwork} (docs/models.md §13.1): channels (port, VL),
 * the input buffer behind each channel whose far end is a switch, the turns (input buffer → output
 * channel) the flows take inside a switch, and the flows' paths as a route table with shared ends
 * (routes.ts), in flat typed arrays, so that one iteration of the fixed point is a few passes over
 * arrays. Trusts its input (scenario.ts and solve.ts check it).
 */
import type { ModelNetwork } from './network.js';
import { PairIndex } from '../routes/pairIndex.js';
import { flowTableOf, hasFrontEndTable } from '../routes/routes.js';
import { newWork, type ModelWork } from '../fixedPoint/work.js';

/** The flat form of a network; channel c = port·V + VL. */
export interface CompiledModel {
  readonly V: number;
  readonly P: number;
  /** Channels: P·V. */
  readonly C: number;
  readonly F: number;
  /** Virtual output queues at the switch inputs (no head-of-line blocking). */
  readonly voq: boolean;
  /** Route nodes (routes.ts): a hop and the rest of the path after it, shared by the flows whose paths end alike (a flow's first hop is the flow's own, not a node). */
  readonly N: number;
  /** Per node: the channel of its hop. */
  readonly nodeChannel: Int32Array;
  /** Per node: the next hop's node, always an earlier one (−1 at the last hop): n = N−1 … 0 visits each node before its next hop. */
  readonly nodeNext: Int32Array;
  /** Per node: the turn from its channel into the next hop's channel (−1 at the last hop). */
  readonly nodeTurn: Int32Array;
  /** Per flow: the channel of its first hop. */
  readonly flowChannel: Int32Array;
  /** Per flow: the node of its second hop (−1 when the path has one hop). */
  readonly flowRest: Int32Array;
  /** Per flow: the turn from its first hop into its second (−1 when the path has one hop). */
  readonly flowTurn: Int32Array;
  /** Per flow: the nodes made before its first hop (routes.ts: where the passes over the nodes take it). */
  readonly flowRank: Int32Array;
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
  /** Work arrays shared by the solves of this model (work.ts): the only part that changes, and only during a solve. */
  readonly work: ModelWork;
}

/** Compiled models by the network they compile, with the arrays they were made from. */
const compiled = new WeakMap<ModelNetwork, { ports: ModelNetwork['ports']; flows: ModelNetwork['flows']; vls: number; voq: boolean; m: CompiledModel }>();

/**
 * The compiled model of a network from the front end (scenario.ts), made at its first solve and the
 * same object at the next ones: such a network is not changed once made (frozen, its ports too; its
 * flow table was made with it; a network with other flows or ports is another object). Other networks
 * (built by hand) are compiled afresh each time; one spread from a front-end network with the same
 * flows array (as overload.ts and fabric-model-ab.ts --fresh do) is compiled once and kept under the
 * new object.
 */
export function compiledModel(net: ModelNetwork): CompiledModel {
  if (!hasFrontEndTable(net)) return compileModel(net);
  const known = compiled.get(net);
  if (known !== undefined && known.ports === net.ports && known.flows === net.flows && known.vls === net.vls && known.voq === (net.voq === true)) return known.m;
  const m = compileModel(net);
  compiled.set(net, { ports: net.ports, flows: net.flows, vls: net.vls, voq: m.voq, m });
  return m;
}

/** Compiles a network (see the module comment). */
export function compileModel(net: ModelNetwork): CompiledModel {
  const V = net.vls;
  const P = net.ports.length;
  const C = P * V;
  const F = net.flows.length;
  const { routes, numbers } = flowTableOf(net);
  const { channel: nodeChannel, next: nodeNext, firstChannel: flowChannel, rest: flowRest, rank: flowRank } = routes;
  const N = nodeChannel.length;
  // Turns by (in, out), one look-up per node with a next hop (there are far fewer turns than nodes)
  // and per flow's first hop; flows from one port come together, so the last turn found from each
  // port into each channel is kept (firstTurn) and the hash table asked only when the port changes.
  // About as many turns as nodes with a next hop, and first-hop turns besides (two per host channel, say).
  const turns = new PairIndex(N + 2 * C);
  const nodeTurn = new Int32Array(N).fill(-1);
  for (let n = 0; n < N; n++) {
    const after = nodeNext[n]!;
    if (after >= 0) nodeTurn[n] = turns.of(nodeChannel[n]!, nodeChannel[after]!);
  }
  // In the same pass, the first flow through each route node (minFlow) and the first flow to take each
  // first-hop turn: the first flow that takes a turn always misses the kept turn, so the look-ups,
  // in flow order, are where the turns' first flows are (missFlow, missTurn; below).
  const flowTurn = new Int32Array(F).fill(-1);
  const fromChannel = new Int32Array(C).fill(-1);
  const firstTurn = new Int32Array(C);
  const minFlow = new Int32Array(N).fill(F);
  let missFlow: Int32Array = new Int32Array(1024);
  let missTurn: Int32Array = new Int32Array(1024);
  let misses = 0;
  for (let f = 0; f < F; f++) {
    const rest = flowRest[f]!;
    if (rest < 0) continue;
    if (minFlow[rest] === F) minFlow[rest] = f;
    const c0 = flowChannel[f]!;
    const c1 = nodeChannel[rest]!;
    if (fromChannel[c1] !== c0) {
      fromChannel[c1] = c0;
      firstTurn[c1] = turns.of(c0, c1);
      if (misses === missFlow.length) ((missFlow = grown(missFlow)), (missTurn = grown(missTurn)));
      missFlow[misses] = f;
      missTurn[misses++] = firstTurn[c1]!;
    }
    flowTurn[f] = firstTurn[c1]!;
  }
  const T = turns.count;
  const { a: tin, b: tout } = turns.pairs();
  const { lambda, ca2, meanBytes: m1, secondMomentBytes: m2, sendQueuePackets: sendQueue } = numbers;
  // Turns numbered by output channel (then in order found), so that the passes over each output's
  // turns (the port waits, the merge of streams) read the per-turn arrays in order.
  const rank = new Int32Array(C + 1);
  for (let t = 0; t < T; t++) rank[tout[t]! + 1]!++;
  for (let c = 0; c < C; c++) rank[c + 1]! += rank[c]!;
  const renumber = new Int32Array(T);
  for (let t = 0; t < T; t++) renumber[t] = rank[tout[t]!]!++;
  const turnIn = new Int32Array(T);
  const turnOut = new Int32Array(T);
  for (let t = 0; t < T; t++) {
    turnIn[renumber[t]!] = tin[t]!;
    turnOut[renumber[t]!] = tout[t]!;
  }
  for (let n = 0; n < N; n++) if (nodeTurn[n]! >= 0) nodeTurn[n] = renumber[nodeTurn[n]!]!;
  // The order in which the flows, taken one by one and hop by hop, first take each turn: the sums over
  // an input buffer's or an output's turns keep it, so that saturated networks, where the rounding of
  // those sums decides (loads at 1 ± 10⁻¹⁶), give the numbers of the hop-by-hop form. A flow's first
  // turn is its hop 0; a node's turn is at the node's hop in the first flow through it (minFlow).
  for (let f = 0; f < F; f++) if (flowTurn[f]! >= 0) flowTurn[f] = renumber[flowTurn[f]!]!;
  const keyFlow = new Int32Array(T).fill(F);
  const keyHop = new Int32Array(T);
  for (let k = 0; k < misses; k++) {
    const t = renumber[missTurn[k]!]!;
    if (keyFlow[t] === F) keyFlow[t] = missFlow[k]!;
  }
  const depth = new Int32Array(N);
  for (let n = 0; n < N; n++) depth[n] = 1 + (nodeNext[n]! >= 0 ? depth[nodeNext[n]!]! : 0);
  for (let n = N - 1; n >= 0; n--) {
    const nx = nodeNext[n]!;
    if (nx >= 0 && minFlow[n]! < minFlow[nx]!) minFlow[nx] = minFlow[n]!;
  }
  for (let n = 0; n < N; n++) {
    const t = nodeTurn[n]!;
    if (t < 0) continue;
    const f = minFlow[n]!;
    const hop = 1 + depth[flowRest[f]!]! - depth[n]!;
    if (f < keyFlow[t]! || (f === keyFlow[t]! && hop < keyHop[t]!)) ((keyFlow[t] = f), (keyHop[t] = hop));
  }
  const firstSeen = countingSort(countingSort(identity(T), keyHop), keyFlow);
  const group = (key: Int32Array): [Int32Array, Int32Array] => {
    const start = new Int32Array(C + 1);
    for (let t = 0; t < key.length; t++) start[key[t]! + 1]!++;
    for (let c = 0; c < C; c++) start[c + 1]! += start[c]!;
    const fill = start.slice(0, C);
    const of = new Int32Array(key.length);
    for (let i = 0; i < T; i++) of[fill[key[firstSeen[i]!]!]!++] = firstSeen[i]!;
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
  const work = newWork({ V, P, N, F, turnIn, turnsStart, intoOf });
  return { V, P, C, F, voq: net.voq === true, N, nodeChannel, nodeNext, nodeTurn, flowChannel, flowRest, flowTurn, flowRank, turnIn, turnOut, turnsStart, turnsOf, intoStart, intoOf, hostChannel, serviceSecondFactor, rate, bufferBlocks, creditLoop, lambda, ca2, m1, m2, sendQueue, work };
}

/** `a` in an array twice as long. */
function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}

/** 0, 1, …, n − 1. */
function identity(n: number): Int32Array {
  const a = new Int32Array(n);
  for (let i = 0; i < n; i++) a[i] = i;
  return a;
}

/** `items` stably sorted by key[item] (non-negative integers), a counting sort. */
function countingSort(items: Int32Array, key: Int32Array): Int32Array {
  let most = 0;
  for (let i = 0; i < items.length; i++) if (key[items[i]!]! > most) most = key[items[i]!]!;
  const start = new Int32Array(most + 2);
  for (let i = 0; i < items.length; i++) start[key[items[i]!]! + 1]!++;
  for (let k = 0; k <= most; k++) start[k + 1]! += start[k]!;
  const out = new Int32Array(items.length);
  for (let i = 0; i < items.length; i++) out[start[key[items[i]!]!]!++] = items[i]!;
  return out;
}

/** Each flow's hops laid out flat, hop by hop (for the hop-by-hop forms: maxminHops.ts, loads.ts). */
export interface HopArrays {
  /** Per flow: its first hop; hopStart[F] = total hops. */
  readonly hopStart: Int32Array;
  /** Per hop: its channel. */
  readonly hopChannel: Int32Array;
  /** Per hop: the turn it takes into its channel (−1 on the first hop). */
  readonly hopTurn: Int32Array;
}

/** The flows' hops off the route table, O(hops). */
export function hopArrays(m: CompiledModel): HopArrays {
  const hopStart = new Int32Array(m.F + 1);
  let H = 0;
  for (let f = 0; f < m.F; f++) {
    hopStart[f] = H++;
    for (let n = m.flowRest[f]!; n >= 0; n = m.nodeNext[n]!) H++;
  }
  hopStart[m.F] = H;
  const hopChannel = new Int32Array(H);
  const hopTurn = new Int32Array(H);
  for (let f = 0, h = 0; f < m.F; f++) {
    hopChannel[h] = m.flowChannel[f]!;
    hopTurn[h++] = -1;
    for (let n = m.flowRest[f]!, t = m.flowTurn[f]!; n >= 0; t = m.nodeTurn[n]!, n = m.nodeNext[n]!, h++) {
      hopChannel[h] = m.nodeChannel[n]!;
      hopTurn[h] = t;
    }
  }
  return { hopStart, hopChannel, hopTurn };
}
