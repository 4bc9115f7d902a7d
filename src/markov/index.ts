export * from './sparse.js';
export * from './solveCtmc.js';
// The GTH kernel itself lives in linalg (one implementation); re-exported here under its public name.
export { gthKernel } from '../linalg/gth.js';
