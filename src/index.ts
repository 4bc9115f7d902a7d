/** Public exports of ibqos. */
export * from './core/index.js';
export * from './markov/index.js';
