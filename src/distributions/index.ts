// Public exports of src/distributions.
export * from './ge.js';
// The random-stream interface the samplers take (src/core/index.ts does not list random.ts yet).
export { seededStream, type RandomStream } from '../core/random.js';
