// Public exports of src/validate.
export * from './errorMeasures.js';
