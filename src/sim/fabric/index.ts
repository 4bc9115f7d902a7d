/** Public exports of src/sim/fabric: the switch-hardware fabric (MODELS.md §11; docs/fabric.md). */
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
export {
  CREDIT_BLOCK_BYTES,
  Fabric,
  type BufferMeasurements,
  type CreditAudit,
  type FabricMeasurements,
  type FlowMeasurements,
  type PortMeasurements,
} from './fabric.js';
export {
  buildFabric,
  type FabricOptions,
  type FlowSpec,
  type MarkingSpec,
  type FlowPacketSizes,
  type RateControlSpec,
  type TrafficSpec,
} from './build.js';
export type { OutputArbiter, InjectionControl } from './plugins.js';
export { IbCcInjectionControl, ResponseInjectionControl } from './rateControl.js';
export {
  CONGESTION_SPREADING_FLOWS,
  congestionSpreadingFabric,
  RATE_CONTROLS,
  parseCongestionSpreading,
  replicateCongestionSpreading,
  type CongestionSpreadingParams,
  type RateControlName,
} from './congestionSpreading.js';
export { parseFabricScenario, replicateFabricScenario, type FabricScenarioParams } from './fabricScenario.js';
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
