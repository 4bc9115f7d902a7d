/**
 * QoS options of the fabric for admitted traffic (Alfaro et al., seed
 * alfaro-packet-size-qos-arbitration-tables.txt; docs/alfaro.md):
 * - per-port VL arbitration tables (`portArbitration`): each output port — switch port "node:port"
 *   or host adapter by the host's name — may have its own tables, e.g. those a bandwidth broker
 *   filled in; ports not named keep the fabric-wide `arbitration`;
 * - packet overhead (`packetHeaderBytes`): header and CRC bytes added to every packet on the wire
 *   (26 = LRH + BTH + ICRC + VCRC, admission/overhead.ts); flows' packet sizes are then payloads;
 * - a delivery observer (`onDeliver`): called with (flow index, creation time, delivery time) for
 *   every packet delivered, so a study can record per-packet facts (deadlines, jitter) from outside
 *   the model (STYLE.md habit 12: models emit, statistics observe).
 */
import { MAX_HEADER_BYTES } from '../../admission/overhead.js';
import type { VlArbiterConfig } from '../../admission/arbiter.js';
import { InvalidParameterError } from '../../core/errors.js';
import { plainObject } from '../../core/guards.js';
import type { OutputArbiter } from './plugins.js';

/** Called for every packet delivered: flow index (order of `flows`), creation and delivery times in seconds. */
export type DeliveryObserver = (flow: number, created: number, delivered: number) => void;

/**
 * Checks `packetHeaderBytes` (an integer 0..126; absent: 0, packet sizes are wire sizes).
 * @throws InvalidParameterError naming `packetHeaderBytes`.
 */
export function checkPacketHeaderBytes(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_HEADER_BYTES) {
    throw new InvalidParameterError('packetHeaderBytes', `an integer number of bytes in 0..${MAX_HEADER_BYTES}`, value);
  }
  return value;
}

/** Checks `onDeliver` (a function or absent). @throws InvalidParameterError naming `onDeliver`. */
export function checkDeliveryObserver(value: unknown): DeliveryObserver | null {
  if (value === undefined) return null;
  if (typeof value !== 'function') throw new InvalidParameterError('onDeliver', 'a function (flow, created, delivered)', value);
  return value as DeliveryObserver;
}

/**
 * One output arbiter per global port: the port's own tables from `portArbitration` when it names the
 * port, else the fabric-wide tables. `make` builds an arbiter from tables (and throws on bad ones).
 *
 * @throws InvalidParameterError naming `portArbitration.<port>` for a name that is not an output
 *   port of the topology, or for bad tables.
 */
export function compilePortArbiters(
  spec: unknown,
  portNames: readonly string[],
  fallback: VlArbiterConfig | ((port: number) => VlArbiterConfig),
  make: (config: VlArbiterConfig) => OutputArbiter,
): OutputArbiter[] {
  const base = (g: number): VlArbiterConfig => (typeof fallback === 'function' ? fallback(g) : fallback);
  if (spec === undefined) return portNames.map((_, g) => make(base(g)));
  const own = plainObject('portArbitration', spec);
  const index = new Map(portNames.map((n, g) => [n, g]));
  const configs: VlArbiterConfig[] = portNames.map((_, g) => base(g));
  for (const [name, config] of Object.entries(own)) {
    const g = index.get(name);
    if (g === undefined) throw new InvalidParameterError(`portArbitration.${name}`, 'a port of the topology ("switch:port", or a host name)', name);
    configs[g] = config as VlArbiterConfig;
  }
  return configs.map((config, g) => {
    try {
      return make(config);
    } catch (e) {
      if (e instanceof InvalidParameterError) throw new InvalidParameterError(e.parameter.replace(/^config/, `portArbitration.${portNames[g]}`), e.rule, e.value);
      throw e;
    }
  });
}
