/**
 * The glossary (docs/glossary.md) as the command line prints it: one symbol and one unit per
 * quantity, in every family's column headers. A header is the symbol with its unit in brackets and
 * no space (`X[jobs/t]`), so a table still splits on white space.
 *
 * Units of the analytic models and model-level simulators: t is the time unit the rates are given
 * in (rates per t, times in t), queue lengths and capacities count jobs (packets), the one in
 * service included; probabilities and fractions of time are `prob`, other dimensionless numbers
 * (squared coefficients of variation) `1`. The fabric's units are physical: Gb/s, packets/s, µs.
 */

import { metricUnit } from '../core/glossary.js';

export { metricUnit };

/** A column header: the glossary's symbol and its unit, `X[jobs/t]`. */
export function header(symbol: string, unit: string): string {
  return `${symbol}[${unit}]`;
}

/** The unit of a swept parameter of `ibqos sim` (its params key), for the sweep table's headers. */
export function paramUnit(param: string): string | undefined {
  return PARAM_UNITS[param];
}

const PARAM_UNITS: Readonly<Record<string, string>> = {
  lambda: '1/t',
  mu: '1/t',
  mu1: '1/t',
  mu2: '1/t',
  capacity: 'jobs',
  upstreamCapacity: 'jobs',
  downstreamCapacity: 'jobs',
  thresholds: 'jobs',
  ca2: '1',
  cs2: '1',
  regimeCs2: '1',
  victimLoad: '1',
  linkGbps: 'Gb/s',
  bufferPackets: 'packets',
  ibccThreshold: '1',
};

/** A metric's column header: its name and its glossary unit, when the glossary has one. */
export function metricHeader(metric: string, physical: boolean): string {
  const unit = metricUnit(metric, physical);
  return unit === undefined ? metric : header(metric, unit);
}

/** A swept parameter's column header: its name and unit (the model's rates per t; the fabric's own units). */
export function paramHeader(param: string): string {
  const unit = paramUnit(param);
  return unit === undefined ? param : header(param, unit);
}
