export * from './rational.js';
export * from './exactStationary.js';
export * from './sum.js';
export * from './vecmat.js';
