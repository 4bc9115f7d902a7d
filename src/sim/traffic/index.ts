export * from './arrivals.js';
export * from './packetSizes.js';
export * from './source.js';
export * from './spec.js';
export * from './patterns.js';
