// Public exports of src/report.
export * from './types.js';
export * from './experiment.js';
export * from './thesis.js';
export * from './drb.js';
export * from './html.js';
export * from './display.js';
export * from './write.js';
export * from './alfaro.js';
export * from './alfaroStudy.js';
export { fabricModelExperiments } from './fabricModel.js';
