/**
 * The parameters of the built-in scenario `congestion-spreading` (thesis ch. 3, Fig. 3.1): their
 * defaults — the thesis's set-up where it gives one, a written reading where it does not — and the
 * checking front door. docs/fabric.md § "What differs from the thesis" lists every switch with the
 * victim's throughput on and off.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { capacityOrInfinity, integerAtLeast, knownKeys, numberInRange, oneOf, plainObject } from '../../core/guards.js';
import { GAP_RULES, type GapRule } from '../../sim/fabric/plugins.js';
import { linkRateGbps } from '../../network/topology.js';
import { MAX_RATE_UNIT_BYTES } from '../../sim/fabric/buildFlows.js';

/** The rate-control choices of the scenario. */
export const RATE_CONTROLS = ['none', 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'] as const;
/** One of {@link RATE_CONTROLS}. */
export type RateControlName = (typeof RATE_CONTROLS)[number];

/**
 * How the two service levels are carried (thesis §3.4: "two different classes of traffic flows
 * injected into each link with different SLs priorities. There are one remote flow and one local
 * flow"; Table 3.2 lists r1 (low) and r2 (high) at switch A and at switch B):
 * - `'both'` (default): the local flow B1→Bc and the remote flow A1→Bc each carry a high-priority
 *   class (r2) and a low-priority class (r1), so switch A's r1/r2 are the remote flow's classes and
 *   switch B's the local flow's — the four cells of Tables 3.2–3.3;
 * - `'split'`: the local flow is high priority, the remote flow low (the project's first reading; it
 *   matches two of the four cells: B's r2 and A's r1).
 */
export const CLASS_READINGS = ['both', 'split'] as const;

/** Which outputs an ECN marking event arms (docs/fabric.md § marking). */
export const MARKING_OUTPUTS = ['congested', 'waited-for'] as const;

/** How a port's input VL buffers hold packets (docs/fabric.md § the carried load, third pass). */
export const BUFFER_SHARINGS = ['per-vl', 'shared'] as const;

/** Which buffer's filling arms the ECN counters (docs/fabric.md § the carried load, third pass). */
export const MARKING_BUFFERS = ['input', 'output'] as const;

/** Where the ECN counters live (docs/fabric.md § marking). */
export const MARKING_COUNTERS = ['shared', 'per-vl'] as const;

/** Parameters of `congestion-spreading` (all optional in the input; defaults below). */
export interface CongestionSpreadingParams {
  /** Response of the high-priority class (thesis r2): 'none' (default), 'pipd', 'fimd', 'lipd', 'aimd', 'ibcc'. */
  readonly rateControlHigh: RateControlName;
  /** Response of the low-priority class (thesis r1; Table 3.3 runs FIMD here under PIPD on r2). */
  readonly rateControlLow: RateControlName;
  /** Put the victim flow under the low-priority response too (default false: the thesis controls "one remote flow and one local flow"). */
  readonly controlVictim: boolean;
  /** How the two SLs are carried: {@link CLASS_READINGS} (default 'both'). */
  readonly classes: (typeof CLASS_READINGS)[number];
  /**
   * The victim's service level: 0 (default: low priority, VL 0, the remote low class's buffers) or 1
   * (high priority, VL 1). The thesis gives the victim no SL; a reading tried for Tables 3.2–3.3.
   */
  readonly victimSl: 0 | 1;
  /** Victim's offered load as a fraction of the link rate, in (0, 1] (default 0.4). */
  readonly victimLoad: number;
  /** Link data rate, Gb/s (default 2.5: 1x SDR). */
  readonly linkGbps: number;
  /** Packet size = MTU, bytes (default 2048: the thesis's "4 packets of 2KB per port"). */
  readonly packetBytes: number;
  /** Input buffer per VL, packets (default 4: "A typical InfiniBand switch can hold 4 packets of 2KB per port", §3.1). */
  readonly bufferPackets: number;
  /**
   * 'per-vl' (default: each VL its own `bufferPackets`, InfiniBand's per-VL credits) or 'shared'
   * (the port's two VL buffers pooled, 2 × `bufferPackets` packets, any VL taking any free block:
   * "4 packets of 2KB per port", §3.1, with `bufferPackets: 2`; the fabric's `inputBufferSharing`).
   */
  readonly bufferSharing: (typeof BUFFER_SHARINGS)[number];
  /**
   * R_min of the high-priority class = R_max ÷ this (default 128: §3.4 "R_min-high = R_max/128 for
   * the high priority flow r2"). 256 reads the Table 3.3 paragraph's "We set factor n = 4 and the
   * minimum rate R_min = R_max/256" as holding for both classes in that run.
   */
  readonly rateMinHighDivisor: number;
  /**
   * Bytes in one unit of the response functions' rates (default 64: rates in 64-byte blocks per
   * second, read from the thesis's own averages — docs/fabric.md § the rate unit); the packet size
   * gives rates in packets per second, 10^6 MB/s (the unit in which PIPD's increase is gradual,
   * R_min^m ≤ R_max). Any integer in 1..10^9.
   */
  readonly rateUnitBytes: number;
  /** Where a controlled source starts: 'min' (default, thesis §3.3.3: "At the beginning, injection rate r is set to R_min") or 'max'. */
  readonly startRate: 'min' | 'max';
  /** Unacknowledged packets a controlled flow may have in the network (default Infinity: the thesis names a window limit but no value). */
  readonly windowPackets: number;
  /**
   * What a rate change does to the gap before a controlled flow's next packet, set when its last
   * packet went ({@link GapRule}). Default 'rescale': any change rescales the rest of the gap, so a
   * source free to send injects at exactly its rate r at every moment — the reading of "control the
   * source injection rate r" (§3.3.2) and of Table 3.2's "average injection rate" (docs/fabric.md).
   * 'shorten' (the scenario before: only a faster rate acts on the pending gap, so a source injects
   * faster than r after each decrease), 'fixed', 'restart'.
   */
  readonly rateGap: GapRule;
  /**
   * Which outputs an input buffer that becomes full arms (cnt2 = cnt1): 'congested' (default: the
   * output its head packet waits for, the link that holds it full — §3.3.1 read through its
   * output-buffer analogy) or 'waited-for' (every output a packet in it waits for: Santos et al.'s
   * rule, the mechanism the thesis cites).
   */
  readonly markingOutputs: (typeof MARKING_OUTPUTS)[number];
  /**
   * ECN counters cnt1/cnt2: 'shared' (default: one pair per output link for all its VLs — §3.3.1:
   * "two counters are needed for each output link") or 'per-vl' (a pair per output link and VL).
   */
  readonly markingCounters: (typeof MARKING_COUNTERS)[number];
  /**
   * Which buffer "becomes full" (§3.3.1): 'input' (default: an input VL buffer, or the port's pool
   * with `bufferSharing: 'shared'`) or 'output' (the packets in the switch waiting for the output
   * link, cnt1's, against a buffer of an input buffer's size: §3.1's "the configuration of the
   * switches with the input buffer is the same as that with output buffer in ATM networks").
   */
  readonly markingBuffer: (typeof MARKING_BUFFERS)[number];
  /**
   * ACK size in bytes (default 30, an InfiniBand ACK: LRH 8 + BTH 12 + AETH 4 + ICRC 4 + VCRC 2; the
   * thesis: "The destination returns an acknowledgment packet"): its transmission time is added to the
   * ACK's way back. 0 = out of band. ACKs never queue (the reverse links carry nothing else here).
   */
  readonly ackBytes: number;
  /** IB CC threshold weight 0..15 (default 4: a port-VL is congested when 3/4 of a VL buffer waits for it). */
  readonly ibccThreshold: number;
  /**
   * Every host's sink rate, Gb/s (default Infinity: a host takes each packet as it arrives). A rate
   * reads §3.4's "so that endpoint Bc can receive at 100% of its capability" as a sink slower than
   * the link; the thesis gives no value, and the fabric's cap (`hostReceiveGbps`) holds for Bv too.
   */
  readonly receiveGbps: number;
}

/** The defaults: the thesis's set-up (and the documented readings where it gives none). */
export const CONGESTION_SPREADING_DEFAULTS: CongestionSpreadingParams = {
  rateControlHigh: 'none',
  rateControlLow: 'none',
  controlVictim: false,
  classes: 'both',
  victimSl: 0,
  victimLoad: 0.4,
  linkGbps: 2.5,
  packetBytes: 2048,
  bufferPackets: 4,
  bufferSharing: 'per-vl',
  rateMinHighDivisor: 128,
  rateUnitBytes: 64,
  startRate: 'min',
  windowPackets: Infinity,
  rateGap: 'rescale',
  markingOutputs: 'congested',
  markingCounters: 'shared',
  markingBuffer: 'input',
  ackBytes: 30,
  ibccThreshold: 4,
  receiveGbps: Infinity,
};

/**
 * The scenario's set-up before issue 15 — local high and remote low, the victim controlled, 16-packet
 * VL buffers, rates in packets per second starting at R_max, Santos et al.'s marking, only a faster
 * rate acting on the pending inter-packet gap — each now a
 * switch. Spread into the params (`{ rateControl: 'fimd', ...CONGESTION_SPREADING_FORMER_SET_UP }`)
 * (ACKs out of band) it reproduces the former runs exactly: the golden runs and the fabric benchmark use it.
 */
export const CONGESTION_SPREADING_FORMER_SET_UP = {
  classes: 'split',
  controlVictim: true,
  bufferPackets: 16,
  rateUnitBytes: 2048,
  startRate: 'max',
  markingOutputs: 'waited-for',
  markingCounters: 'shared',
  ackBytes: 0,
  rateGap: 'shorten',
} as const;

const KEYS = ['rateControl', ...Object.keys(CONGESTION_SPREADING_DEFAULTS)];

function flag(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new InvalidParameterError(name, 'true or false', value);
  return value;
}

const isEcnLaw = (r: RateControlName): boolean => r !== 'none' && r !== 'ibcc';

/**
 * Validates `congestion-spreading` params and fills in defaults. `rateControl` sets both classes;
 * `rateControlHigh` / `rateControlLow` override it per class. The thesis's ECN laws (PIPD, FIMD,
 * LIPD, AIMD) may be mixed with each other and with 'none'; IB CC marks differently, so it goes
 * with IB CC or 'none' only.
 *
 * @throws InvalidParameterError naming the parameter, the rule and the value.
 * @example parseCongestionSpreading({ rateControl: 'pipd' }).rateControlLow; // → "pipd"
 */
export function parseCongestionSpreading(params: unknown): CongestionSpreadingParams {
  const d = CONGESTION_SPREADING_DEFAULTS;
  const p = plainObject('params', params ?? {});
  knownKeys('params', p, KEYS);
  const both = p.rateControl === undefined ? 'none' : oneOf('rateControl', p.rateControl, RATE_CONTROLS);
  const high = p.rateControlHigh === undefined ? both : oneOf('rateControlHigh', p.rateControlHigh, RATE_CONTROLS);
  const low = p.rateControlLow === undefined ? both : oneOf('rateControlLow', p.rateControlLow, RATE_CONTROLS);
  if ((high === 'ibcc' && isEcnLaw(low)) || (low === 'ibcc' && isEcnLaw(high))) {
    throw new InvalidParameterError('rateControlLow', `a law marked like rateControlHigh '${high}' (IB CC goes with 'ibcc' or 'none' only)`, low);
  }
  const victimLoad = p.victimLoad === undefined ? d.victimLoad : numberInRange('victimLoad', p.victimLoad, 0, 1);
  if (victimLoad === 0) throw new InvalidParameterError('victimLoad', 'a number in (0, 1]', victimLoad);
  const packetBytes = p.packetBytes === undefined ? d.packetBytes : integerAtLeast('packetBytes', p.packetBytes, 256);
  if (packetBytes > 4096) throw new InvalidParameterError('packetBytes', 'an integer in 256..4096', packetBytes);
  const rateUnitBytes = p.rateUnitBytes === undefined ? d.rateUnitBytes : integerAtLeast('rateUnitBytes', p.rateUnitBytes, 1);
  // The unit only scales the laws' rates (R_min, R_max, r): a unit larger than a packet is a rate of
  // fractions of a packet per second, as real as any (10^6: MB/s, the unit in which PIPD's increase is
  // gradual, docs/fabric.md). The bound only catches typos.
  if (rateUnitBytes > MAX_RATE_UNIT_BYTES) throw new InvalidParameterError('rateUnitBytes', `an integer in 1..${MAX_RATE_UNIT_BYTES} bytes`, rateUnitBytes);
  if (p.victimSl !== undefined && p.victimSl !== 0 && p.victimSl !== 1) throw new InvalidParameterError('victimSl', '0 (low priority) or 1 (high)', p.victimSl);
  const ibccThreshold = p.ibccThreshold === undefined ? d.ibccThreshold : integerAtLeast('ibccThreshold', p.ibccThreshold, 0);
  if (ibccThreshold > 15) throw new InvalidParameterError('ibccThreshold', 'an integer in 0..15', ibccThreshold);
  return {
    rateControlHigh: high,
    rateControlLow: low,
    controlVictim: flag('controlVictim', p.controlVictim, d.controlVictim),
    classes: p.classes === undefined ? d.classes : oneOf('classes', p.classes, CLASS_READINGS),
    victimSl: p.victimSl === undefined ? d.victimSl : (p.victimSl as 0 | 1),
    victimLoad,
    linkGbps: p.linkGbps === undefined ? d.linkGbps : linkRateGbps('linkGbps', p.linkGbps),
    packetBytes,
    bufferPackets: p.bufferPackets === undefined ? d.bufferPackets : integerAtLeast('bufferPackets', p.bufferPackets, 1),
    bufferSharing: p.bufferSharing === undefined ? d.bufferSharing : oneOf('bufferSharing', p.bufferSharing, BUFFER_SHARINGS),
    rateMinHighDivisor: p.rateMinHighDivisor === undefined ? d.rateMinHighDivisor : integerAtLeast('rateMinHighDivisor', p.rateMinHighDivisor, 2),
    rateUnitBytes,
    startRate: p.startRate === undefined ? d.startRate : oneOf('startRate', p.startRate, ['min', 'max'] as const),
    windowPackets: p.windowPackets === undefined ? d.windowPackets : capacityOrInfinity('windowPackets', p.windowPackets, 1),
    rateGap: p.rateGap === undefined ? d.rateGap : oneOf('rateGap', p.rateGap, GAP_RULES),
    markingOutputs: p.markingOutputs === undefined ? d.markingOutputs : oneOf('markingOutputs', p.markingOutputs, MARKING_OUTPUTS),
    markingCounters: p.markingCounters === undefined ? d.markingCounters : oneOf('markingCounters', p.markingCounters, MARKING_COUNTERS),
    markingBuffer: p.markingBuffer === undefined ? d.markingBuffer : oneOf('markingBuffer', p.markingBuffer, MARKING_BUFFERS),
    ackBytes: p.ackBytes === undefined ? d.ackBytes : p.ackBytes === 0 ? 0 : integerAtLeast('ackBytes', p.ackBytes, 0),
    ibccThreshold,
    receiveGbps: p.receiveGbps === undefined || p.receiveGbps === Infinity ? Infinity : linkRateGbps('receiveGbps', p.receiveGbps),
  };
}
