/**
 * Routing and forwarding at run time over the topology's tables compiled to one array (the global
 * out port of switch s towards host h; multipath.ts compiles it), and the one-way latency of the
 * out-of-band ACK path that follows them back. Multipath tables (a block per LID offset) and per-hop
 * VL offsets (dateline VLs) are read by {@link StaticForwarding.route}.
 */
import type { CompiledFabric, PairValues } from '../compiled.js';
import type { PacketPool } from '../packets.js';

/** An ACK's size and how it crosses the switches, for {@link ackDelays} (default: out of band, size 0). */
export interface AckTiming {
  /** ACK bytes; 0 = out of band (no transmission time). */
  readonly bytes: number;
  /** Data rate (bytes/s) of every global port. */
  readonly rate: Float64Array;
  /** Virtual cut-through: the slowest link on the path paces the ACK's tail; else each link adds its transmission time. */
  readonly cutThrough: boolean;
}

/**
 * One-way latency (s) of the ACK path from host b back to host a, at [a·H + b]: the propagation
 * delays of the links it follows plus a switch latency per switch, plus, for ACKs of `ack.bytes` > 0,
 * their transmission time (under cut-through bytes / the slowest rate on the path, under
 * store-and-forward the sum over its links); an ACK never queues.
 */
export function ackDelays(H: number, hostBase: number, peer: Int32Array, delay: Float64Array, fwd: Int32Array, switchOfPort: Int32Array, switchLatency: number, ack?: AckTiming): Float64Array {
  const ackDelay = new Float64Array(H * H);
  const bytes = ack?.bytes ?? 0;
  for (let a = 0; a < H; a++) {
    for (let b = 0; b < H; b++) {
      if (a === b) continue;
      let g = hostBase + b;
      let t = delay[g]!;
      let slowest = bytes > 0 ? bytes / ack!.rate[g]! : 0;
      let sum = slowest;
      for (let at = peer[g]!; at < hostBase; at = peer[g]!) {
        g = fwd[switchOfPort[at]! * H + a]!;
        t += switchLatency + delay[g]!;
        if (bytes > 0) {
          const tx = bytes / ack!.rate[g]!;
          if (tx > slowest) slowest = tx;
          sum += tx;
        }
      }
      ackDelay[a * H + b] = bytes > 0 ? t + (ack!.cutThrough ? slowest : sum) : t;
    }
  }
  return ackDelay;
}

/**
 * The {@link PairValues} of a per-pair table: the ACK latencies of a fat-tree are two or three
 * numbers, and the 648-node run reads them at random for every marked packet (a byte per pair is
 * 0.4 MB where the doubles were 3.4 MB).
 */
export function pairValues(table: Float64Array): PairValues {
  const position = new Map<number, number>();
  const index = new Int32Array(table.length);
  for (let i = 0; i < table.length; i++) {
    let k = position.get(table[i]!);
    if (k === undefined) position.set(table[i]!, (k = position.size));
    index[i] = k;
  }
  return { index: position.size <= 256 ? Uint8Array.from(index) : index, values: Float64Array.from(position.keys()) };
}

/** Most path entries {@link flowPaths} keeps (4 bytes each); beyond, the table alone routes. */
const MAX_PATH_ENTRIES = 1 << 24;

/**
 * The out ports of each flow's path, hop by hop, read from the tables once (issue 32): at k = 32 the
 * table is 42 MB and each packet-hop's read of it a cache and TLB miss, where the paths of all flows
 * fit in a few hundred KB. Entry f·stride + k: the out port of flow f's packets at the k-th switch on
 * their way (LID offset 0), or −1 for every hop of a flow the table routes itself: a flow with a
 * uniform destination or a path selection, a fabric with VL offsets, or a route that does not reach
 * its destination within `switchCount` switches. Null when no flow has a path (or too many entries).
 */
export function flowPaths(c: CompiledFabric, switchOfPort: Int32Array): { readonly paths: Int32Array; readonly stride: number } | null {
  if (c.fwdVl !== null || c.flows.length === 0) return null;
  const H = c.hostCount;
  const hostBase = c.peer.length - H;
  const walk = (f: number, out: number[] | null): number => {
    const flow = c.flows[f]!;
    if (flow.destination < 0 || flow.pathSelection !== null) return 0;
    let at = c.peer[hostBase + flow.source]!;
    let hops = 0;
    while (at >= 0 && at < hostBase) {
      if (hops === c.switchCount) return 0;
      const g = c.fwd[switchOfPort[at]! * H + flow.destination]!;
      if (g < 0) return 0;
      if (out !== null) out.push(g);
      hops++;
      at = c.peer[g]!;
    }
    return at === hostBase + flow.destination ? hops : 0;
  };
  let stride = 0;
  for (let f = 0; f < c.flows.length; f++) stride = Math.max(stride, walk(f, null));
  // (a packet counts its hops in a byte: paths of more than 255 switches stay with the table)
  if (stride === 0 || stride > 255 || c.flows.length * stride > MAX_PATH_ENTRIES) return null;
  const paths = new Int32Array(c.flows.length * stride).fill(-1);
  const hops: number[] = [];
  for (let f = 0; f < c.flows.length; f++) {
    hops.length = 0;
    if (walk(f, hops) > 0) paths.set(hops, f * stride);
  }
  return { paths, stride };
}

/**
 * Forwarding at run time: one out port per switch, destination host and LID offset (the destination
 * address a packet carries), and the VL offset of that hop; the packets of a flow with a path
 * ({@link flowPaths}) read their out port from it (the same port: read from the same table).
 */
export class StaticForwarding {
  private readonly fwd: Int32Array;
  private readonly fwdVl: Uint8Array | null;
  private readonly S: number;
  private readonly H: number;
  private readonly paths: Int32Array;
  private readonly stride: number;

  constructor(fwd: Int32Array, fwdVl: Uint8Array | null, switchCount: number, hostCount: number, paths: { readonly paths: Int32Array; readonly stride: number } | null = null) {
    this.fwd = fwd;
    this.fwdVl = fwdVl;
    this.S = switchCount;
    this.H = hostCount;
    this.paths = paths?.paths ?? new Int32Array(0);
    this.stride = paths?.stride ?? 0;
  }

  /** The global out port of switch s towards host `dst` (LID offset 0). */
  outPort(s: number, dst: number): number {
    return this.fwd[s * this.H + dst]!;
  }

  /** Routes packet p at switch s: sets its output port and the VL of its next hop; returns the port. */
  route(s: number, p: number, pool: PacketPool): number {
    const f = pool.flow(p);
    if (f >= 0 && this.stride > 0) {
      const hop = pool.hop(p);
      const out = this.paths[f * this.stride + hop]!;
      if (out >= 0) {
        pool.setHop(p, hop + 1);
        pool.setOut(p, out);
        pool.setOutVl(p, pool.vl(p)); // no VL offsets (flowPaths)
        return out;
      }
    }
    const i = (pool.lid(p) * this.S + s) * this.H + pool.dst(p);
    const out = this.fwd[i]!;
    pool.setOut(p, out);
    pool.setOutVl(p, this.fwdVl === null ? pool.vl(p) : pool.baseVl(p) + this.fwdVl[i]!);
    return out;
  }
}
