/** The figures of the thesis report, `<experiment>-<figure>`, in the order the report draws them. */
export const THESIS_FIGURES = [
  'credit-chain-queue-lengths',
  'credit-chain-response-time',
  'credit-chain-throughput',
  'entry-threshold-mean-queue-length',
  'entry-threshold-utilization',
  'entry-threshold-blocking-probability',
  'arrival-job-threshold-mean-queue-length',
  'arrival-job-threshold-utilization',
  'arrival-job-threshold-blocking-probability',
  'congestion-spreading-victim',
  'congestion-spreading-throughput',
  'congestion-spreading-injection-rates',
] as const;

/** The figures of the report's DRB section (seed drb-…, Figs. 8–10), in the order the report draws them. */
export const DRB_FIGURES = [
  'drb-load-torus-received',
  'drb-load-torus-latency',
  'drb-load-mesh-received',
  'drb-load-mesh-latency',
  'drb-load-gains',
  'drb-hot-spot-peak-link',
  'drb-hot-spot-open-paths',
] as const;

/** The figures of the report's Gran section (Gran et al.), in report order. */
export const GRAN_FIGURES = ['gran-table-2-receive-rates', 'gran-windy-non-hotspots', 'gran-windy-total', 'gran-moving-average'] as const;

/** The figures of the report's Alfaro section (Alfaro et al., Table 2 and Fig. 3), in report order. */
export const ALFARO_FIGURES = ['alfaro-table-2-utilization', 'alfaro-table-2-connections', 'alfaro-deadlines-deadline-d', 'alfaro-deadlines-deadline-d10', 'alfaro-deadlines-deadline-d100'] as const;

/** The figures of the report's fabric-model section with --quick (issue 31), in report order. */
export const FABRIC_MODEL_FIGURES = [
  'fabric-model-two-switch-sojourn',
  'fabric-model-hotspot-throughput-cc-off',
  'fabric-model-hotspot-throughput-cc-on',
  'fabric-model-hotspot-latency-cc-off',
  'fabric-model-hotspot-latency-cc-on',
  'fabric-model-flows-latency-error',
  'fabric-model-flows-latency-error-flows',
  'fabric-model-flows-latency-4ary2tree',
  'fabric-model-flows-latency-mesh8x8',
  'fabric-model-flows-latency-torus8x8',
  'fabric-model-flows-latency-alfaro16',
  'fabric-model-saturation-loads',
] as const;
