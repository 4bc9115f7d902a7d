/**
 * The front door of the host-adapter and input-queueing options added for Gran et al.: the host
 * injection cap, the host receive (sink) cap, per-packet {@link HostTraffic} instead of flows,
 * FIFO or virtual-output-queue switch input buffers, and how a host's flows share its VLs. Every default changes nothing for fabrics
 * built without them.
 */
import { InvalidParameterError } from '../../../core/errors.js';
import { oneOf } from '../../../core/guards.js';
import { linkBytesPerSecond, linkRateGbps } from '../../../network/topology.js';
import type { HostTraffic } from './hostTraffic.js';

/** The options of buildFabric that this file checks (see FabricOptions for their meaning). */
export interface HostOptionsSpec {
  readonly inputQueueing?: 'fifo' | 'voq';
  readonly hostInjectionGbps?: number;
  readonly hostReceiveGbps?: number;
  readonly hostTraffic?: HostTraffic;
  readonly hostQueueing?: 'flow-round-robin' | 'vl-fifo';
}

/** The compiled form of {@link HostOptionsSpec}, as CompiledFabric holds it. */
export interface CompiledHostOptions {
  /** Host traffic asked packet by packet (null: the flows). */
  readonly hostTraffic: HostTraffic | null;
  /** Host injection cap, bytes/s (Infinity: none). */
  readonly injectionRate: number;
  /** Host receive (sink) cap, bytes/s (Infinity: hosts take every packet at once, unlimited credits). */
  readonly receiveRate: number;
  readonly inputQueueing: 'fifo' | 'voq';
  /** How a host's flows share each VL of its port (hostAdapter.ts): one round robin over the flows, or one FIFO per VL. */
  readonly hostQueueing: 'flow-round-robin' | 'vl-fifo';
}

/**
 * Checks the host and input-queueing options.
 * @throws InvalidParameterError naming the option (`hostInjectionGbps`, `hostTraffic.packetBytes`,
 *   `flows` when both flows and hostTraffic are given, …).
 */
export function compileHostOptions(o: Record<string, unknown>, mtu: number, flowCount: number): CompiledHostOptions {
  const inputQueueing = o.inputQueueing === undefined ? 'fifo' : oneOf('inputQueueing', o.inputQueueing, ['fifo', 'voq'] as const);
  const marking = o.marking as { kind?: unknown; scope?: unknown } | undefined;
  if (inputQueueing === 'voq' && typeof marking === 'object' && marking !== null && marking.kind === 'ecn') {
    // The thesis's ECN rule reacts to a FIFO input buffer filling (every output waited for in it).
    throw new InvalidParameterError('inputQueueing', "'fifo' with ECN marking (its buffer-full rule is defined on FIFO buffers)", inputQueueing);
  }
  if (inputQueueing === 'voq' && typeof marking === 'object' && marking !== null && marking.kind === 'ibcc' && marking.scope === 'buffer') {
    // Marking every packet of an input buffer walks it as one FIFO.
    throw new InvalidParameterError('inputQueueing', "'fifo' with IB CC marking scope 'buffer' (it marks the packets of a FIFO input buffer)", inputQueueing);
  }
  const injectionRate = o.hostInjectionGbps === undefined ? Infinity : linkBytesPerSecond(linkRateGbps('hostInjectionGbps', o.hostInjectionGbps));
  const receiveRate = o.hostReceiveGbps === undefined ? Infinity : linkBytesPerSecond(linkRateGbps('hostReceiveGbps', o.hostReceiveGbps));
  let hostTraffic: HostTraffic | null = null;
  if (o.hostTraffic !== undefined) {
    const t = o.hostTraffic as HostTraffic;
    const methods = ['next', 'sent', 'delivered', 'becn', 'resetStatistics'] as const;
    if (typeof t !== 'object' || t === null || methods.some((m) => typeof t[m] !== 'function')) {
      throw new InvalidParameterError('hostTraffic', `a HostTraffic (${methods.join(', ')})`, o.hostTraffic);
    }
    if (flowCount > 0) throw new InvalidParameterError('flows', 'empty when hostTraffic is given', flowCount);
    if (!(Number.isInteger(t.packetBytes) && t.packetBytes > 0 && t.packetBytes <= mtu)) {
      throw new InvalidParameterError('hostTraffic.packetBytes', `an integer in 1..${mtu} (the MTU)`, t.packetBytes);
    }
    hostTraffic = t;
  }
  const hostQueueing = o.hostQueueing === undefined ? 'flow-round-robin' : oneOf('hostQueueing', o.hostQueueing, ['flow-round-robin', 'vl-fifo'] as const);
  if (hostTraffic !== null && o.hostQueueing !== undefined) {
    throw new InvalidParameterError('hostQueueing', 'absent with hostTraffic (its generator chooses every packet)', o.hostQueueing);
  }
  return { hostTraffic, injectionRate, receiveRate, inputQueueing, hostQueueing };
}
