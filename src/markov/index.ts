export * from './sparse.js';
export * from './solveCtmc.js';
