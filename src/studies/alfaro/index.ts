/** Public exports of src/studies/alfaro: Alfaro et al.'s packet-size study (docs/alfaro.md). */
export {
  ALFARO_BEST_EFFORT_RESERVE,
  ALFARO_SERVICE_LEVELS,
  admitAlfaroWorkload,
  type AlfaroAdmission,
  type AlfaroConnection,
  type AlfaroServiceLevel,
  type AlfaroWorkloadOptions,
} from './workload.js';
export { ALFARO_JITTER_EDGES, ALFARO_JITTER_LABELS, carryAlfaroConnections, type AlfaroCarryOptions, type AlfaroCarryResult } from './carry.js';
export { parseAlfaroParams, replicateAlfaro, type AlfaroParams } from './scenario.js';
