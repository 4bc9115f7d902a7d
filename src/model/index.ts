// Public exports of src/model: the fabric, analytically (docs/models.md §13).
export type { ModelFlow, ModelNetwork, ModelPort } from './spec/network.js';
export type { ChannelResult, FabricModelDiagnostics, FabricModelMetrics, FabricModelResult, FlowFlag, FlowResult, PerFlowArrays, PortResult } from './results/result.js';
export { solveFabric, type SolveFabricOptions } from './solve.js';
export { finiteQueue, twoMomentMeanQueue, type QueueMoments } from './queues/queue.js';
export { fabricModelDisplay } from './results/display.js';
export { fabricModelNetwork, FABRIC_PARAM_KEYS } from './spec/scenario.js';
export { saturationLoad, type SaturationLoad } from './saturation/saturation.js';
