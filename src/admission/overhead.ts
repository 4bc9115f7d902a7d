/**
 * InfiniBand packet overhead: the headers and CRCs every data packet carries on the wire besides its
 * payload (InfiniBand Architecture Specification vol. 1, rel. 1.2: local route header LRH 8 bytes
 * §7.7, base transport header BTH 12 bytes §9.2, invariant CRC ICRC 4 bytes §7.8.1, variant CRC
 * VCRC 2 bytes §7.8.2; the global route header GRH, 40 bytes §8.3, only between subnets). Extended
 * transport headers (RETH, DETH, …) depend on the operation and are not counted: the seed's CBR
 * connections are modelled as plain sends.
 *
 * A connection of mean payload bandwidth B sent in packets of S payload bytes puts B·(S + h)/S on
 * every link of its path, h the header bytes: that is what the broker reserves (Alfaro et al.,
 * Alfaro et al. §4.3: "with a larger packet size … the
 * overhead that the packet header means decreases").
 */
import { InvalidParameterError } from '../core/errors.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** Local route header, bytes (IBA vol. 1 §7.7). */
export const LRH_BYTES = 8;
/** Base transport header, bytes (IBA vol. 1 §9.2). */
export const BTH_BYTES = 12;
/** Invariant CRC, bytes (IBA vol. 1 §7.8.1). */
export const ICRC_BYTES = 4;
/** Variant CRC, bytes (IBA vol. 1 §7.8.2). */
export const VCRC_BYTES = 2;
/** Global route header, bytes (IBA vol. 1 §8.3); present only on packets routed between subnets. */
export const GRH_BYTES = 40;
/** The smallest and largest payload (MTU) InfiniBand allows, bytes (the seed's §4.1: 256..4096). */
export const MIN_PAYLOAD_BYTES = 256;
export const MAX_PAYLOAD_BYTES = 4096;

/** The most header and CRC bytes an IBA packet may carry besides its payload (vol. 1 §7.7.8, LRH:PktLen). */
export const MAX_HEADER_BYTES = 126;

/** Packet format of a connection or a flow. */
export interface PacketFormatSpec {
  /** Payload bytes per packet, an integer 256..4096. */
  readonly payloadBytes: number;
  /** Whether packets carry a GRH (40 bytes more). Default false. */
  readonly globalRouteHeader?: boolean;
  /**
   * Header and CRC bytes per packet, replacing the count above (an integer 0..126, IBA's largest
   * header-plus-CRC size): for readings of simulators that count other headers (docs/alfaro.md).
   */
  readonly headerBytes?: number;
}

/** A checked packet format. */
export interface PacketFormat {
  readonly payloadBytes: number;
  /** LRH + BTH + ICRC + VCRC (+ GRH): 26, or 66 with a GRH. */
  readonly headerBytes: number;
  /** payloadBytes + headerBytes: the bytes the packet takes on the wire. */
  readonly wireBytes: number;
}

/**
 * Header bytes of a data packet: LRH + BTH + ICRC + VCRC = 8 + 12 + 4 + 2 = 26, plus 40 with a GRH.
 * @example packetHeaderBytes(false)  // → 26
 */
export function packetHeaderBytes(globalRouteHeader = false): number {
  checkKind('globalRouteHeader', globalRouteHeader, 'boolean');
  return LRH_BYTES + BTH_BYTES + ICRC_BYTES + VCRC_BYTES + (globalRouteHeader ? GRH_BYTES : 0);
}

/**
 * Checks a packet format (`field` names it in errors).
 * @throws InvalidParameterError for a payload outside 256..4096 or not an integer, or a non-boolean GRH flag.
 * @example packetFormat({ payloadBytes: 2048 }).wireBytes  // → 2074
 */
export function packetFormat(spec: unknown, field = 'packet'): PacketFormat {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    throw new InvalidParameterError(field, 'an object { payloadBytes, globalRouteHeader? }', spec);
  }
  const s = spec as Record<string, unknown>;
  for (const key of Object.keys(s)) {
    if (key !== 'payloadBytes' && key !== 'globalRouteHeader' && key !== 'headerBytes') {
      throw new InvalidParameterError(`${field}.${key}`, 'a known key (payloadBytes, globalRouteHeader, headerBytes)', key);
    }
  }
  const payload = s.payloadBytes;
  if (typeof payload !== 'number' || !Number.isInteger(payload) || payload < MIN_PAYLOAD_BYTES || payload > MAX_PAYLOAD_BYTES) {
    throw new InvalidParameterError(`${field}.payloadBytes`, `an integer number of bytes in ${MIN_PAYLOAD_BYTES}..${MAX_PAYLOAD_BYTES} (InfiniBand's MTUs)`, payload);
  }
  if (s.globalRouteHeader !== undefined && typeof s.globalRouteHeader !== 'boolean') {
    throw new InvalidParameterError(`${field}.globalRouteHeader`, 'true or false', s.globalRouteHeader);
  }
  let headerBytes = packetHeaderBytes(s.globalRouteHeader === true);
  if (s.headerBytes !== undefined) {
    if (typeof s.headerBytes !== 'number' || !Number.isInteger(s.headerBytes) || s.headerBytes < 0 || s.headerBytes > MAX_HEADER_BYTES) {
      throw new InvalidParameterError(`${field}.headerBytes`, `an integer number of bytes in 0..${MAX_HEADER_BYTES}`, s.headerBytes);
    }
    headerBytes = s.headerBytes;
  }
  return { payloadBytes: payload, headerBytes, wireBytes: payload + headerBytes };
}

/**
 * The bandwidth a connection takes on the wire: B·(S + h)/S (same unit as B).
 * @example wireBandwidth(1, packetFormat({ payloadBytes: 256 }))  // → 1.1015625
 */
export function wireBandwidth(payloadBandwidth: number, format: PacketFormat): number {
  checkKind('payloadBandwidth', payloadBandwidth, 'number');
  recordParameter('format', format, { payloadBytes: 'number', headerBytes: 'number', wireBytes: 'number' });
  return (payloadBandwidth * format.wireBytes) / format.payloadBytes;
}
