export type * from './recorders.js';
export * from './gege1n.js';
export * from './creditTandem.js';
