/**
 * What the fabric runs on: the compiled form of a validated topology, flows and options, built by the
 * front door (build.ts) and trusted by the run-time parts. Time in seconds, sizes in bytes, rates in
 * bytes per second.
 */
import type { EcnMarker, IbCcSwitchMarker } from '../../congestion/index.js';
import type { RandomStream } from '../../core/random.js';
import type { ArrivalProcess } from '../traffic/arrivals.js';
import type { PacketSizes } from '../traffic/packetSizes.js';
import type { CompiledHostOptions } from './host/hostOptions.js';
import type { PathSelection } from './host/pathSelection.js';
import type { OutputArbiter, InjectionControl } from './plugins.js';

/** Credit block size in bytes (InfiniBand flow-control credits are 64-byte blocks). */
export const CREDIT_BLOCK_BYTES = 64;

/** "No packet / no queue / no port" in the fabric's typed-array links. */
export const NONE = -1;

/**
 * A per-pair table (H² entries) that holds few distinct values, stored as a small index per pair into
 * the list of its values (forwarding.ts's pairValues): entry i is `values[index[i]]`.
 */
export interface PairValues {
  /** Per pair, the position of its value in {@link values} (bytes while there are at most 256 values). */
  readonly index: Uint8Array | Int32Array;
  readonly values: Float64Array;
}

/**
 * Switch-side marking, compiled: the congestion module's markers, one {@link EcnMarker} per switch
 * (its outputs are the switch's ports, 0-based) or one {@link IbCcSwitchMarker} per switch port-VL
 * (indexed by global port · VLs + VL; `null` on host ports). IB CC occupancy is in bytes: the bytes
 * queued in the switch for that port-VL.
 */
export type CompiledMarking =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'ecn';
      /** One marker per switch; its outputs are the switch's ports, or (port, VL) pairs (index port·VLs + VL) when `perVl`. */
      readonly perSwitch: readonly EcnMarker[];
      /** An input buffer that becomes full arms only the output its head packet waits for (else every output a packet in it waits for). */
      readonly congestedOnly: boolean;
      /** Counters per output link and VL (else per output link). */
      readonly perVl: boolean;
      /** The buffer whose filling arms: the output's (the packets waiting for it, marking.ts `buffer: 'output'`), else the input buffer's. */
      readonly outputBuffer: boolean;
    }
  | {
      readonly kind: 'ibcc';
      readonly perPortVl: readonly (IbCcSwitchMarker | null)[];
      /** Compare the input VL buffer's bytes, not the port-VL's, with the threshold, at root or victim alike (the DRB paper (Lugones et al.)'s reading). */
      readonly inputOccupancy: boolean;
      /**
       * With inputOccupancy: when an arrival takes the input VL buffer to the threshold, every packet
       * then in the buffer is marked (the DRB paper (Lugones et al.), §4.1: "switches will mark all packets belonging
       * to the virtual-channel buffer that exceeded the threshold value"); else only packets leaving
       * while it is over the threshold.
       */
      readonly markBuffer: boolean;
    };

/** One flow as the fabric runs it (built and validated by the front door). */
export interface CompiledFlow {
  readonly name: string;
  readonly source: number;
  /** Destination host index, or −1 for a uniformly random other host per packet. */
  readonly destination: number;
  readonly vl: number;
  /** The core's arrival process (a batch offers its packets one by one); `null` = saturated: the send queue always holds a packet. */
  readonly arrivals: ArrivalProcess | null;
  readonly sizes: PacketSizes;
  /** Send-queue capacity in packets, the one in transmission included (Infinity allowed). */
  readonly sendQueuePackets: number;
  readonly rateControl: InjectionControl | null;
  /** Most packets sent and not yet acknowledged (Infinity: no window limit). */
  readonly windowPackets: number;
  /** Which LID (path) each packet takes; `null` = LID 0 always (static routing). */
  readonly pathSelection: PathSelection | null;
  /** Uniform destinations are drawn from this stream. */
  readonly destinationStream: RandomStream | null;
  /** Time at which the flow starts (seconds). */
  readonly start: number;
  /** Time from which the flow offers no more packets (seconds; Infinity = never). */
  readonly stop: number;
}

/** Everything the fabric needs, compiled from a validated topology and options (the host options: hostOptions.ts). */
export interface CompiledFabric extends CompiledHostOptions {
  readonly vls: number;
  /** The largest packet on the wire: the MTU plus `headerBytes`. */
  readonly mtu: number;
  /** Header and CRC bytes added to every packet's sampled (payload) size (qos.ts; 0 by default). */
  readonly headerBytes: number;
  /** Called for every delivered packet (qos.ts), or null. */
  readonly onDeliver: ((flow: number, created: number, delivered: number) => void) | null;
  readonly bufferBytes: number;
  /** A port's input VL buffers share one pool of V × bufferBytes (build.ts `inputBufferSharing: 'shared'`). */
  readonly sharedInputBuffer: boolean;
  /** Bytes per switch output VL buffer (0: no output buffers, crossbar.ts; above 0: outputBuffered.ts). */
  readonly outputBufferBytes: number;
  /** Crossbar transfer rate over the output link's rate (≥ 1; only with output buffers). */
  readonly crossbarSpeedup: number;
  readonly switchLatency: number;
  readonly cutThrough: boolean;
  readonly switchCount: number;
  readonly hostCount: number;
  /** Ports per switch. */
  readonly switchPorts: readonly number[];
  /** For every global port: peer global port, rate (bytes/s), delay (s), exponential service. */
  readonly peer: Int32Array;
  readonly rate: Float64Array;
  readonly delay: Float64Array;
  readonly exponential: Uint8Array;
  /** Global out port of switch s towards LID offset k of host h: fwd[(k·S + s)·H + h] (k = 0 without multipath). */
  readonly fwd: Int32Array;
  /** VL offset of that hop (same index), or `null` when every offset is 0 (the packet keeps its VL). */
  readonly fwdVl: Uint8Array | null;
  /** Seconds without any transmission, while packets wait in switches, after which the run stops with a deadlock error (Infinity: never). */
  readonly deadlockAfter: number;
  /** One-way latency (s) of the ACK path from host b back to host a: entry a·H + b (empty when no flow is rate-controlled). */
  readonly ackDelay: PairValues;
  readonly arbiters: readonly OutputArbiter[];
  readonly flows: readonly CompiledFlow[];
  readonly marking: CompiledMarking;
  /** Stream for exponential link service times (IB CC marking draws come with the markers). */
  readonly serviceStream: RandomStream;
  /** Names for reports. */
  readonly portNames: readonly string[];
  /** Per-flow latency histogram: `bins` equal bins over [0, hiUs) µs. */
  readonly latencyHistogram: { readonly hiUs: number; readonly bins: number };
}

