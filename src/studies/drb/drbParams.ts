/**
 * The `drb` scenario's parameters (the DRB paper (Lugones et al.), §5): their defaults, validation
 * and command-line options; drbScenario.ts builds and runs the fabric from them. Each choice beside
 * the seed's sentence: drbScenario.ts's module comment and docs/drb.md.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, numberInRange, oneOf, plainObject } from '../../core/guards.js';
import type { ScenarioCliOption } from '../../sim/scenarios/registry.js';
import { checkPermutationNodes, PERMUTATION_PATTERNS } from '../../sim/traffic/patterns.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** Traffic patterns of the scenario: the permutations, or uniformly random destinations. */
export const DRB_PATTERNS = [...PERMUTATION_PATTERNS, 'uniform'] as const;
/** Congestion control choices. */
export const DRB_CC = ['none', 'ibcc', 'ibcc-drb-paper'] as const;

/** Parameters of `drb` (all optional; defaults below). */
export interface DrbScenarioParams {
  /** 'torus' (default) or 'mesh'. */
  readonly topology: 'torus' | 'mesh';
  /** Switches as 'WxH' (default '8x8': the seed's 64-node torus; its 32-node mesh: '4x8', docs/drb.md). */
  readonly size: string;
  /** 'static' (dimension order; default) or 'drb'. */
  readonly routing: 'static' | 'drb';
  readonly cc: (typeof DRB_CC)[number];
  /** Default 'perfect-shuffle' (the seed's workload). */
  readonly pattern: (typeof DRB_PATTERNS)[number];
  /** Offered load per node, Mb/s, in (0, link rate] (default 400). */
  readonly load: number;
  /** Paths per destination for DRB, 1..8 (default 4: "a maximum of four alternative disjoint paths"). */
  readonly paths: number;
  /** Input buffer per VL in packets (default 4). */
  readonly bufferPackets: number;
  /** Intervals of the open-path and peak-link time series (default 10). */
  readonly samples: number;
  /** Hot spot: from this time (µs after the warm-up's start, i.e. simulated time) the hot-spot flows start (default: none). */
  readonly hotSpotAtUs: number | null;
  /**
   * Hot-spot destination node indices, taken in turn by the sources (default: none given — source
   * (x, 0) sends to ((x + W/2) mod W, ⌊H/2⌋), so under dimension order the hot-spot flows share the
   * +x links of row 0: a hot spot "in links", as the seed's Fig. 10 has it).
   */
  readonly hotSpotNodes: readonly number[];
  /** Number of hot-spot flows (default 4), from nodes 0, 1, … (row 0 first). */
  readonly hotSpotSources: number;
  /** Load of each hot-spot flow, Mb/s (default 750: the seed's "(750 Mbps)"). */
  readonly hotSpotLoad: number;
  /**
   * What the 80 % threshold is compared with: 'input' (default; the seed: "switches will mark all
   * packets belonging to the virtual-channel buffer that exceeded the threshold value") or 'output'
   * (the IB CC specification's port-VL occupancy, roots only).
   */
  readonly markingOccupancy: 'input' | 'output';
  /**
   * VLs of the alternative paths (multipath.ts): 'per-lid' (default: one VL and up*∕down*
   * orientation each, paths − 1 VLs) or 'shared' (one VL for all). Every VL has its own buffer of
   * `bufferPackets`, so 'per-lid' also gives DRB more buffer space per port than static routing.
   */
  readonly escape: 'per-lid' | 'shared';
  /**
   * What IB CC's timer does at each expiry: 'quiet' (lower the throttle level only when no BECN
   * arrived in the period: the seed's §3, "Whenever the timer expires, if no congestion notifications
   * are received injection is gradually recovered") or 'timer' (lower it at every expiry, the timer
   * running freely). Default: 'quiet' with `cc: 'ibcc-drb-paper'`, 'timer' with `cc: 'ibcc'`.
   */
  readonly ccRecovery: 'quiet' | 'timer' | null;
  /**
   * How the alternative LIDs are routed: 'dimension-order' (default: the other dimension orders of the
   * mesh or torus, Y then X and on a torus the long way round, each on VLs of its own — the seed's
   * "virtual channels in order to avoid Deadlock", §4.2.2; up to 4 disjoint paths on the torus, 2 on
   * the mesh; meshRoutes.ts) or 'up-down' (up*∕down* routes over spanning trees, multipath.ts: about
   * 2 usable paths per pair).
   */
  readonly alternatives: 'dimension-order' | 'up-down';
  /**
   * Mean packets per message, ≥ 1 (default 1: a message is one packet). The seed's senders split each
   * message "in several packets according with the MTU" (§4.2.3) and give no message size; m > 1
   * sends messages at Poisson epochs, each of a geometric number of packets with mean m, back to back
   * (GE arrivals with Ca² = 2m − 1, the offered load unchanged).
   */
  readonly messagePackets: number;
  /**
   * Which packets an input VL buffer over the threshold marks: 'departing' (each packet leaving while
   * the buffer is over it) or 'buffer' (when an arrival finds the buffer at or over it, every packet
   * then in the buffer: §4.1, "switches will mark all packets belonging to the virtual-channel buffer
   * that exceeded the threshold value"). Only with `markingOccupancy: 'input'`.
   */
  readonly markingScope: 'departing' | 'buffer';
  /**
   * Where the hot-spot flows go when `hotSpotNodes` is empty: 'links' (default: source (x, 0) to
   * ((x + W/2) mod W, ⌊H/2⌋), the flows sharing row 0's +x links — a hot spot "in links") or 'node'
   * (every hot-spot flow to the centre node (⌊W/2⌋, ⌊H/2⌋): the classical "Hot-spot traffic
   * pattern", "several packets compete for resources in a focused network area" (§5.3), whose
   * "links 1,2,3,4 and 5" are read as the node's four network links and its host link).
   */
  readonly hotSpotTarget: 'links' | 'node';
  /**
   * Factor in [0, 1] applied to each DRB path's notification count B_i at every timer expiry
   * (default 0.5, our choice so old notifications fade); 1 counts them without decay, as Eq. 1's
   * "the number of congestion notifications received by path C_i" reads literally.
   */
  readonly drbDecay: number;
  /**
   * How a DRB source shares its traffic over its open paths: 'notifications' (default: Eq. 1, path
   * C_i with weight 1/(B_i + 1), B_i its notifications) or 'latency' (weight 1/latency, the path's
   * latency averaged over its ACKs with weight 1/8 (DrbSource's latencyWeight): the original DRB,
   * §2: "alternative paths are evaluated and selected based on the value of received latency").
   */
  readonly drbShare: 'notifications' | 'latency';
}

const DEFAULTS: DrbScenarioParams = {
  topology: 'torus',
  size: '8x8',
  routing: 'static',
  cc: 'none',
  pattern: 'perfect-shuffle',
  load: 400,
  paths: 4,
  bufferPackets: 4,
  samples: 10,
  hotSpotAtUs: null,
  hotSpotNodes: [],
  hotSpotSources: 4,
  hotSpotLoad: 750,
  markingOccupancy: 'input',
  escape: 'per-lid',
  ccRecovery: null,
  alternatives: 'dimension-order',
  messagePackets: 1,
  markingScope: 'departing',
  hotSpotTarget: 'links',
  drbDecay: 0.5,
  drbShare: 'notifications',
};

/** Link rate (Gb/s), packet size (bytes), the seed's timer and marking threshold. */
export const LINK_GBPS = 2.5;
export const PACKET_BYTES = 2048;
export const TIMER_US = 100;
export const THRESHOLD_FRACTION = 0.8;

export function parseSize(size: unknown, torus: boolean): [number, number] {
  const m = typeof size === 'string' ? /^([0-9]+)x([0-9]+)$/.exec(size) : null;
  const lo = torus ? 3 : 1;
  if (m === null || Number(m[1]) < lo || Number(m[2]) < lo || Number(m[1]) * Number(m[2]) < 2 || Number(m[1]) * Number(m[2]) > 256) {
    throw new InvalidParameterError('size', `'WxH' with integers W, H >= ${lo} and 2..256 switches (the multipath tables cost O(paths · n³) to build)`, size);
  }
  return [Number(m[1]), Number(m[2])];
}

/**
 * Validates `drb` params and fills in defaults.
 * @throws InvalidParameterError naming the parameter (a load above the link rate, a permutation
 *   pattern on a node count it cannot use, …).
 * @example parseDrbScenario({ routing: 'drb' }).paths; // → 4
 */
export function parseDrbScenario(params: unknown): DrbScenarioParams {
  const p = plainObject('params', params ?? {});
  knownKeys('params', p, Object.keys(DEFAULTS));
  const topology = p.topology === undefined ? DEFAULTS.topology : oneOf('topology', p.topology, ['torus', 'mesh'] as const);
  const size = p.size === undefined ? DEFAULTS.size : (p.size as string);
  const [w, h] = parseSize(size, topology === 'torus');
  const routing = p.routing === undefined ? DEFAULTS.routing : oneOf('routing', p.routing, ['static', 'drb'] as const);
  const cc = p.cc === undefined ? DEFAULTS.cc : oneOf('cc', p.cc, DRB_CC);
  const pattern = p.pattern === undefined ? DEFAULTS.pattern : oneOf('pattern', p.pattern, DRB_PATTERNS);
  if (pattern !== 'uniform') checkPermutationNodes(pattern, w * h, 'size');
  if (pattern === 'uniform' && routing === 'drb') {
    throw new InvalidParameterError('pattern', "a permutation pattern with routing 'drb' (DRB keeps its paths per source–destination pair; 'uniform' has none)", pattern);
  }
  const linkMbps = LINK_GBPS * 1000;
  const load = p.load === undefined ? DEFAULTS.load : numberInRange('load', p.load, 0, linkMbps);
  if (!(load > 0)) throw new InvalidParameterError('load', `a load in (0, ${linkMbps}] Mb/s per node (the link rate)`, load);
  const paths = p.paths === undefined ? DEFAULTS.paths : integerAtLeast('paths', p.paths, 1);
  if (paths > 8) throw new InvalidParameterError('paths', 'an integer in 1..8', paths);
  const bufferPackets = p.bufferPackets === undefined ? DEFAULTS.bufferPackets : integerAtLeast('bufferPackets', p.bufferPackets, 1);
  const samples = p.samples === undefined ? DEFAULTS.samples : integerAtLeast('samples', p.samples, 1);
  if (samples > 1000) throw new InvalidParameterError('samples', 'an integer in 1..1000', samples);
  const hotSpotAtUs = p.hotSpotAtUs === undefined || p.hotSpotAtUs === null ? null : numberInRange('hotSpotAtUs', p.hotSpotAtUs, 0, 1e12);
  const nodes = w * h;
  let hotSpotNodes: number[] = [];
  if (p.hotSpotNodes !== undefined) {
    if (!Array.isArray(p.hotSpotNodes)) throw new InvalidParameterError('hotSpotNodes', 'an array of node indices', p.hotSpotNodes);
    hotSpotNodes = p.hotSpotNodes.map((n: unknown, i: number) => {
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n >= nodes) throw new InvalidParameterError(`hotSpotNodes[${i}]`, `a node index in 0..${nodes - 1}`, n);
      return n;
    });
  }
  const hotSpotSources = p.hotSpotSources === undefined ? DEFAULTS.hotSpotSources : integerAtLeast('hotSpotSources', p.hotSpotSources, 1);
  if (hotSpotSources > nodes) throw new InvalidParameterError('hotSpotSources', `an integer in 1..${nodes} (the node count)`, hotSpotSources);
  const hotSpotLoad = p.hotSpotLoad === undefined ? DEFAULTS.hotSpotLoad : numberInRange('hotSpotLoad', p.hotSpotLoad, 0, linkMbps);
  const markingOccupancy = p.markingOccupancy === undefined ? DEFAULTS.markingOccupancy : oneOf('markingOccupancy', p.markingOccupancy, ['input', 'output'] as const);
  const escape = p.escape === undefined ? DEFAULTS.escape : oneOf('escape', p.escape, ['per-lid', 'shared'] as const);
  const ccRecovery = p.ccRecovery === undefined || p.ccRecovery === null ? null : oneOf('ccRecovery', p.ccRecovery, ['quiet', 'timer'] as const);
  const alternatives = p.alternatives === undefined ? DEFAULTS.alternatives : oneOf('alternatives', p.alternatives, ['dimension-order', 'up-down'] as const);
  const messagePackets = p.messagePackets === undefined ? DEFAULTS.messagePackets : numberInRange('messagePackets', p.messagePackets, 1, 1e6);
  const markingScope = p.markingScope === undefined ? DEFAULTS.markingScope : oneOf('markingScope', p.markingScope, ['departing', 'buffer'] as const);
  if (markingScope === 'buffer' && markingOccupancy !== 'input') throw new InvalidParameterError('markingScope', "'departing' unless markingOccupancy is 'input'", markingScope);
  const hotSpotTarget = p.hotSpotTarget === undefined ? DEFAULTS.hotSpotTarget : oneOf('hotSpotTarget', p.hotSpotTarget, ['links', 'node'] as const);
  const drbDecay = p.drbDecay === undefined ? DEFAULTS.drbDecay : numberInRange('drbDecay', p.drbDecay, 0, 1);
  const drbShare = p.drbShare === undefined ? DEFAULTS.drbShare : oneOf('drbShare', p.drbShare, ['notifications', 'latency'] as const);
  return { topology, size, routing, cc, pattern, load, paths, bufferPackets, samples, hotSpotAtUs, hotSpotNodes, hotSpotSources, hotSpotLoad, markingOccupancy, escape, ccRecovery, alternatives, messagePackets, markingScope, hotSpotTarget, drbDecay, drbShare };
}

/**
 * The destination node of hot-spot flow k (from node k) for validated params: `hotSpotNodes` in turn
 * if given, else by `hotSpotTarget`.
 * @example hotSpotDestination(parseDrbScenario({ hotSpotTarget: 'node' }), 2); // → 36 (node (4, 4) of the 8×8 torus)
 */
export function hotSpotDestination(p: DrbScenarioParams, k: number): number {
  recordParameter('params', p);
  checkKind('k', k, 'number');
  const [w, h] = parseSize(p.size, p.topology === 'torus');
  if (p.hotSpotNodes.length > 0) return p.hotSpotNodes[k % p.hotSpotNodes.length]!;
  const row = Math.floor(h / 2) * w;
  return p.hotSpotTarget === 'node' ? row + Math.floor(w / 2) : row + (((k % w) + Math.floor(w / 2)) % w);
}

/** The `drb` scenario's command-line options. */
export const DRB_CLI_OPTIONS: readonly ScenarioCliOption[] = [
  { flag: '--topology <kind>', param: 'topology', kind: 'string', description: 'torus|mesh (drb; default torus)' },
  { flag: '--size <WxH>', param: 'size', kind: 'string', description: "switches as WxH (drb; default 8x8; the seed's mesh of 32: 4x8, see docs/drb.md)" },
  { flag: '--routing <kind>', param: 'routing', kind: 'string', description: 'static|drb (drb; default static)' },
  { flag: '--cc <kind>', param: 'cc', kind: 'string', description: `${DRB_CC.join('|')} (drb; default none)` },
  { flag: '--pattern <name>', param: 'pattern', kind: 'string', description: `${DRB_PATTERNS.join('|')} (drb; default perfect-shuffle)` },
  { flag: '--load <mbps>', param: 'load', kind: 'number', description: 'offered load per node in Mb/s, up to the link rate 2500; a list sweeps it (drb; default 400)' },
  { flag: '--paths <n>', param: 'paths', kind: 'integer', description: 'DRB paths per destination, 1..8 (drb; default 4)' },
  { flag: '--buffer-packets <n>', param: 'bufferPackets', kind: 'integer', description: 'input buffer per VL in packets (congestion-spreading default 16; drb default 4)' },
  { flag: '--marking-occupancy <basis>', param: 'markingOccupancy', kind: 'string', description: "input|output: the occupancy the 80 % threshold is compared with (drb; default input, the seed's reading)" },
  { flag: '--escape <kind>', param: 'escape', kind: 'string', description: "per-lid|shared: a VL per alternative path, or one for all (drb; default per-lid)" },
  { flag: '--alternatives <kind>', param: 'alternatives', kind: 'string', description: "dimension-order|up-down: how DRB's alternative LIDs are routed (drb; default dimension-order: YX and the long ways round, VLs of their own)" },
  { flag: '--marking-scope <which>', param: 'markingScope', kind: 'string', description: "departing|buffer: an input VL buffer over the threshold marks the packets leaving it, or every packet in it (drb; default departing)" },
  { flag: '--message-packets <m>', param: 'messagePackets', kind: 'number', description: 'mean packets per message, sent back to back (drb; default 1)' },
  { flag: '--cc-recovery <rule>', param: 'ccRecovery', kind: 'string', description: "quiet|timer: IB CC's timer lowers the throttle level only after a period without BECN, or at every expiry (drb; default quiet with ibcc-drb-paper, timer with ibcc)" },
  { flag: '--hot-spot-at-us <t>', param: 'hotSpotAtUs', kind: 'number', description: 'start of the hot-spot flows, µs of simulated time (drb; default none)' },
  { flag: '--hot-spot-sources <n>', param: 'hotSpotSources', kind: 'integer', description: 'hot-spot flows, from nodes 0, 1, … (drb; default 4)' },
  { flag: '--hot-spot-load <mbps>', param: 'hotSpotLoad', kind: 'number', description: 'load of each hot-spot flow, Mb/s (drb; default 750)' },
  { flag: '--hot-spot-target <where>', param: 'hotSpotTarget', kind: 'string', description: "links|node: hot-spot flows sharing row 0's links, or all to the centre node (drb; default links)" },
  { flag: '--drb-decay <f>', param: 'drbDecay', kind: 'number', description: "factor in [0, 1] on DRB's notification counts per 100 µs timer period; 1: no decay, Eq. 1 literally (drb; default 0.5)" },
  { flag: '--drb-share <rule>', param: 'drbShare', kind: 'string', description: "notifications|latency: DRB's traffic over its open paths by Eq. 1 (1/(notifications + 1)) or by 1/latency, the original DRB's (drb; default notifications)" },
];
