/**
 * The forwarding tables of a validated topology: the given entries checked, the missing ones
 * computed by destination-modulo shortest paths, all stored in one Int32Array (the output port of
 * switch s towards host h at [s·H + h]); and the read-only view of that array keyed by names.
 *
 * Cost: one breadth-first search per switch that has hosts (O(switches + links) each, a head-index
 * queue over integer arrays) and O(1) per table entry — O(hosts · links) in all. A k = 32 fat-tree
 * (8,192 hosts, 1,280 switches, 10.5 M entries) took 7–30 s and 1 GB of heap when the tables were
 * null-prototype records keyed by name (issue 23); benchmarks/fabric-forwarding.ts measures it.
 */
import { InvalidParameterError } from '../../core/errors.js';

/** A switch or host as topology.ts holds it (declared here: topology.ts imports this file). */
interface Named {
  readonly name: string;
}
type FabricSwitchSpec = Named & { readonly ports: number };
type FabricHostSpec = Named;

function bad(field: string, rule: string, value: unknown): never {
  throw new InvalidParameterError(field, rule, value);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Per switch: the port → neighbour map of the validated links. */
export type Neighbours = ReadonlyMap<string, ReadonlyMap<number, string>>;

/**
 * Checks the given tables (`forwarding[switch][host] = port`) and completes them: for an entry not
 * given, among the c equal-cost output ports of a switch at distance d from the destination's switch
 * the one at index ⌊hostIndex / c^(e − d)⌋ mod c is taken, e being the largest distance to that
 * switch (the d-mod-k spreading that balances fat-trees). Given entries are followed from every
 * switch: each must reach its host without a loop.
 *
 * @returns ports[s·H + h], s and h indices in `switches` and `hosts`.
 * @throws InvalidParameterError naming `topology.forwarding`, `forwarding.<switch>` or `forwarding.<switch>.<host>`.
 */
export function completeForwarding(
  given: unknown,
  switches: readonly FabricSwitchSpec[],
  hosts: readonly FabricHostSpec[],
  neighbour: Neighbours,
  hostSwitch: ReadonlyMap<string, string>,
): Int32Array {
  if (given !== undefined && !isObject(given)) bad('topology.forwarding', 'an object keyed by switch name', given);
  const S = switches.length;
  const H = hosts.length;
  const switchIndex = new Map(switches.map((s, i) => [s.name, i]));
  const hostIndex = new Map(hosts.map((h, i) => [h.name, i]));
  // Each switch's linked ports in port order, as parallel arrays: port number and neighbour (switch
  // index ≥ 0, or −1 for a host).
  const portNumbers: Int32Array[] = [];
  const portTargets: Int32Array[] = [];
  let widest = 0;
  for (const s of switches) {
    const ports = [...neighbour.get(s.name)!.keys()].sort((x, y) => x - y);
    portNumbers.push(Int32Array.from(ports));
    portTargets.push(Int32Array.from(ports, (p) => switchIndex.get(neighbour.get(s.name)!.get(p)!) ?? -1));
    if (ports.length > widest) widest = ports.length;
  }
  // The port of a host's switch that leads to the host itself.
  const hostPort = new Int32Array(H);
  for (const s of switches) {
    for (const [port, node] of neighbour.get(s.name)!) {
      const h = hostIndex.get(node);
      if (h !== undefined) hostPort[h] = port;
    }
  }

  const ports = new Int32Array(S * H);
  // Hosts grouped by the switch they hang on: hosts on one switch share its distances and candidates.
  const hostsAt: number[][] = Array.from({ length: S }, () => []);
  hosts.forEach((h, i) => hostsAt[switchIndex.get(hostSwitch.get(h.name)!)!]!.push(i));
  const dist = new Int32Array(S);
  const queue = new Int32Array(S);
  const candidates = new Int32Array(S * Math.max(1, widest));
  const count = new Int32Array(S);
  const divisor = new Float64Array(S);
  for (let root = 0; root < S; root++) {
    const here = hostsAt[root]!;
    if (here.length === 0) continue;
    dist.fill(-1);
    dist[root] = 0;
    queue[0] = root;
    let tail = 1;
    let eccentricity = 0;
    for (let head = 0; head < tail; head++) {
      const s = queue[head]!;
      const targets = portTargets[s]!;
      for (let k = 0; k < targets.length; k++) {
        const n = targets[k]!;
        if (n >= 0 && dist[n] === -1) {
          dist[n] = dist[s]! + 1;
          if (dist[n]! > eccentricity) eccentricity = dist[n]!;
          queue[tail++] = n;
        }
      }
    }
    // Per switch: the ports one hop closer to root, in port order, and the digit's divisor c^(e − d)
    // (destination-modulo spreading with a different digit of the host index at each distance; the
    // farthest switches use the lowest digit).
    for (let s = 0; s < S; s++) {
      if (s === root) continue;
      const d = dist[s]!;
      const targets = portTargets[s]!;
      const numbers = portNumbers[s]!;
      let c = 0;
      for (let k = 0; k < targets.length; k++) if (targets[k]! >= 0 && dist[targets[k]!] === d - 1) candidates[s * widest + c++] = numbers[k]!;
      count[s] = c;
      divisor[s] = c ** Math.max(0, eccentricity - d);
    }
    // Row by row (switch s, then its entries of the hosts here): the writes of one row are close
    // together, where host by host each write was a row (4·H bytes) away from the last (at k = 32,
    // 10.5 M writes each to another cache line: most of the build).
    for (let s = 0; s < S; s++) {
      const row = s * H;
      if (s === root) {
        for (const h of here) ports[row + h] = hostPort[h]!;
        continue;
      }
      const first = s * widest;
      const c = count[s]!;
      const div = divisor[s]!;
      for (const h of here) ports[row + h] = candidates[first + (Math.floor(h / div) % c)]!;
    }
  }
  if (given === undefined) return ports;

  let entries = 0;
  for (const [sw, row] of Object.entries(given)) {
    const s = switchIndex.get(sw);
    if (s === undefined) bad(`forwarding.${sw}`, 'a declared switch name', sw);
    if (!isObject(row)) bad(`forwarding.${sw}`, 'an object keyed by host name', row);
    for (const [host, port] of Object.entries(row)) {
      const h = hostIndex.get(host);
      if (h === undefined) bad(`forwarding.${sw}.${host}`, 'keyed by a declared host name', host);
      if (typeof port !== 'number' || !neighbour.get(sw)!.has(port)) bad(`forwarding.${sw}.${host}`, `a port of ${sw} that carries a link`, port);
      ports[s * H + h] = port;
      entries++;
    }
  }
  if (entries > 0) checkRoutes(ports, switches, hosts, neighbour, switchIndex);
  return ports;
}

/**
 * Follows the tables from every switch to every host. Computed entries always step one hop closer,
 * so only a given entry can start a loop or lead astray. Switches already known to reach a host end
 * the walks that meet them: O(switches) per host.
 */
function checkRoutes(
  ports: Int32Array,
  switches: readonly FabricSwitchSpec[],
  hosts: readonly FabricHostSpec[],
  neighbour: Neighbours,
  switchIndex: ReadonlyMap<string, number>,
): void {
  const S = switches.length;
  const H = hosts.length;
  // next[s][port]: the neighbour switch's index, −2 − host index for a host, −1 for no link.
  const hostIndex = new Map(hosts.map((h, i) => [h.name, i]));
  const next = switches.map((s) => {
    const row = new Int32Array(s.ports + 1).fill(-1);
    for (const [port, node] of neighbour.get(s.name)!) row[port] = switchIndex.get(node) ?? -2 - hostIndex.get(node)!;
    return row;
  });
  const reaches = new Int32Array(S).fill(-1); // host index this switch is known to reach
  const onPath = new Int32Array(S).fill(-1); // stamp of the walk the switch is on
  const path = new Int32Array(S + 1);
  for (let h = 0; h < H; h++) {
    for (let s0 = 0; s0 < S; s0++) {
      const stamp = h * S + s0;
      let length = 0;
      for (let at = s0; reaches[at] !== h; ) {
        if (onPath[at] === stamp) bad(`forwarding.${switches[s0]!.name}.${hosts[h]!.name}`, 'a route that reaches the host without a loop', ports[s0 * H + h]);
        onPath[at] = stamp;
        path[length++] = at;
        const n = next[at]![ports[at * H + h]!]!;
        if (n === -2 - h) break;
        if (n < 0) bad(`forwarding.${switches[at]!.name}.${hosts[h]!.name}`, `a port leading towards ${hosts[h]!.name}, not to host ${hosts[-2 - n]!.name}`, ports[at * H + h]);
        at = n;
      }
      for (let i = 0; i < length; i++) reaches[path[i]!] = h;
    }
  }
}

/**
 * The tables keyed by names, `view[switch][host] = port`, over `ports[s·H + h]`: null-prototype
 * records (a switch named `__proto__` is a plain key and cannot reach Object.prototype, issue 23),
 * built on first read and then kept; frozen, as a write to them would not reach the array.
 */
export function namedTables<T extends ArrayLike<number>>(
  switches: readonly FabricSwitchSpec[],
  hosts: readonly FabricHostSpec[],
  values: T,
): () => Readonly<Record<string, Readonly<Record<string, number>>>> {
  let table: Record<string, Record<string, number>> | undefined;
  return () => {
    if (table !== undefined) return table;
    const H = hosts.length;
    table = Object.create(null) as Record<string, Record<string, number>>;
    switches.forEach((s, si) => {
      const row = Object.create(null) as Record<string, number>;
      hosts.forEach((h, hi) => (row[h.name] = values[si * H + hi]!));
      table![s.name] = Object.freeze(row);
    });
    return Object.freeze(table);
  };
}

/**
 * Checks the given VL offsets (`virtualLanes[switch][host]`, integers 0..14, non-zero only on a
 * given forwarding entry) and returns them as null-prototype records.
 *
 * @throws InvalidParameterError naming `topology.virtualLanes`, `virtualLanes.<switch>` or `virtualLanes.<switch>.<host>`.
 */
export function checkVirtualLanes(given: unknown, forwarding: unknown, neighbour: Neighbours, hostNames: ReadonlySet<string>): Record<string, Record<string, number>> {
  if (!isObject(given)) bad('topology.virtualLanes', 'an object keyed by switch name', given);
  const fixed = (isObject(forwarding) ? forwarding : Object.create(null)) as Record<string, Record<string, number> | undefined>;
  const out: Record<string, Record<string, number>> = Object.create(null) as Record<string, Record<string, number>>;
  for (const [sw, entries] of Object.entries(given)) {
    if (!neighbour.has(sw)) bad(`virtualLanes.${sw}`, 'a declared switch name', sw);
    if (!isObject(entries)) bad(`virtualLanes.${sw}`, 'an object keyed by host name', entries);
    const row: Record<string, number> = Object.create(null) as Record<string, number>;
    for (const [host, vl] of Object.entries(entries)) {
      if (!hostNames.has(host)) bad(`virtualLanes.${sw}.${host}`, 'keyed by a declared host name', host);
      if (typeof vl !== 'number' || !Number.isInteger(vl) || vl < 0 || vl > 14) bad(`virtualLanes.${sw}.${host}`, 'an integer VL offset in 0..14', vl);
      if (vl !== 0 && (Object.hasOwn(fixed, sw) ? fixed[sw]?.[host] : undefined) === undefined) {
        bad(`virtualLanes.${sw}.${host}`, 'an offset only on a given forwarding entry (forwarding.' + sw + '.' + host + ')', vl);
      }
      row[host] = vl;
    }
    out[sw] = Object.freeze(row);
  }
  return Object.freeze(out);
}

/** The VL offsets as one array over [s·H + h] (0 where none is given). */
export function virtualLaneOffsets(
  virtualLanes: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined,
  switches: readonly FabricSwitchSpec[],
  hosts: readonly FabricHostSpec[],
): Uint8Array {
  const H = hosts.length;
  const offsets = new Uint8Array(switches.length * H);
  if (virtualLanes === undefined) return offsets;
  const hostIndex = new Map(hosts.map((h, i) => [h.name, i]));
  switches.forEach((s, si) => {
    const row = Object.hasOwn(virtualLanes, s.name) ? virtualLanes[s.name] : undefined;
    if (row === undefined) return;
    for (const [host, vl] of Object.entries(row)) offsets[si * H + hostIndex.get(host)!] = vl;
  });
  return offsets;
}
