// Public exports of src/report.
export * from './table.js';
export * from './json.js';
export * from './svgPlot.js';
export * from './experiment.js';
export * from './thesis.js';
export * from './html.js';
export * from './write.js';
export * from './alfaro.js';
