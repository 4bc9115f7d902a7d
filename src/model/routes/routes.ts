/**
 * The flows' paths as a route table with shared ends (docs/fabric-model.md, "Speed"): node n is one
 * hop — a channel — together with the rest of the path after it (`next`), so flows whose paths end
 * alike share the nodes of the common end. A flow is its first hop's channel and the node of its
 * second hop (`rest`): the first hop (the source host's port) is the flow's own, so it is folded into
 * the flow rather than made a node. Routes read off forwarding tables send every packet for one
 * destination on one VL along the same tree, so they need one node per switch and destination: loads,
 * the max-min filling and the per-flow sums then cost O(flows + nodes) instead of O(flows × hops),
 * with nodes far fewer than flows (36,000 against 419,256 in Gran's 648-host all-to-all).
 *
 * The front end (scenario.ts) builds the table from the forwarding tables and attaches it to the
 * flows array it returns; {@link routesOf} builds it from the flows' paths otherwise (a network
 * written by hand, or a flows array made anew). Kernels: no validation.
 */
import type { ModelNetwork } from '../spec/network.js';
import { PairIndex } from './pairIndex.js';

/**
 * The nodes of the shared route table; channel c = port·V + VL. A node's next hop is always an
 * earlier node (next[n] < n: the builders make the end of a path first), so walking the nodes from
 * the last to the first visits every node before its next hop, and from the first to the last after.
 */
export interface RouteTable {
  /** Per node: the channel of its hop. */
  readonly channel: Int32Array;
  /** Per node: the node of the next hop (< n), −1 at the last hop. */
  readonly next: Int32Array;
  /** Per flow: the channel of its first hop. */
  readonly firstChannel: Int32Array;
  /** Per flow: the node of its second hop, −1 when the path has one hop. */
  readonly rest: Int32Array;
  /**
   * Per flow: the nodes made before its first hop (non-decreasing). The passes that sum from the last
   * node to the first take a flow's first hop just before node `rank − 1`, where the first hop stood
   * when it was a node of its own, so that every sum keeps the order it has always had.
   */
  readonly rank: Int32Array;
}

/** The flows' numbers in typed arrays, per flow (see ModelFlow). */
export interface FlowArrays {
  readonly lambda: Float64Array;
  readonly ca2: Float64Array;
  readonly meanBytes: Float64Array;
  readonly secondMomentBytes: Float64Array;
  readonly sendQueuePackets: Float64Array;
}

/** A network's flows as the solver reads them. */
export interface FlowTable {
  readonly routes: RouteTable;
  readonly numbers: FlowArrays;
}

/** Tables the front end built, by the flows array they describe (a new array is a new network). */
const attached = new WeakMap<readonly unknown[], FlowTable>();

/** Records that `table` describes `flows` (the front end's own arrays only: nobody else holds them). */
export function attachFlowTable(flows: readonly unknown[], table: FlowTable): void {
  attached.set(flows, table);
}

/** Whether the network's flows array is the front end's own, with the table made with it (compile.ts caches such networks' compiled models). */
export function hasFrontEndTable(net: ModelNetwork): boolean {
  const table = attached.get(net.flows);
  return table !== undefined && table.routes.rest.length === net.flows.length;
}

/** The flow table of a network: the one attached to its flows array, else built from the flows. */
export function flowTableOf(net: ModelNetwork): FlowTable {
  const table = attached.get(net.flows);
  if (table !== undefined && table.routes.rest.length === net.flows.length) return table;
  return { routes: routesFromPaths(net), numbers: flowArrays(net) };
}

/** The flows' numbers copied into typed arrays. */
export function flowArrays(net: ModelNetwork): FlowArrays {
  const F = net.flows.length;
  const lambda = new Float64Array(F);
  const ca2 = new Float64Array(F);
  const meanBytes = new Float64Array(F);
  const secondMomentBytes = new Float64Array(F);
  const sendQueuePackets = new Float64Array(F);
  for (let f = 0; f < F; f++) {
    const flow = net.flows[f]!;
    lambda[f] = flow.lambda;
    ca2[f] = flow.ca2;
    meanBytes[f] = flow.meanBytes;
    secondMomentBytes[f] = flow.secondMomentBytes;
    sendQueuePackets[f] = flow.sendQueuePackets;
  }
  return { lambda, ca2, meanBytes, secondMomentBytes, sendQueuePackets };
}

/**
 * Builds the table from each flow's `path` and `vls`, sharing every common end: a node is numbered
 * by (channel, next node), the path walked from its last hop to its second (so next < n).
 */
export function routesFromPaths(net: ModelNetwork): RouteTable {
  const V = net.vls;
  const F = net.flows.length;
  const nodes = new PairIndex();
  const firstChannel = new Int32Array(F);
  const rest = new Int32Array(F);
  const rank = new Int32Array(F);
  for (let f = 0; f < F; f++) {
    const flow = net.flows[f]!;
    let node = -1;
    for (let k = flow.path.length - 1; k >= 1; k--) node = nodes.of(flow.path[k]! * V + flow.vls[k]!, node);
    rest[f] = node;
    rank[f] = nodes.count;
    firstChannel[f] = flow.path[0]! * V + flow.vls[0]!;
  }
  const { a: channel, b: next } = nodes.pairs();
  return { channel, next, firstChannel, rest, rank };
}
