export * from './registry.js';
export * from './simulate.js';
export * from './builtin.js';
export * from './file.js';
export * from './pointSimulator.js';
export * from './display.js';
