/**
 * Public exports of src/studies: the seed studies run on the simulator (the thesis's congestion
 * spreading, Santos et al., Gran et al., DRB, Alfaro et al.). Importing this module registers their
 * scenarios (`congestion-spreading`, `santos-congestion`, `ibcc-fat-tree`, `drb`, `alfaro`) with the
 * simulator's registry: every entry point that runs scenarios by name imports it.
 */
import '../sim/index.js'; // the simulator's own scenarios (gege1n, credit-tandem, fabric) register first, so every list starts with them
export {
  CONGESTION_SPREADING_CLASSES,
  CONGESTION_SPREADING_FLOWS,
  congestionSpreadingFabric,
  congestionSpreadingRateMax,
  replicateCongestionSpreading,
} from './congestionSpreading/congestionSpreading.js';
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
} from './congestionSpreading/congestionSpreadingParams.js';
export { GranRole, GranTraffic, PARKED_MESSAGES, type GranTrafficConfig } from './gran/granTraffic.js';
export {
  ibccFatTreeFabric,
  ibccFatTreeTraffic,
  parseIbccFatTree,
  replicateIbccFatTree,
  type IbccFatTreeParams,
} from './gran/ibccFatTree.js';
export {
  SANTOS_RATE_CONTROLS,
  parseSantosCongestion,
  replicateSantosCongestion,
  type SantosCongestionParams,
} from './santos/santosCongestion.js';
export {
  DRB_CC,
  DRB_PATTERNS,
  drbFabric,
  hotSpotDestination,
  parseDrbScenario,
  replicateDrbScenario,
  type DrbScenarioParams,
} from './drb/drbScenario.js';
export * from './alfaro/index.js';
