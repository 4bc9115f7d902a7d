/**
 * The thesis's experiments (S. Yan, *Performance analysis and improvement of InfiniBand networks*,
 * Bradford 2012) as report experiments, with the parameter values of docs/models.md:
 *
 * - ch. 4, Figs. 4.5–4.8: the credit chain over m = 2..11 with λ = 5, μ1 = 6, μ2 = 8, n = 12
 *   (docs/models.md §6; docs/credit.md);
 * - ch. 5, Figs. 5.3–5.5: the ET queue (K = 16, T = 8, μ = (8, 16), Ca² = 5, Cs² = 7; docs/models.md
 *   §4.2) over a λ sweep, exact ME against the thesis's reading of y (§4.4), blocking with and
 *   without the threshold; and the AJT counterparts (K = 24, T = (8, 16), μ = (8, 16, 12); §4.3);
 * - ch. 3, Fig. 3.1 and Tables 3.2–3.3: congestion spreading in the switch fabric (the victim's
 *   throughput, per-flow throughput and the average injection rate per class under no rate control,
 *   PIPD, PIPD + FIMD, FIMD, LIPD, AIMD and IB CC), beside the thesis's published rates cell by cell
 *   (no analytic model exists).
 *
 * The experiments carry no simulator themselves: {@link thesisSimulators} supplies them to
 * `runExperiments(…, { simulators })`, and without it the figures show the analytic curves only.
 */
import { solveCreditChain } from '../credit/index.js';
import { gege1nThreshold } from '../me/index.js';
import { canonicalKey, deriveSeed, scenarioPointSimulator, simulate, type ScenarioRunner } from '../sim/index.js';
import '../studies/index.js'; // registers the study's scenario this section runs by name
import type { AnyExperiment, Experiment, ExperimentPoint, PointSimulator } from './types.js';
import { checkKind } from '../core/shapes.js';

/** A credit-chain point: the parameters of solveCreditChain with the command line's short names. */
export interface CreditPoint extends ExperimentPoint {
  readonly lambda: number;
  readonly mu1: number;
  readonly mu2: number;
  readonly n: number;
  readonly m: number;
}

/** A threshold-queue point: the parameters of gege1nThreshold, and which case of the figure it is. */
export interface ThresholdPoint extends ExperimentPoint {
  /** 'ET', 'AJT' or 'no threshold'. */
  readonly queue: string;
  readonly lambda: number;
  readonly ca2: number;
  readonly cs2: number;
  readonly capacity: number;
  readonly thresholds: readonly number[];
  readonly mu: readonly number[];
}

/**
 * A congestion-spreading point: the source response of the high-priority class (r2) and of the
 * low-priority class (r1) in the fabric's `congestion-spreading` scenario (the victim uncontrolled).
 */
export interface CongestionPoint extends ExperimentPoint {
  /** 'none', 'PIPD' (Table 3.2), 'PIPD + FIMD' (Table 3.3), 'FIMD', 'LIPD', 'AIMD' or 'IB CC'. */
  readonly scheme: string;
  /** The scenario's rateControlHigh and rateControlLow. */
  readonly high: string;
  readonly low: string;
}
/** A credit point's model parameters, the same for the analytic chain and the `credit-tandem` simulation. */
function creditParams(p: CreditPoint) {
  return { lambda: p.lambda, mu1: p.mu1, mu2: p.mu2, upstreamCapacity: p.n, downstreamCapacity: p.m };
}

/** A threshold point's model parameters, the same for the ME solution and the `gege1n` simulation. */
function thresholdParams(p: ThresholdPoint) {
  return { lambda: p.lambda, ca2: p.ca2, cs2: p.cs2, capacity: p.capacity, thresholds: p.thresholds, mu: p.mu };
}

/** The x axis of the ch. 4 figures: the downstream capacity m. */
const OVER_M = { kind: 'sweep', xLabel: 'downstream capacity m', xUnit: 'packets', x: (p: CreditPoint) => p.m } as const;

/** Ch. 4: the credit chain over m = 2..11 (thesis §4.3, Figs. 4.5–4.8). */
export const creditExperiment: Experiment<CreditPoint> = {
  id: 'credit-chain',
  title: 'Credit-based flow control: the tandem chain over the downstream buffer m',
  source: 'thesis ch. 4, §4.3, Figs. 4.5–4.8; docs/models.md §6',
  description: [
    'Node 1 (capacity n = 12) forwards to Node 2 (capacity m = number of credits) only while it holds a credit; λ = 5, μ1 = 6, μ2 = 8 (per unit time), m = 2..11.',
    'Analytic: the exact stationary solution of the continuous-time Markov chain (solveCreditChain). Lengths count packets, the one in service included; W = L/X.',
  ],
  points: () => Array.from({ length: 10 }, (_, k) => ({ lambda: 5, mu1: 6, mu2: 8, n: 12, m: k + 2 })),
  label: (p) => `m = ${p.m}`,
  analytic: (p) => ({
    'exact chain': solveCreditChain(creditParams(p)),
  }),
  figures: [
    {
      ...OVER_M,
      id: 'queue-lengths',
      title: 'Mean queue lengths L1, L2 and L against m',
      subtitle: 'λ = 5, μ1 = 6, μ2 = 8, n = 12 (Figs. 4.5–4.6)',
      yLabel: 'mean queue length',
      yUnit: 'packets',
      metrics: [
        { path: 'meanQueueLength.upstream', label: 'L1 (Node 1)' },
        { path: 'meanQueueLength.downstream', label: 'L2 (Node 2)' },
        { path: 'meanQueueLength.total', label: 'L = L1 + L2' },
      ],
    },
    {
      ...OVER_M,
      id: 'response-time',
      title: 'Response time W against m (the thesis\'s R)',
      subtitle: 'λ = 5, μ1 = 6, μ2 = 8, n = 12 (Fig. 4.7)',
      yLabel: 'response time W',
      yUnit: 'time units',
      metrics: [{ path: 'responseTime', label: 'W' }],
    },
    {
      ...OVER_M,
      id: 'throughput',
      title: 'Throughput X against m (the thesis\'s T)',
      subtitle: 'λ = 5, μ1 = 6, μ2 = 8, n = 12 (Fig. 4.8)',
      yLabel: 'throughput X',
      yUnit: 'packets per time unit',
      metrics: [{ path: 'throughput', label: 'X' }],
    },
  ],
};

/** λ values of the ch. 5 sweeps: 1..16 (2, 4, …, 16 with `quick`). */
function lambdas(quick: boolean): number[] {
  return quick ? [2, 4, 6, 8, 10, 12, 14, 16] : Array.from({ length: 16 }, (_, k) => k + 1);
}

/** The x axis of the ch. 5 figures: the arrival rate λ. */
const OVER_LAMBDA = { kind: 'sweep', xLabel: 'arrival rate λ', xUnit: 'packets per time unit', x: (p: ThresholdPoint) => p.lambda } as const;

const NO_THRESHOLD = { capacity: 8, thresholds: [] as readonly number[], mu: [8] as readonly number[] };

function thresholdAnalytic(p: ThresholdPoint): Record<string, unknown> {
  const params = thresholdParams(p);
  // The thesis's reading of y (docs/models.md §4.4) is a reading of the threshold formula; without a
  // threshold the exact GE/GE/1/N form is the thesis's own (§3), so only the exact y is drawn there.
  if (p.thresholds.length === 0) return { 'ME, exact y': gege1nThreshold(params) };
  return {
    'ME, exact y': gege1nThreshold(params),
    "ME, thesis's y": gege1nThreshold({ ...params, variant: 'thesis' }),
  };
}

function thresholdExperiment(kind: 'ET' | 'AJT'): Experiment<ThresholdPoint> {
  const queue = kind === 'ET' ? { capacity: 16, thresholds: [8], mu: [8, 16] } : { capacity: 24, thresholds: [8, 16], mu: [8, 16, 12] };
  const figs = kind === 'ET' ? ['Fig. 5.3', 'Fig. 5.4', 'Fig. 5.5'] : ['AJT counterpart of Fig. 5.3', 'AJT counterpart of Fig. 5.4', 'AJT counterpart of Fig. 5.5'];
  const setting =
    kind === 'ET' ? 'K = 16, T = 8, μ = (8, 16), Ca² = 5, Cs² = 7' : 'K = 24, T = (8, 16), μ = (8, 16, 12), Ca² = 5, Cs² = 7';
  const isQueue = (p: ThresholdPoint) => p.queue === kind;
  const withOrWithout = (p: ThresholdPoint) => (p.queue === 'no threshold' ? 'without threshold' : `with ${kind}`);
  return {
    id: kind === 'ET' ? 'entry-threshold' : 'arrival-job-threshold',
    title: kind === 'ET' ? 'Entry threshold (ET): GE/GE/1/N/ET over λ' : 'Arrival job threshold (AJT): GE/GE/1/N/AJT over λ',
    source: kind === 'ET' ? 'thesis ch. 5, §5.2, Figs. 5.3–5.5; docs/models.md §§4.2, 4.4' : 'thesis ch. 5, §5.3 (AJT counterparts of Figs. 5.3–5.5); docs/models.md §§4.3, 4.4',
    description: [
      kind === 'ET'
        ? 'A virtual lane of N = 8 packets borrows a second lane once T = 8 packets are present: capacity K = 2N = 16, service rate μ1 = 8 below the threshold and μ2 = 16 from it on (docs/models.md §4.2; whether state N itself is served at μ2 is a reading).'
        : 'Two shared lanes are borrowed at thresholds T1 = 8 and T2 = 16: K = 3N = 24, rates μ = (8, 16, 12) (docs/models.md §4.3).',
      'GE arrivals and service with Ca² = 5, Cs² = 7 (bursty), λ swept. "Without the threshold" is read as the lane alone: GE/GE/1/8 at μ1 = 8.',
      "Analytic: the maximum-entropy product form with the exact y (solid; exact under docs/models.md §1.3) and with the thesis's reading y = ρ/g of its eq. 5.18 (dashed; docs/models.md §4.4). The thesis's error measure EM = |L_sim − L_ME|/L_sim is computed against the simulation when one is supplied.",
    ],
    points: ({ quick }) =>
      lambdas(quick).flatMap((lambda) => [
        { queue: kind, lambda, ca2: 5, cs2: 7, ...queue },
        { queue: 'no threshold', lambda, ca2: 5, cs2: 7, ...NO_THRESHOLD },
      ]),
    label: (p) => `${p.queue}, λ = ${p.lambda}`,
    // The two queues of the sweep, named as in the blocking figure's legend.
    configuration: withOrWithout,
    analytic: thresholdAnalytic,
    compareWith: 'ME, exact y',
    comparedMetrics: ['meanQueueLength', 'utilization', 'blockingProbability'],
    contrasts: [
      {
        title: `${kind}: the thesis's reading of y against the exact y (docs/models.md §4.4)`,
        series: "ME, thesis's y",
        reference: 'ME, exact y',
        include: isQueue,
        metrics: [
          { path: 'meanQueueLength', label: 'L' },
          { path: 'utilization', label: 'U' },
          { path: 'blockingProbability', label: 'blocking' },
          { path: 'fullProbability', label: 'P(K)' },
        ],
      },
    ],
    figures: [
      {
        ...OVER_LAMBDA,
        id: 'mean-queue-length',
        title: `${kind}: mean queue length against λ`,
        subtitle: `${setting} (${figs[0]})`,
        yLabel: 'mean queue length L',
        yUnit: 'packets',
        include: isQueue,
        metrics: [{ path: 'meanQueueLength', label: 'L' }],
      },
      {
        ...OVER_LAMBDA,
        id: 'utilization',
        title: `${kind}: utilisation against λ`,
        subtitle: `${setting} (${figs[1]})`,
        yLabel: 'utilisation U = 1 − P(0)',
        include: isQueue,
        metrics: [{ path: 'utilization', label: 'U' }],
      },
      {
        ...OVER_LAMBDA,
        id: 'blocking-probability',
        title: `${kind}: blocking probability with and without the threshold`,
        subtitle: `${setting}; without: GE/GE/1/8, μ = 8 (${figs[2]})`,
        yLabel: 'blocking probability',
        group: withOrWithout,
        metrics: [{ path: 'blockingProbability', label: 'blocking' }],
      },
    ],
  };
}

/** Ch. 5: the ET queue over λ (thesis §5.2, Figs. 5.3–5.5). */
export const entryThresholdExperiment: Experiment<ThresholdPoint> = thresholdExperiment('ET');

/** Ch. 5: the AJT queue over λ (thesis §5.3). */
export const arrivalJobThresholdExperiment: Experiment<ThresholdPoint> = thresholdExperiment('AJT');

/**
 * Thesis Tables 3.2 and 3.3, average injection rates as printed. Their unit is not stated; the
 * fabric reads 64-byte blocks per second (docs/fabric.md § the rate unit). r2 is the high-priority
 * class and r1 the low-priority one, at switch A (the remote flow's classes) and switch B (the
 * local flow's), R_min = R_max/128 for r2 and R_max/256 for r1, m = n = 4 (§3.4).
 */
const THESIS_INJECTION_RATES: Record<string, { switchA: { r1: number; r2: number }; switchB: { r1: number; r2: number } }> = {
  PIPD: { switchA: { r1: 47234.08637836817, r2: 149789.83324444026 }, switchB: { r1: 76440.10564262095, r2: 259756.99827139667 } },
  'PIPD + FIMD': { switchA: { r1: 18537.107824746185, r2: 118861.56808060875 }, switchB: { r1: 20147.849538670973, r2: 194463.99403664135 } },
};

const CONGESTION_SCHEMES: readonly CongestionPoint[] = [
  { scheme: 'none', high: 'none', low: 'none' },
  { scheme: 'PIPD', high: 'pipd', low: 'pipd' },
  { scheme: 'PIPD + FIMD', high: 'pipd', low: 'fimd' },
  { scheme: 'FIMD', high: 'fimd', low: 'fimd' },
  { scheme: 'LIPD', high: 'lipd', low: 'lipd' },
  { scheme: 'AIMD', high: 'aimd', low: 'aimd' },
  { scheme: 'IB CC', high: 'ibcc', low: 'ibcc' },
];

const FLOWS = [
  { key: 'local', label: 'local B1→Bc' },
  { key: 'remote', label: 'remote A1→Bc' },
  { key: 'victim', label: 'victim Av→Bv' },
] as const;

/** The thesis's four cells, as classes of the scenario (`classRate`). */
const TABLE_CELLS = [
  { path: 'classRate.remoteLow', label: 'switch A r1 (remote, low)' },
  { path: 'classRate.remoteHigh', label: 'switch A r2 (remote, high)' },
  { path: 'classRate.localLow', label: 'switch B r1 (local, low)' },
  { path: 'classRate.localHigh', label: 'switch B r2 (local, high)' },
] as const;

/** Ch. 3: congestion spreading, PIPD against FIMD (thesis §3.4, Fig. 3.1, Tables 3.2–3.3). */
export const congestionExperiment: Experiment<CongestionPoint> = {
  id: 'congestion-spreading',
  title: 'Congestion spreading: the victim and the injection rates under PIPD, FIMD, LIPD, AIMD and IB CC',
  source: 'thesis ch. 3, §3.4, Fig. 3.1, Tables 3.2–3.3; docs/models.md §§10–11; docs/fabric.md',
  description: [
    "Two switches A and B joined by one 2.5 Gb/s link (the fabric's `congestion-spreading` scenario with its defaults, the thesis's set-up: 2 KB packets, buffers of 4 packets per VL, sources starting at R_min). The local flow B1→Bc and the remote flow A1→Bc each carry a high-priority class r2 (granted twice the low class's bandwidth at admission) and a low-priority class r1, all greedy; the victim flow Av→Bv (low priority, 40 % of the link offered, not rate-controlled) shares the inter-switch link and suffers from congestion spreading. Sources respond to the thesis's cnt1/cnt2 ECN marks (per congested output link, one counter pair for both VLs as §3.3.1 says: “for each output link”) with PIPD, FIMD, LIPD or AIMD (R_min = R_max/128 for r2 and R_max/256 for r1, m = n = 4; rates in 64-byte blocks per second, R_max = 4 882 812.5; a rate change rescales the rest of the gap before the next packet, so a source injects at its rate r: the reading of “the source injection rate r”), or run InfiniBand CC.",
    'No analytic model exists for this experiment. The first figure shows the victim\'s throughput against what it offers under each scheme; the second the throughput per flow; the third and the table set the simulated average injection rates beside the thesis\'s OPNET values, cell by cell.',
  ],
  referenceNote: 'thesis Table 3.2 (PIPD for both classes) and Table 3.3 (r2 PIPD, r1 FIMD), average injection rates as printed, read in 64-byte blocks per second.',
  points: () => CONGESTION_SCHEMES,
  label: (p) => p.scheme,
  analytic: () => ({}),
  reference: (p) => {
    const t = THESIS_INJECTION_RATES[p.scheme];
    return t === undefined
      ? {}
      : { 'thesis table': { classRate: { remoteLow: t.switchA.r1, remoteHigh: t.switchA.r2, localLow: t.switchB.r1, localHigh: t.switchB.r2 } } };
  },
  comparedMetrics: [],
  referenceTables: [
    {
      title: 'Thesis Tables 3.2 (PIPD) and 3.3 (PIPD + FIMD) cell by cell: average injection rate, 64-byte blocks per second',
      reference: 'thesis table',
      metrics: TABLE_CELLS,
      note:
        "What remains different: the thesis's Table 3.1 (link rate, packet and buffer sizes) is lost, so the unit is a reading; r1 PIPD ÷ FIMD follows the thesis at B (≈ 3, thesis 3.79) and is ≈ 2 at A (thesis 2.55), but r2 rises where the thesis's falls. Why: a class sending one packet per rate decision averages ≈ R_min ÷ (the share of its ACKs marked) under either law, so the thesis's cells say its r1 is marked on ≈ 0.25–0.4 of ACKs under PIPD and ≥ 0.9 under FIMD, and r2 more often too — marking that rises as r1 sends less; ours falls (≈ 0.6/0.2 → 0.15/0.11), under every marking reading the thesis's words allow (docs/fabric.md lists each difference and its switch). High ÷ low under PIPD is ≈ 2 at A and ≈ 1.4 at B against Table 3.2's time averages, 3.17 and 3.40 (0.66 and 0.42 of them); the text's “almost two times” reads the rate traces of Figs. 3.4–3.5, whose R_min floors stand in the ratio 2 by §3.4's settings, not the averages. B's ratio moves between 1.40 and 1.76 with the ACK's size (0–64 bytes: 0–205 ns on the way back). With the laws' rates in MB/s (PIPD's increase gradual, §3.3.3) high ÷ low is 4.62 and 3.62 but r1 no longer falls under FIMD, and every cell is 3.5–15 times the thesis's. In the 64-byte reading the thesis's cells carry 0.27 Gb/s on the root link, ours 0.88: our marks fall in runs, so our classes spend less time in the 1/R_min waits a mark imposes (docs/fabric.md). The thesis gives one run per table and no run length: a pair of our single 5–10 ms runs shows its r2 fall at both switches 1–6 times in 200, a pair of 20 ms runs or longer never.",
    },
  ],
  figures: [
    {
      kind: 'categories',
      id: 'victim',
      title: 'The victim Av→Bv: delivered against offered, per rate control',
      subtitle: 'congestion spreading holds it back without rate control; the victim itself is never rate-controlled',
      xLabel: 'victim flow',
      yLabel: 'throughput',
      yUnit: 'Gb/s',
      group: (p) => p.scheme,
      categories: [
        { path: 'throughput.victim', label: 'delivered' },
        { path: 'offered.victim', label: 'offered' },
      ],
    },
    {
      kind: 'categories',
      id: 'throughput',
      title: 'Delivered throughput per flow',
      subtitle: 'local and remote summed over their two classes',
      xLabel: 'flow',
      yLabel: 'throughput',
      yUnit: 'Gb/s',
      group: (p) => p.scheme,
      categories: FLOWS.map((f) => ({ path: `throughput.${f.key}`, label: f.label })),
    },
    {
      kind: 'categories',
      id: 'injection-rates',
      title: 'Average injection rate per class: PIPD (Table 3.2) and PIPD + FIMD (Table 3.3)',
      subtitle: 'thesis: switch A = the remote flow\'s classes, switch B = the local flow\'s',
      xLabel: 'class',
      yLabel: 'average injection rate',
      yUnit: '64-byte blocks/s',
      group: (p) => p.scheme,
      include: (p) => p.scheme === 'PIPD' || p.scheme === 'PIPD + FIMD',
      categories: TABLE_CELLS,
    },
  ],
};

/** The report's experiments in the order of the report: ch. 4, ch. 5 (ET, AJT), ch. 3. */
export function thesisExperiments(): readonly AnyExperiment[] {
  return [creditExperiment, entryThresholdExperiment, arrivalJobThresholdExperiment, congestionExperiment];
}

/**
 * The simulators of the thesis's experiments, by experiment id, for `runExperiments(…, { simulators })`:
 * each turns an experiment point into a model-level scenario of src/sim (docs/sim.md) with exactly
 * the analytic model's semantics and returns its metrics with confidence intervals. Jobs measured
 * per replication: 200 000 (20 000 with `quick`), after a 10 % warm-up. The congestion experiment runs
 * the fabric's `congestion-spreading` scenario for 0.05 s of simulated time per replication (0.01 s
 * with `quick`) after its default warm-up. `runner` runs each scenario (default `simulate`, here and
 * now; `(spec, o) => simulateOnPool(pool, spec, o)` spreads the replications over worker threads
 * with the same numbers).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each simulator takes its own experiment's point type
export function thesisSimulators(runner: ScenarioRunner = simulate): Readonly<Record<string, PointSimulator<any>>> {
  checkKind('runner', runner, 'function');
  const jobs = { full: 200_000, quick: 20_000 };
  const credit = scenarioPointSimulator<CreditPoint>('credit-tandem', creditParams, jobs, runner);
  const threshold = scenarioPointSimulator<ThresholdPoint>('gege1n', thresholdParams, jobs, runner);
  const congestion: PointSimulator<CongestionPoint> = (p, options) => {
    // Each scheme its own seed, derived from the base seed and the point (as scenarioPointSimulator does).
    const spec = { scenario: 'congestion-spreading', params: { rateControlHigh: p.high, rateControlLow: p.low } };
    const seed = deriveSeed(options.seed, canonicalKey(spec));
    const result = runner(spec, { seed, replications: options.replications, until: options.quick ? 0.01 : 0.05 });
    return result instanceof Promise ? result.then((r) => r.metrics) : result.metrics;
  };
  return { 'credit-chain': credit, 'entry-threshold': threshold, 'arrival-job-threshold': threshold, 'congestion-spreading': congestion };
}
