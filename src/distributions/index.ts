// Public exports of src/distributions.
export * from './ge.js';
// The random-stream interface the samplers take, beside them (src/core/index.ts exports it too: the
// same binding, so `export *` of both is not ambiguous).
export { seededStream, type RandomStream } from '../core/random.js';
