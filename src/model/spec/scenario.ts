/**
 * The fabric model's checking front door: the params of the simulator's `fabric` scenario (the same
 * JSON, the same field names) resolved into a {@link ModelNetwork}: the topology checked by the
 * network floor's validation, each flow's path read off the forwarding tables (with the tables' VL
 * offsets), SL→VL, the VL arbitration tables of every port, the buffers and latencies. What the
 * model does not represent is refused with an error naming the field, or flagged on the flows it
 * touches (rate control).
 */
import { VlArbiter, type VlArbiterConfig } from '../../admission/arbiter.js';
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';
import { validateFabricTopology, type FabricTopology } from '../../network/topology.js';
import { parseFlow } from './flowSpec.js';
import { NameSet } from './nameSet.js';
import { LftRouter } from '../routes/lftRoutes.js';
import { attachFlowTable, flowArrays } from '../routes/routes.js';
import type { ModelFlow, ModelNetwork, ModelPort } from './network.js';
import { slToVlTable } from '../../network/qos/slToVl.js';

/** Every key of the simulator's `fabric` params (FabricOptions without seed, streams, replication). */
export const FABRIC_PARAM_KEYS = [
  'topology', 'flows', 'vls', 'bufferBytes', 'outputBufferBytes', 'crossbarSpeedup', 'mtu', 'switchLatencyNs', 'ackBytes', 'cutThrough', 'slToVl',
  'arbitration', 'hostArbitration', 'marking', 'latencyHistogram', 'inputQueueing', 'hostInjectionGbps', 'hostReceiveGbps', 'hostTraffic', 'hostQueueing',
  'portArbitration', 'packetHeaderBytes', 'onDeliver', 'multipath', 'deadlockUs',
  // The simulator's choice of engine (fabricScenario.ts), not the network's: the model reads it not.
  'engine',
] as const;

/** Credit block, bytes (IBA). */
const BLOCK = 64;

function arbitrationOf(field: string, value: unknown): VlArbiterConfig {
  const a = plainObject(field, value);
  knownKeys(field, a, ['high', 'low', 'limitOfHighPriority']);
  try {
    new VlArbiter(value as VlArbiterConfig);
  } catch (e) {
    if (e instanceof InvalidParameterError) throw new InvalidParameterError(e.parameter.replace(/^config/, field), e.rule, e.value);
    throw e;
  }
  return value as VlArbiterConfig;
}

const notModelled = (field: string, value: unknown, rule: string): never => {
  throw new InvalidParameterError(field, `${rule} (the analytic fabric model does not represent it)`, value);
};

/**
 * Resolves `fabric` scenario params into the model's network.
 *
 * @throws InvalidParameterError naming the field (`flows[2].traffic.rate`, `topology.links[0].b`,
 *   `arbitration.low[1].weight`, …) and the rule; for options the model does not represent
 *   (`multipath`, `hostTraffic`, `outputBufferBytes` > 0, `hostReceiveGbps`) the same, saying so.
 * @example fabricModelNetwork({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }] }).ports.length; // → 4
 */
export function fabricModelNetwork(params: unknown): ModelNetwork {
  const o = plainObject('params', params);
  for (const key of ['seed', 'streams', 'replication']) {
    if (o[key] !== undefined) throw new InvalidParameterError(key, 'absent (the run layer sets the streams: use the run seed)', o[key]);
  }
  knownKeys('params', o, FABRIC_PARAM_KEYS);
  const topology: FabricTopology = validateFabricTopology(o.topology as never);
  const vls = o.vls === undefined ? 2 : (o.vls as number);
  if (typeof vls !== 'number' || !Number.isInteger(vls) || vls < 1 || vls > 15) throw new InvalidParameterError('vls', 'an integer in 1..15', o.vls);
  const mtu = o.mtu === undefined ? 2048 : (o.mtu as number);
  if (typeof mtu !== 'number' || !Number.isInteger(mtu) || mtu < 256 || mtu > 4096) throw new InvalidParameterError('mtu', 'an integer in 256..4096', o.mtu);
  const header = o.packetHeaderBytes === undefined ? 0 : (o.packetHeaderBytes as number);
  if (typeof header !== 'number' || !Number.isInteger(header) || header < 0 || header > 126) throw new InvalidParameterError('packetHeaderBytes', 'an integer in 0..126', o.packetHeaderBytes);
  const bufferBytes = o.bufferBytes === undefined ? 8192 : (o.bufferBytes as number);
  if (typeof bufferBytes !== 'number' || !Number.isInteger(bufferBytes) || Math.floor(bufferBytes / BLOCK) < Math.ceil((mtu + header) / BLOCK)) {
    throw new InvalidParameterError('bufferBytes', `an integer of at least one MTU with its headers (${mtu + header} bytes)`, o.bufferBytes);
  }
  if (o.outputBufferBytes !== undefined && o.outputBufferBytes !== 0) notModelled('outputBufferBytes', o.outputBufferBytes, '0 (no output buffers)');
  if (o.crossbarSpeedup !== undefined) notModelled('crossbarSpeedup', o.crossbarSpeedup, 'absent');
  if (o.multipath !== undefined) notModelled('multipath', o.multipath, 'absent (the forwarding tables alone)');
  if (o.hostTraffic !== undefined) notModelled('hostTraffic', o.hostTraffic, 'absent (flows only)');
  if (o.hostReceiveGbps !== undefined) notModelled('hostReceiveGbps', o.hostReceiveGbps, 'absent (hosts sink at any rate)');
  if (o.onDeliver !== undefined) notModelled('onDeliver', o.onDeliver, 'absent');
  const switchLatencyNs = o.switchLatencyNs === undefined ? 100 : (o.switchLatencyNs as number);
  if (typeof switchLatencyNs !== 'number' || !Number.isFinite(switchLatencyNs) || switchLatencyNs < 0) throw new InvalidParameterError('switchLatencyNs', 'a finite number >= 0 (ns)', o.switchLatencyNs);
  if (o.cutThrough !== undefined && typeof o.cutThrough !== 'boolean') throw new InvalidParameterError('cutThrough', 'a boolean', o.cutThrough);
  const inputQueueing = o.inputQueueing ?? 'fifo';
  if (inputQueueing !== 'fifo' && inputQueueing !== 'voq') throw new InvalidParameterError('inputQueueing', "'fifo' or 'voq'", o.inputQueueing);
  if (o.hostQueueing !== undefined && o.hostQueueing !== 'flow-round-robin' && o.hostQueueing !== 'vl-fifo') throw new InvalidParameterError('hostQueueing', "'flow-round-robin' or 'vl-fifo'", o.hostQueueing);
  let injection = Infinity;
  if (o.hostInjectionGbps !== undefined) {
    injection = o.hostInjectionGbps as number;
    if (typeof injection !== 'number' || !(injection > 0) || !Number.isFinite(injection)) throw new InvalidParameterError('hostInjectionGbps', 'a finite number > 0 (Gb/s)', o.hostInjectionGbps);
  }
  const slToVl = slToVlTable(vls, o.slToVl);
  const switchArb: VlArbiterConfig =
    o.arbitration === undefined ? { high: [], low: Array.from({ length: vls }, (_, vl) => ({ vl, weight: 1 })), limitOfHighPriority: 255 } : arbitrationOf('arbitration', o.arbitration);
  const hostArb = o.hostArbitration === undefined ? switchArb : arbitrationOf('hostArbitration', o.hostArbitration);
  const perPort = new Map<string, VlArbiterConfig>();
  if (o.portArbitration !== undefined) {
    for (const [name, config] of Object.entries(plainObject('portArbitration', o.portArbitration))) perPort.set(name, arbitrationOf(`portArbitration.${name}`, config));
  }

  // Ports: switch ports first (switch order, port order), then one per host (host order): the simulator's order.
  const switchIndex = new Map(topology.switches.map((s, i) => [s.name, i]));
  const hostIndex = new Map(topology.hosts.map((h, i) => [h.name, i]));
  const switchBase: number[] = [];
  let G = 0;
  for (const s of topology.switches) ((switchBase[switchBase.length] = G), (G += s.ports));
  const hostBase = G;
  G += topology.hosts.length;
  const portOf = (node: string, port: number) => (switchIndex.has(node) ? switchBase[switchIndex.get(node)!]! + port - 1 : hostBase + hostIndex.get(node)!);
  const names: string[] = [];
  topology.switches.forEach((s) => {
    for (let k = 1; k <= s.ports; k++) names.push(`${s.name}:${k}`);
  });
  for (const h of topology.hosts) names.push(h.name);
  for (const name of perPort.keys()) if (!names.includes(name)) throw new InvalidParameterError(`portArbitration.${name}`, 'a port of the topology ("switch:port" or a host name)', name);
  const ports: (ModelPort | null)[] = new Array(G).fill(null);
  const peerNode: string[] = new Array(G).fill('');
  for (const l of topology.links) {
    for (const [me, other] of [[l.a, l.b], [l.b, l.a]] as const) {
      const g = portOf(me.node, me.port);
      const host = hostIndex.has(me.node);
      const towardsHost = hostIndex.has(other.node);
      const rateGbps = host ? Math.min(l.rateGbps, injection) : l.rateGbps;
      peerNode[g] = other.node;
      ports[g] = {
        name: names[g]!,
        rate: (rateGbps * 1e9) / 8,
        delay: l.delayNs * 1e-9,
        exponential: l.service === 'exponential',
        host,
        downstreamBufferBytes: towardsHost ? Infinity : bufferBytes,
        downstreamLatency: towardsHost ? 0 : switchLatencyNs * 1e-9,
        arbitration: perPort.get(names[g]!) ?? (host ? hostArb : switchArb),
      };
    }
  }
  const unused: ModelPort = { name: '', rate: 1, delay: 0, exponential: false, host: false, downstreamBufferBytes: Infinity, downstreamLatency: 0, arbitration: switchArb };
  const router = new LftRouter(topology, { switchBase, hostBase, peerNode, switchIndex, hostIndex }, vls);
  if (!Array.isArray(o.flows)) throw new InvalidParameterError('flows', 'an array of flows', o.flows);
  const seen = new NameSet();
  const flows: ModelFlow[] = [];
  o.flows.forEach((spec, i) => {
    const field = `flows[${i}]`;
    const f = parseFlow(field, spec, mtu);
    if (!seen.add(f.name)) throw new InvalidParameterError(`${field}.name`, 'a name no other flow has', f.name);
    const src = hostIndex.get(f.source);
    if (src === undefined) throw new InvalidParameterError(`${field}.source`, 'a host of the topology', f.source);
    const one = f.destination === 'uniform' ? undefined : hostIndex.get(f.destination);
    if (f.destination !== 'uniform' && (one === undefined || f.destination === f.source)) {
      throw new InvalidParameterError(`${field}.destination`, "another host of the topology or 'uniform'", f.destination);
    }
    const vl = slToVl[f.sl]!;
    const meanBytes = f.meanBytes + header;
    const secondMomentBytes = f.secondMomentBytes + 2 * header * f.meanBytes + header * header;
    // One destination, or every other host (no list made for the one).
    const targets = one !== undefined ? null : topology.hosts.map((h) => h.name).filter((h) => h !== f.source);
    const count = targets === null ? 1 : targets.length;
    for (let k = 0; k < count; k++) {
      const dst = targets === null ? one! : hostIndex.get(targets[k]!)!;
      const r = router.pathOf(router.addFlow(src, dst, vl, field));
      const name = count > 1 ? `${f.name}→${targets![k]!}` : f.name;
      flows.push({ name, group: f.name, path: r.path, vls: r.vls, lambda: f.lambda / count, ca2: f.ca2, meanBytes, secondMomentBytes, sendQueuePackets: f.sendQueuePackets, rateControlled: f.rateControlled });
    }
  });
  // The paths again as the shared route table, for the solver (routes.ts).
  attachFlowTable(flows, { routes: router.table(), numbers: flowArrays({ ports: [], flows, vls, cutThrough: true }) });
  // Frozen, so that the compiled model kept with this network (compile.ts) stays its model: the flow table above
  // already holds the flows' numbers, and a port changed in place would otherwise be missed by the kept arrays.
  return Object.freeze({
    ports: Object.freeze(ports.map((p) => Object.freeze(p ?? unused))),
    flows: Object.freeze(flows),
    vls,
    cutThrough: (o.cutThrough as boolean | undefined) ?? true,
    voq: inputQueueing === 'voq',
  });
}
