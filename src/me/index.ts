// Public exports of src/me: maximum-entropy GE-type queues and their exact chains.
export type { GeCoefficients, GeModel, GeQueueMetrics, GeQueueResult, GeVariant } from './types.js';
export type { GeThresholdParams, ServiceRateFunction } from './params.js';
export { MAX_CAPACITY } from './params.js';
export { geCoefficients, type GeCoefficientSet } from './geCoefficients.js';
export { gege1, type Gege1Params } from './gege1.js';
export { gege1n, type Gege1nParams } from './gege1n.js';
export { gege1nThreshold, gege1nThresholdMetrics } from './threshold.js';
export { geQueueGenerator, MAX_EXACT_CAPACITY, solveGeQueueExact, type GeExactParams } from './exact.js';
export { geQueueDisplay } from './display.js';
