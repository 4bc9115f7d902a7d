// Public exports of src/sim: the simulation core (engine, random streams, traffic, statistics),
// the model-level simulators and the run layer (scenarios, simulate).
export * from './engine/index.js';
export * from './random/index.js';
export * from './traffic/index.js';
export * from './stats/index.js';
export * from './models/index.js';
export * from './scenarios/index.js';
export * from './fabric/index.js';
