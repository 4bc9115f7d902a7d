/** Public exports of src/sim/fabric: the switch-hardware fabric (docs/models.md §11; docs/fabric.md). */
export {
  FABRIC_DEFAULT_DELAY_NS,
  FABRIC_DEFAULT_RATE_GBPS,
  fabricRoute,
  validateFabricTopology,
  type FabricHostSpec,
  type FabricLinkSpec,
  type FabricPortRef,
  type FabricSwitchSpec,
  type FabricTopology,
  type FabricTopologySpec,
  type ResolvedFabricLink,
} from './topology.js';
export {
  fatTreeTopology,
  meshTopology,
  singleSwitchTopology,
  twoSwitchTopology,
  type FabricLinkOptions,
  type FabricMeshOptions,
} from './generators.js';
export { CREDIT_BLOCK_BYTES } from './compiled.js';
export { Fabric } from './fabric.js';
export type { BufferMeasurements, CreditAudit, FabricMeasurements, FlowMeasurements, PortMeasurements } from './measurements.js';
export { buildFabric, type FabricOptions } from './build.js';
export type { FlowSpec, FlowPacketSizes, RateControlSpec, TrafficSpec } from './buildFlows.js';
export type { MarkingSpec } from './marking.js';
export type { OutputArbiter, InjectionControl, GapRule } from './plugins.js';
export { GAP_RULES } from './plugins.js';
export { IbCcInjectionControl, ResponseInjectionControl, type ResponseInjectionOptions } from './rateControl.js';
export {
  CONGESTION_SPREADING_CLASSES,
  CONGESTION_SPREADING_FLOWS,
  congestionSpreadingFabric,
  congestionSpreadingRateMax,
  replicateCongestionSpreading,
} from './congestionSpreading.js';
export {
  CLASS_READINGS,
  CONGESTION_SPREADING_DEFAULTS,
  CONGESTION_SPREADING_FORMER_SET_UP,
  MARKING_COUNTERS,
  MARKING_OUTPUTS,
  RATE_CONTROLS,
  parseCongestionSpreading,
  type CongestionSpreadingParams,
  type RateControlName,
} from './congestionSpreadingParams.js';
export {
  IRREGULAR_HOSTS_PER_SWITCH,
  IRREGULAR_MAX_SWITCHES,
  IRREGULAR_MIN_SWITCHES,
  IRREGULAR_SWITCH_LINKS,
  irregularTopology,
  type IrregularTopologyOptions,
} from './irregular.js';
export { upDownForwarding } from './upDown.js';
export type { DeliveryObserver } from './qos.js';
export { parseFabricScenario, replicateFabricScenario, type FabricScenarioParams } from './fabricScenario.js';
export { fabricMeasurementsDisplay } from './display.js';
export { checkRadix, foldedClosHosts, foldedClosTopology } from './foldedClos.js';
export type { HostTraffic } from './hostTraffic.js';
export { GranRole, GranTraffic, PARKED_MESSAGES, type GranTrafficConfig } from './granTraffic.js';
export {
  ibccFatTreeFabric,
  ibccFatTreeTraffic,
  parseIbccFatTree,
  replicateIbccFatTree,
  type IbccFatTreeParams,
} from './ibccFatTree.js';
export {
  SANTOS_RATE_CONTROLS,
  parseSantosCongestion,
  replicateSantosCongestion,
  type SantosCongestionParams,
} from './santosCongestion.js';
export {
  compileRouting,
  multipathRoutes,
  type CompiledRouting,
  type LidTables,
  type MultipathOptions,
  type MultipathRoutes,
  type MultipathSpec,
} from './multipath.js';
export { DrbPathSelection, type PathSelection, type PathSelectionSpec } from './pathSelection.js';
export { FabricDeadlockError, findWaitCycle } from './deadlock.js';
export {
  DRB_CC,
  DRB_PATTERNS,
  drbFabric,
  parseDrbScenario,
  replicateDrbScenario,
  type DrbScenarioParams,
} from './drbScenario.js';
export * from './import/index.js';
