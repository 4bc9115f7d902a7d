// Public exports of src/validate.
export * from './errorMeasures.js';
export * from './metrics.js';
export * from './resultsError.js';
export * from './mapping.js';
export * from './results.js';
export * from './importCsv.js';
export * from './importJson.js';
export * from './scaParse.js';
export * from './importSca.js';
export * from './compare.js';
export * from './validateModel.js';
export * from './fabric.js';
