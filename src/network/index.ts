/** Public exports of src/network: the network description under everything (the fabric topology JSON and its checks, generators, routing, importers, OpenSM QoS strings; docs/fabric.md). */
export {
  FABRIC_DEFAULT_DELAY_NS,
  FABRIC_DEFAULT_RATE_GBPS,
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
} from './generators/generators.js';
export {
  IRREGULAR_HOSTS_PER_SWITCH,
  IRREGULAR_MAX_SWITCHES,
  IRREGULAR_MIN_SWITCHES,
  IRREGULAR_SWITCH_LINKS,
  irregularTopology,
  type IrregularTopologyOptions,
} from './generators/irregular.js';
export { upDownForwarding } from './routing/upDown.js';
export { fabricRoute, dModKForwarding, pathHops, type PathHop, type PathQueryOptions } from './routing/paths.js';
export { checkRadix, foldedClosHosts, foldedClosTopology } from './generators/foldedClos.js';
export {
  compileRouting,
  multipathRoutes,
  type CompiledRouting,
  type LidTables,
  type MultipathOptions,
  type MultipathRoutes,
  type MultipathSpec,
} from './routing/multipath.js';
export * from './import/index.js';
export * from './qos/opensm.js';
export * from './routing/index.js';
