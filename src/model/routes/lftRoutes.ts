/**
 * The flows' routes read off the forwarding tables into the model's shared route table (routes.ts):
 * every packet for one destination host on one base VL leaves a switch by the same port on the same
 * VL, so the rest of its path is a node per (switch, destination, base VL), made once and shared by
 * every flow that reaches that switch; a flow adds only its first hop (its host's port), folded into
 * the flow (routes.ts). The
 * front end's part of the speed of the model (docs/fabric-model.md, "Speed").
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { FabricTopology } from '../../network/topology.js';
import type { RouteTable } from './routes.js';

/** What the router needs of the resolved ports (scenario.ts). */
export interface RouterPorts {
  /** Port index of switch s's port 1. */
  readonly switchBase: readonly number[];
  /** Port index of host 0's port (hosts follow in order). */
  readonly hostBase: number;
  /** Per port: the node at the far end of its link ('' if unconnected). */
  readonly peerNode: readonly string[];
  readonly switchIndex: ReadonlyMap<string, number>;
  readonly hostIndex: ReadonlyMap<string, number>;
}

/** Builds the route table flow by flow (see the module comment). */
export class LftRouter {
  private channel = new Int32Array(1024);
  private next = new Int32Array(1024);
  private N = 0;
  /** Per (destination host, base VL): the node of each switch (−1: not made yet). */
  private readonly bySwitch = new Map<number, Int32Array>();
  /** Per flow added: its first hop's channel and the node of its second hop (−1: none). */
  private readonly firstChannels: number[] = [];
  private readonly rests: number[] = [];
  private readonly ranks: number[] = [];
  /** Scratch of addFlow: the switches walked and their output channels. */
  private readonly walk: number[] = [];
  private readonly outs: number[] = [];

  constructor(
    private readonly topology: FabricTopology,
    private readonly ports: RouterPorts,
    private readonly vls: number,
  ) {}

  private node(c: number, next: number): number {
    if (this.N === this.channel.length) {
      const grow = (a: Int32Array) => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.channel = grow(this.channel);
      this.next = grow(this.next);
    }
    this.channel[this.N] = c;
    this.next[this.N] = next;
    return this.N++;
  }

  /**
   * Adds a flow from host `src` to host `dst` (indexes) on base VL `baseVl`; returns its index (the flows added before it).
   * @throws InvalidParameterError naming `${field}.destination` for a loop in the tables, or `vls` for a VL offset beyond the VLs.
   */
  addFlow(src: number, dst: number, baseVl: number, field: string): number {
    const { topology, ports, vls } = this;
    const H = topology.hosts.length;
    const dstName = topology.hosts[dst]!.name;
    const hostPort = ports.hostBase + src;
    let at = ports.peerNode[hostPort]!;
    let rest = -1;
    if (at !== dstName) {
      const key = dst * 16 + baseVl;
      let memo = this.bySwitch.get(key);
      if (memo === undefined) this.bySwitch.set(key, (memo = new Int32Array(topology.switches.length).fill(-1)));
      // Walk to a switch whose node is made (or to the destination), then make the nodes back.
      const walk = this.walk;
      const outs = this.outs;
      walk.length = outs.length = 0;
      let tail = -1;
      for (let guard = 0; at !== dstName; guard++) {
        if (guard > this.ports.peerNode.length) throw new InvalidParameterError(`${field}.destination`, 'a destination the forwarding tables reach without a loop', dstName);
        const s = ports.switchIndex.get(at)!;
        if (memo[s]! >= 0) {
          tail = memo[s]!;
          break;
        }
        const port = topology.forwardingPorts[s * H + dst]!;
        const g = ports.switchBase[s]! + port - 1;
        const vl = baseVl + (topology.virtualLanes?.[at]?.[dstName] ?? 0);
        if (vl >= vls) throw new InvalidParameterError('vls', `at least ${vl + 1}: ${field}.destination leaves ${at} on VL ${vl}`, vls);
        walk.push(s);
        outs.push(g * vls + vl);
        at = ports.peerNode[g]!;
      }
      for (let k = walk.length - 1; k >= 0; k--) memo[walk[k]!] = tail = this.node(outs[k]!, tail);
      rest = tail;
    }
    this.firstChannels.push(hostPort * vls + baseVl);
    this.ranks.push(this.N);
    return this.rests.push(rest) - 1;
  }

  /** The path (ports) and VLs of the k-th flow added. */
  pathOf(k: number): { path: number[]; vls: number[] } {
    const path: number[] = [(this.firstChannels[k]! / this.vls) | 0];
    const lanes: number[] = [this.firstChannels[k]! % this.vls];
    for (let n = this.rests[k]!; n >= 0; n = this.next[n]!) {
      const c = this.channel[n]!;
      path.push((c / this.vls) | 0);
      lanes.push(c % this.vls);
    }
    return { path, vls: lanes };
  }

  /** The table of the flows added so far, in the order added. */
  table(): RouteTable {
    return { channel: this.channel.slice(0, this.N), next: this.next.slice(0, this.N), firstChannel: Int32Array.from(this.firstChannels), rest: Int32Array.from(this.rests), rank: Int32Array.from(this.ranks) };
  }
}
