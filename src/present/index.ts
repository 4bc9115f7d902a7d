/** The presentation layer: number formatting, text and HTML tables, SVG plots, escaping, JSON text, notebook displays. */
export * from './escape.js';
export * from './number.js';
export * from './table.js';
export * from './svgPlot.js';
export * from './json.js';
export * from './display.js';
export * from './recordDisplay.js';
export * from './liveProgress.js';
export * from './textFit.js';
