/**
 * The units of the shared result vocabulary (docs/glossary.md): what each metric field of the
 * analytic results and the simulators counts. t is the time unit the model's rates are given in;
 * `prob` a probability or fraction of time; `jobs` a number of jobs (packets), the one in service
 * included. Tables print them in their column headers.
 */

/**
 * The unit of a result metric (its top-level field name, `throughput` of `throughput.victim`),
 * for the analytic models and model-level simulators (`physical` false: the model's time unit t)
 * or a fabric scenario (`physical` true); undefined for a metric the glossary does not list.
 *
 * @example metricUnit('meanQueueLength.upstream', false); // → 'jobs'
 * @example metricUnit('latency.victim', true); // → 'µs'
 */
export function metricUnit(metric: string, physical: boolean): string | undefined {
  const field = /^[A-Za-z0-9]+/.exec(metric)?.[0] ?? metric;
  return (physical ? FABRIC_UNITS : MODEL_UNITS)[field];
}

/** The analytic results' metric fields (the model-level simulators use the same names). */
const MODEL_UNITS: Readonly<Record<string, string>> = {
  meanQueueLength: 'jobs',
  throughput: 'jobs/t',
  responseTime: 't',
  utilization: 'prob',
  blockingProbability: 'prob',
  upstreamLossProbability: 'prob',
  creditBlockedProbability: 'prob',
  emptyProbability: 'prob',
  fullProbability: 'prob',
  probabilities: 'prob',
  regimeProbabilities: 'prob',
};

/** The fabric scenarios' metrics (docs/fabric.md). */
const FABRIC_UNITS: Readonly<Record<string, string>> = {
  throughput: 'Gb/s',
  latency: 'µs',
  offered: 'Gb/s',
  // Rate limits of congestion-spreading and santos-congestion: 64-byte blocks per second (docs/fabric.md § the rate unit).
  injectionRate: 'blocks/s',
  classRate: 'blocks/s',
  markedFraction: 'prob',
  sourceLoss: 'prob',
  utilization: 'prob',
  creditStall: 'prob',
};
