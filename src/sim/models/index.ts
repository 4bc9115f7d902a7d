export type * from './recorders.js';
