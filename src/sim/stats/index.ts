export * from './histogram.js';
export * from './intervals.js';
export * from './studentT.js';
export * from './tally.js';
export * from './timeWeighted.js';
export * from './queueStatistics.js';
export * from './warmup.js';
