export * from './table.js';
export * from './json.js';
