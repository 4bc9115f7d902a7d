/**
 * The ports that can carry traffic in a fabric, from its routes and flows alone: every flow's
 * source port and every switch port on a route from a flow's source to a destination it may send
 * to (any other host for a `uniform` flow), over every LID the flow may use (all of them when it
 * selects paths, LID 0 otherwise). Deterministic — it does not depend on the random draws — so the
 * `fabric` scenario reports the same ports in every replication, with zero where one happened to
 * stay idle (a replication whose uniform flows never picked some destination would otherwise leave
 * that port out, and the replications could not be combined). With host traffic (a plugin whose
 * pattern is its own) every linked port counts.
 *
 * Cost: per destination and LID, one walk from each source switch, stopping at switches already
 * walked for that destination: O(LIDs · hosts · switches).
 */
import type { CompiledFabric } from '../compiled.js';

/** A flag per global port: 1 when some route or flow source can put traffic on it. */
export function routedPortFlags(c: Pick<CompiledFabric, 'peer' | 'hostCount' | 'switchCount' | 'switchPorts' | 'fwd' | 'flows' | 'hostTraffic'>): Uint8Array {
  const G = c.peer.length;
  const H = c.hostCount;
  const S = c.switchCount;
  const hostBase = G - H;
  const flags = new Uint8Array(G);
  if (c.hostTraffic !== null) {
    for (let g = 0; g < G; g++) flags[g] = c.peer[g]! >= 0 ? 1 : 0;
    return flags;
  }
  const owner = new Int32Array(hostBase);
  for (let s = 0, g = 0; s < S; s++) for (let p = 0; p < c.switchPorts[s]!; p++) owner[g++] = s;
  const hostSwitch = (h: number): number => owner[c.peer[hostBase + h]!]!;
  const lids = S * H > 0 ? c.fwd.length / (S * H) : 1;
  // Per destination: the switches of the hosts that may send to it, for LID 0 and for all LIDs.
  const uniformSources: number[] = [];
  const fixed = new Map<number, number[]>();
  const multiLid = new Set<number>();
  let uniformMultiLid = false;
  for (const f of c.flows) {
    flags[hostBase + f.source] = 1;
    const many = f.pathSelection !== null && lids > 1;
    if (f.destination < 0) {
      uniformSources.push(f.source);
      if (many) uniformMultiLid = true;
    } else {
      const list = fixed.get(f.destination) ?? [];
      list.push(f.source);
      fixed.set(f.destination, list);
      if (many) multiLid.add(f.destination * H + f.source);
    }
  }
  const walked = new Int32Array(S).fill(-1);
  for (let d = 0; d < H; d++) {
    const target = hostSwitch(d);
    for (let k = 0; k < lids; k++) {
      const stamp = d * lids + k;
      const starts: number[] = [];
      for (const s of uniformSources) if (s !== d && (k === 0 || uniformMultiLid)) starts.push(hostSwitch(s));
      for (const s of fixed.get(d) ?? []) if (k === 0 || multiLid.has(d * H + s)) starts.push(hostSwitch(s));
      for (const start of starts) {
        for (let u = start, hops = 0; walked[u] !== stamp && hops <= S; hops++) {
          walked[u] = stamp;
          const g = c.fwd[(k * S + u) * H + d]!;
          flags[g] = 1;
          if (u === target) break;
          u = owner[c.peer[g]!]!;
        }
      }
    }
  }
  return flags;
}
