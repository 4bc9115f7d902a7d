export * from './registry.js';
export * from './simulate.js';
