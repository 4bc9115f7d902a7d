export * from './errors.js';
export * from './guards.js';
export * from './tolerance.js';
export * from './random.js';
export * from './shapes.js';
