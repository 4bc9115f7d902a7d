/**
 * The bandwidth broker on a fabric topology (src/network): the JSON that `ibqos topology import`
 * writes (a `fabric` scenario file, its `params.topology`) or a bare fabric topology, generated or
 * written by hand. Each output port drives one directed link, named `"node:port"` (a host's is
 * `"host:1"`), of the port's link rate in Gb/s; a request names its source and destination hosts
 * and its path is the route the network floor reads off the forwarding tables (the file's LFTs
 * where it has them, else the floor's min-hop tables). The broker's own rules (SL shares,
 * best-effort reserve, arbitration options, packet format) come from a policy; the SL→VL table
 * defaults to the file's (`params.slToVl`). The file's arbitration tables are not read: the broker
 * programs the tables, and the policy's `arbitration` sets its high limit and low table.
 */
import { InvalidParameterError } from '../core/errors.js';
import { plainObject } from '../core/guards.js';
import { validateFabricTopology, type FabricTopology } from '../network/topology.js';
import { pathHops } from '../network/routing/paths.js';
import type { ArbitrationSpec, ExactInput, TopologySpec } from './topology.js';
import type { PacketFormatSpec } from './overhead.js';
import { recordParameter } from '../core/shapes.js';

/** The broker's rules on a fabric topology: the link format's keys other than its links and switches. */
export interface FabricAdmissionPolicy {
  readonly slShares?: Readonly<Record<string, ExactInput>>;
  readonly slToVl?: readonly number[] | Readonly<Record<string, number>>;
  readonly bestEffortReserve?: ExactInput;
  readonly arbitration?: ArbitrationSpec;
  readonly packet?: PacketFormatSpec;
}

/** A fabric topology made ready for the broker. */
export interface FabricBrokerTopology {
  /** The validated fabric (routes completed). */
  readonly fabric: FabricTopology;
  /** The broker's link-format topology: one link per output port, id "node:port" (which also labels the port's table), bandwidth in Gb/s. */
  readonly topology: TopologySpec;
  /** The link ids from host `source` to host `destination` (the routed path). */
  path(source: string, destination: string): string[];
}

/** Whether a parsed JSON file is a fabric topology or a `fabric` scenario file holding one (not the link format). */
export function isFabricTopologyFile(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const o = json as Record<string, unknown>;
  if (Array.isArray(o.switches) && Array.isArray(o.hosts)) return true;
  return typeof o.params === 'object' && o.params !== null && 'topology' in o.params;
}

/**
 * Reads a fabric topology (or a `fabric` scenario file) for the broker; `policy` adds the broker's
 * rules (its `slToVl` wins over the file's).
 *
 * @throws InvalidParameterError naming the field of the file (`topology.links[2].b must be …`) or
 *   of the policy.
 * @example
 *   const b = brokerTopologyOfFabric(twoSwitchTopology());
 *   new BandwidthBroker(b.topology).admit({ id: 1, path: b.path('A1', 'Bv'), sl: 0, bandwidth: 1 }).admitted // → true
 */
export function brokerTopologyOfFabric(file: unknown, policy: FabricAdmissionPolicy = {}): FabricBrokerTopology {
  const o = plainObject('topology', file);
  const params = o.params === undefined ? undefined : plainObject('topology.params', o.params);
  const fabric = validateFabricTopology(params === undefined ? o : params.topology);
  const links: { id: string; bandwidth: number; from: string; to: string }[] = [];
  for (const l of fabric.links) {
    for (const [from, to] of [[l.a, l.b], [l.b, l.a]] as const) {
      const id = `${from.node}:${from.port}`;
      links.push({ id, bandwidth: l.rateGbps, from: from.node, to: to.node });
    }
  }
  const slToVl = policy.slToVl ?? (params?.slToVl as TopologySpec['slToVl']);
  const arbitration = policy.arbitration;
  const topology: TopologySpec = {
    links,
    bandwidthUnit: 'Gb/s',
    ...(policy.slShares === undefined ? {} : { slShares: policy.slShares }),
    ...(slToVl === undefined ? {} : { slToVl }),
    ...(policy.bestEffortReserve === undefined ? {} : { bestEffortReserve: policy.bestEffortReserve }),
    ...(arbitration === undefined ? {} : { arbitration }),
    ...(policy.packet === undefined ? {} : { packet: policy.packet }),
  };
  return {
    fabric,
    topology,
    path: (source, destination) => pathHops(fabric, source, destination).map((h) => `${h.node}:${h.port}`),
  };
}

/** The policy keys {@link brokerTopologyOfFabric} reads. */
export const FABRIC_POLICY_KEYS = ['slShares', 'slToVl', 'bestEffortReserve', 'arbitration', 'packet'] as const;

/**
 * A request that names hosts, `{ id, source, destination, sl, bandwidth, … }`, as the broker's
 * request with the routed `path` in their place; other items (releases, requests with a `path`)
 * pass through as they are.
 *
 * @throws InvalidParameterError naming `source`, `destination` (not hosts, the same host twice) or
 *   `path` (given beside `source`).
 */
export function routeHostRequest(fabric: FabricBrokerTopology, item: unknown): unknown {
  recordParameter('fabric', fabric, { path: 'function' });
  if (typeof item !== 'object' || item === null || !('source' in item || 'destination' in item)) return item;
  const { source, destination, ...rest } = item as Record<string, unknown>;
  if ('path' in rest) throw new InvalidParameterError('path', 'absent when the request names its source and destination hosts', rest.path);
  if (typeof source !== 'string') throw new InvalidParameterError('source', 'the name of a host of the topology', source);
  if (typeof destination !== 'string') throw new InvalidParameterError('destination', 'the name of a host of the topology', destination);
  return { ...rest, path: fabric.path(source, destination) };
}
