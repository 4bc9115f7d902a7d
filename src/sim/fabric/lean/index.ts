/** Public exports of src/sim/fabric/lean: the lean engine for the fabric scenario's lean subset (docs/fabric.md § the lean engine). */
export { LeanFabric } from './leanFabric.js';
export { compileLean, type LeanCompiled, type LeanFlow } from './leanBuild.js';
export type { LeanFlowFigures, LeanMeasurements, LeanPortFigures } from './leanMeasure.js';
export { buildLeanFabric, leanRoutedPorts, replicateLeanScenario } from './leanScenario.js';
