/** Public exports of ibqos. */
export * from './core/index.js';
export * from './present/index.js';
export * from './markov/index.js';
export * from './credit/index.js';
export * from './distributions/index.js';
export * from './me/index.js';
export * from './report/index.js';
export * from './validate/index.js';
export * from './congestion/index.js';
export * from './admission/index.js';
export * from './network/index.js';
export * from './sim/index.js';
export * from './model/index.js';
export * from './studies/index.js';
export * from './sweep/index.js';
