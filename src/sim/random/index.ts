export * from './streams.js';
