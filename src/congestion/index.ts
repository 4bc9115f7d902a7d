/** Congestion notification and source response (docs/models.md §10): ECN marking, PIPD/FIMD/LIPD/AIMD, InfiniBand CC. */
export * from './responseFunctions.js';
export * from './conditions.js';
export * from './trajectory.js';
export * from './rateController.js';
export * from './ecnMarker.js';
export * from './ibcc.js';
export * from './display.js';
export * from './ibccQp.js';
export * from './drb.js';
