/** The 20-point fabric sweep of benchmarks/sweep.ts (congestion-spreading over 20 victim loads, 2 replications of 1 s simulated). */
export const FABRIC_SWEEP = {
  scenario: 'congestion-spreading',
  axes: [['victimLoad', Array.from({ length: 20 }, (_, i) => 0.05 + 0.045 * i)]] as [string, number[]][],
  replications: 2,
  run: { until: 1, warmup: 0.05 },
};
