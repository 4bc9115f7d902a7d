/**
 * Public exports of src/admission: the bandwidth broker (docs/models.md §8), VL arbitration tables and
 * their fill-in (docs/models.md §9), OpenSM's table strings, and the run-time VL arbiter that the
 * simulator's output ports use.
 */
export { BandwidthBroker } from './broker.js';
export type { AdmissionRequest, AdmissionVerdict, LinkState, RejectionReason, ReleaseResult, TableState } from './brokerRecords.js';
export { HighPriorityTable, MAX_ENTRY_WEIGHT, TABLE_ENTRIES, type ArbitrationEntry } from './table.js';
export {
  MIN_REQUEST_DISTANCE,
  TABLE_DISTANCES,
  TABLE_WEIGHT_CAPACITY,
  WEIGHT_UNIT_BYTES,
  bitReverse,
  fillInOrder,
  roundDistance,
  sequenceEntries,
  type TableSequence,
} from './tableSets.js';
export { HIGH_LIMIT_UNIT_BYTES, VlArbiter, type VlArbiterConfig } from './arbiter.js';
export { delayBoundBytes, vlGuarantees, type DelayBoundInput, type VlGuarantee } from './delay.js';
export {
  MAX_DATA_VL,
  formatOpenSmArbitration,
  formatOpenSmVlarb,
  parseHighLimit,
  parseOpenSmArbitration,
  parseOpenSmVlarb,
  type OpenSmArbitration,
} from '../network/qos/opensm.js';
export {
  BTH_BYTES,
  GRH_BYTES,
  ICRC_BYTES,
  LRH_BYTES,
  MAX_HEADER_BYTES,
  MAX_PAYLOAD_BYTES,
  MIN_PAYLOAD_BYTES,
  VCRC_BYTES,
  packetFormat,
  packetHeaderBytes,
  wireBandwidth,
  type PacketFormat,
  type PacketFormatSpec,
} from './overhead.js';
export {
  BANDWIDTH_UNITS,
  SL_COUNT,
  exactToString,
  parseExact,
  validateTopology,
  type ArbitrationSpec,
  type BandwidthUnit,
  type Exact,
  type ExactInput,
  type Link,
  type LinkSpec,
  type SwitchSpec,
  type Topology,
  type TopologySpec,
} from './topology.js';
export { verdictDisplay } from './display.js';
export {
  FABRIC_POLICY_KEYS,
  brokerTopologyOfFabric,
  isFabricTopologyFile,
  routeHostRequest,
  type FabricAdmissionPolicy,
  type FabricBrokerTopology,
} from './fabricTopology.js';
