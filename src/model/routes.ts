/**
 * The flows' paths as a route table with shared ends (docs/fabric-model.md, "Speed"): node n is one
 * hop — a channel — together with the rest of the path after it (`next`), so flows whose paths end
 * alike share the nodes of the common end. Routes read off forwarding tables send every packet for
 * one destination on one VL along the same tree, so they need one node per switch and destination
 * plus each flow's first hop: loads, the max-min filling and the per-flow sums then cost
 * O(flows + nodes) instead of O(flows × hops).
 *
 * The front end (scenario.ts) builds the table from the forwarding tables and attaches it to the
 * flows array it returns; {@link routesOf} builds it from the flows' paths otherwise (a network
 * written by hand, or a flows array made anew). Kernels: no validation.
 */
import type { ModelNetwork } from './network.js';

/** The nodes of the shared route table; channel c = port·V + VL. */
export interface RouteTable {
  /** Per node: the channel of its hop. */
  readonly channel: Int32Array;
  /** Per node: the node of the next hop, −1 at the last hop. */
  readonly next: Int32Array;
  /** Per flow: its first node. */
  readonly first: Int32Array;
}

/** Tables the front end built, by the flows array they describe (a new array is a new network). */
const attached = new WeakMap<readonly unknown[], RouteTable>();

/** Records that `table` describes the paths of `flows` (the front end's own arrays only). */
export function attachRoutes(flows: readonly unknown[], table: RouteTable): void {
  attached.set(flows, table);
}

/** The route table of a network: the one attached to its flows array, else built from the paths. */
export function routesOf(net: ModelNetwork): RouteTable {
  const table = attached.get(net.flows);
  if (table !== undefined && table.first.length === net.flows.length) return table;
  return routesFromPaths(net);
}

/**
 * Builds the table from each flow's `path` and `vls`, sharing every common end: a node is keyed by
 * (channel, next node) in an open-addressing table, the path walked from its last hop.
 */
export function routesFromPaths(net: ModelNetwork): RouteTable {
  const V = net.vls;
  const F = net.flows.length;
  let hops = 0;
  for (let f = 0; f < F; f++) hops += net.flows[f]!.path.length;
  let size = 1024;
  while (size < 2 * hops) size *= 2;
  const keyChannel = new Int32Array(size).fill(-1);
  const keyNext = new Int32Array(size);
  const keyNode = new Int32Array(size);
  const channel = new Int32Array(hops);
  const next = new Int32Array(hops);
  const first = new Int32Array(F);
  let N = 0;
  for (let f = 0; f < F; f++) {
    const flow = net.flows[f]!;
    let node = -1;
    for (let k = flow.path.length - 1; k >= 0; k--) {
      const c = flow.path[k]! * V + flow.vls[k]!;
      let slot = (Math.imul(c, 0x9e3779b1) ^ Math.imul(node + 1, 0x85ebca6b)) & (size - 1);
      while (keyChannel[slot] !== -1 && (keyChannel[slot] !== c || keyNext[slot] !== node)) slot = (slot + 1) & (size - 1);
      if (keyChannel[slot] === -1) {
        keyChannel[slot] = c;
        keyNext[slot] = node;
        keyNode[slot] = N;
        channel[N] = c;
        next[N] = node;
        N++;
      }
      node = keyNode[slot]!;
    }
    first[f] = node;
  }
  return { channel: channel.slice(0, N), next: next.slice(0, N), first };
}

/**
 * The nodes ordered so that each comes before its next hop's node (by decreasing hops left, a
 * counting sort), and the hops left per node (1 at a last hop).
 */
export function upstreamOrder(table: RouteTable): { readonly order: Int32Array; readonly depth: Int32Array } {
  const { next } = table;
  const N = next.length;
  const depth = new Int32Array(N);
  const stack = new Int32Array(N);
  let deepest = 0;
  for (let n = 0; n < N; n++) {
    if (depth[n] !== 0) continue;
    // Walk to a node whose depth is known (or the last hop), then fill the depths back.
    let top = 0;
    let at = n;
    while (at >= 0 && depth[at] === 0) {
      stack[top++] = at;
      at = next[at]!;
    }
    let d = at >= 0 ? depth[at]! : 0;
    while (top > 0) depth[stack[--top]!] = ++d;
    if (d > deepest) deepest = d;
  }
  const start = new Int32Array(deepest + 2);
  for (let n = 0; n < N; n++) start[deepest - depth[n]! + 1]!++;
  for (let k = 0; k <= deepest; k++) start[k + 1]! += start[k]!;
  const order = new Int32Array(N);
  for (let n = 0; n < N; n++) order[start[deepest - depth[n]!]!++] = n;
  return { order, depth };
}
