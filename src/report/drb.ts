/**
 * The report's DRB section: seed drb-… (Lugones et al., *Dynamic Routing Balancing for InfiniBand*)
 * on the fabric's `drb` scenario (docs/drb.md) — Figs. 8–9 (latency and received load against
 * offered load, DRB against the seed's IBA CC, perfect shuffle on the 8×8 torus and the 32-node mesh
 * read as 4×8) with the gains beside the numbers of the seed's text (+35 % throughput, −66 % / −42 %
 * latency), and Fig. 10 (the busiest link's throughput over time around a hot spot, beside the seed's
 * peaks of 1750 and 1000 Mb/s; time scaled from seconds to milliseconds).
 *
 * The full report runs the seed's sizes for 3 ms after a 0.6 ms warm-up (the paper-sized study, 5 ms
 * runs and two more mechanisms, is `npm run bench:drb-paper`, quoted in docs/drb.md); `quick` runs a
 * 4×4 torus and a 2×4 mesh at three loads for 1 ms, and says so in the descriptions.
 */
import { canonicalKey, deriveSeed, simulate, type ScenarioRunner } from '../sim/index.js';
import '../studies/index.js'; // registers the study's scenario this section runs by name
import type { AnyExperiment, Experiment, ExperimentPoint, PointSimulator } from './types.js';
import { checkKind, recordParameter } from '../core/shapes.js';

/** A point of Figs. 8–9: one topology at one offered load; both mechanisms run at it. */
export interface DrbLoadPoint extends ExperimentPoint {
  readonly topology: 'torus' | 'mesh';
  /** Switches as 'WxH', one node each. */
  readonly size: string;
  /** Offered load per node, Mb/s. */
  readonly load: number;
}

/** A point of Fig. 10: one mechanism under the hot spot. */
export interface DrbHotSpotPoint extends ExperimentPoint {
  /** 'DRB' or 'IBA CC'. */
  readonly mechanism: string;
  readonly size: string;
}

/** The seed's two mechanisms as `drb` scenario params: DRB without throttling, static routing with the seed's IB CC. */
const MECHANISMS = {
  DRB: { routing: 'drb', cc: 'none' },
  'IBA CC': { routing: 'static', cc: 'ibcc-drb-paper' },
} as const;

/** Run lengths (s of simulated time) of the full report and of `quick`. */
const RUN = { full: { until: 0.003, warmup: 0.0006 }, quick: { until: 0.001, warmup: 0.0002 } } as const;

/** The set-up of Figs. 8–9 in each mode, said in the descriptions. */
function loadSetUp(quick: boolean): { sizes: Record<DrbLoadPoint['topology'], string>; loads: readonly number[] } {
  return quick ? { sizes: { torus: '4x4', mesh: '2x4' }, loads: [400, 800, 1200] } : { sizes: { torus: '8x8', mesh: '4x8' }, loads: [200, 400, 600, 800, 1000, 1200] };
}

const QUICK_NOTE =
  'QUICK (reduced): a 4×4 torus and a 2×4 mesh at 400, 800 and 1200 Mb/s, 1 ms after a 0.2 ms warm-up, and a 4×4 torus for the hot spot — a smoke run of the pipeline, not comparable with the seed; run the report without --quick, or `npm run bench:drb-paper` for the paper-sized study.';
const FULL_NOTE =
  'Full report: the seed\'s sizes (torus 8×8, mesh 4×8), 3 ms after a 0.6 ms warm-up per replication. The paper-sized study (5 ms runs, 3 replications, static routing without CC and the specification\'s IB CC beside) is `npm run bench:drb-paper` (about 10 minutes), quoted in docs/drb.md.';

/** The seed's numbers, quoted from its text (§§5.1–5.3), in percent and Mb/s. */
export const DRB_SEED_CLAIMS = {
  /** §5.1: "Performance improvement accomplished for the proposed mechanism is near 35%." (torus, Fig. 8 (a)) */
  torusThroughputGainPercent: 35,
  /** §5.2: "a reduction of 66% and 42% in latency is accomplished" (torus, mesh; Figs. 8 (b), 9 (b)) */
  torusLatencyReductionPercent: 66,
  meshLatencyReductionPercent: 42,
  /** §5.3: "IBA CC approach needs more than 1750 Mbps to handle the Hot-spot, while in DRB case, network needs 1000 Mbps approx." (Fig. 10) */
  hotSpotPeakMbps: { 'IBA CC': 1750, DRB: 1000 },
} as const;

/** Our remaining differences from the seed's set-up, one line each (docs/drb.md, "Differences"). */
export const DRB_DIFFERENCES: readonly string[] = [
  'Simulator: the library\'s fabric, not OPNET with the seed\'s IBA models (difference 1).',
  'Packets of 2048 bytes, VL buffers of 4 packets, one packet per message, Poisson arrivals: the seed gives none of them (differences 2–4).',
  'Run length: milliseconds, not the seed\'s seconds; past saturation latency grows with the run, so compare mechanisms of one run length (difference 5).',
  'Mesh of 32 nodes read as 4 columns × 8 rows; the 8×4 reading gives DRB no gain (difference 6).',
  'Alternative paths: the other dimension orders of the torus or mesh as the SM\'s extra LIDs (per-destination tables), 3.2 usable disjoint paths per pair on the torus (perfect shuffle: 26 of 62 pairs have 4), 1.7 on the mesh, where the seed searches disjoint paths per pair by DFS (difference 7).',
  'Deadlock avoidance (dateline VLs, the Y-then-X orders on two more VLs) is ours; DRB\'s ports hold more packets than static routing\'s (difference 8).',
  'Marking at 80 % of the input VL buffer, at root or victim alike (difference 9); notifications decay by half per 100 µs timer, Eq. 1 on B_i + 1 (difference 10).',
  'IBA CC: 5 µs more inter-packet delay per 10 BECNs, one step back per 100 µs period without a BECN (with a free-running timer it never rises above 1 at these loads); its level settles at a mean of 2–3 and it changes static routing\'s results by a few per cent (difference 11).',
  'Hot spot: 4 flows of 750 Mb/s from row 0 sharing its +x links, started at 1.8 ms; the seed\'s network and links 1–5 are not drawn (difference 12).',
];

/** The differences as description paragraphs, one line each. */
const differences = ['Remaining differences from the seed (docs/drb.md, one line each):', ...DRB_DIFFERENCES.map((d) => `– ${d}`)];

const pct = (x: number): number => Math.round(x * 10) / 10;

/** The gains of DRB over IBA CC at a point, from the two runs' means: received load up, latency down (%). */
export function drbGains(drb: { throughputMbps: number; latencyUs: number }, ibcc: { throughputMbps: number; latencyUs: number }): { throughputPercent: number; latencyReductionPercent: number } {
  recordParameter('drb', drb, { throughputMbps: 'number', latencyUs: 'number' });
  recordParameter('ibcc', ibcc, { throughputMbps: 'number', latencyUs: 'number' });
  return { throughputPercent: pct((drb.throughputMbps / ibcc.throughputMbps - 1) * 100), latencyReductionPercent: pct((1 - drb.latencyUs / ibcc.latencyUs) * 100) };
}

const OVER_LOAD = { kind: 'sweep', xLabel: 'offered load per node', xUnit: 'Mb/s', x: (p: DrbLoadPoint) => p.load } as const;
const BOTH = (what: string) => [
  { path: `DRB.${what}`, label: 'DRB' },
  { path: `IBA CC.${what}`, label: 'IBA CC' },
];

function topologyFigures(topology: DrbLoadPoint['topology'], fig: string, latencyClaim: string, throughputClaim: string) {
  const include = (p: DrbLoadPoint) => p.topology === topology;
  const name = topology === 'torus' ? 'torus (8×8; 4×4 with --quick)' : 'mesh of 32 (4×8; 2×4 with --quick)';
  return [
    {
      ...OVER_LOAD,
      id: `${topology}-received`,
      title: `${name}: received load against offered load (${fig} (a))`,
      subtitle: `perfect shuffle; seed: ${throughputClaim}`,
      yLabel: 'received load per node',
      yUnit: 'Mb/s',
      include,
      metrics: BOTH('throughputMbps'),
    },
    {
      ...OVER_LOAD,
      id: `${topology}-latency`,
      title: `${name}: latency against offered load (${fig} (b))`,
      subtitle: `perfect shuffle; seed: ${latencyClaim}`,
      yLabel: 'mean packet latency',
      yUnit: 'µs',
      include,
      metrics: BOTH('latencyUs'),
    },
  ] as const;
}

/** Figs. 8–9: DRB against IBA CC over the offered load, torus and mesh. */
export const drbLoadExperiment: Experiment<DrbLoadPoint> = {
  id: 'drb-load',
  title: 'DRB against IBA CC: latency and received load over the offered load (DRB seed Figs. 8–9)',
  source: 'seed drb-… (Lugones et al.), §§5.1–5.2, Figs. 8–9; docs/drb.md',
  description: [
    'The fabric\'s `drb` scenario: one host per switch, 2.5 Gb/s links, perfect-shuffle traffic (1-bit left rotation of the source index) at an offered load per node. "DRB": dynamic routing balancing over up to 4 disjoint paths (the mesh\'s or torus\'s other dimension orders, each class on VLs of its own), throttling off (the seed: "message throttling is deactivated"); "IBA CC": dimension-order routing with the seed\'s IB CC variant (5 µs more inter-packet delay per 10 notifications, one step back per 100 µs timer period without a notification: "if no congestion notifications are received injection is gradually recovered"). Switches mark at 80 % of the VL buffer; timers 100 µs. The seed\'s mesh of 32 gives no shape: 4×8 here; docs/drb.md sets the 8×4 numbering beside it, under which DRB gains nothing.',
    'The seed\'s numbers, quoted from its text: torus throughput "near 35%" higher with DRB (§5.1, Fig. 8 (a)); latency "a reduction of 66% and 42%" on the torus and the mesh (§5.2, Figs. 8 (b), 9 (b)); at low load "DRB behavior is quite similar to IBA CC". The last figure sets our gains at each load beside them (the seed gives one number per curve, drawn at every load; our gains are of the means, without an interval).',
    ...differences,
  ],
  referenceNote: 'seed drb-… §5.1 ("near 35%", torus throughput) and §5.2 ("a reduction of 66% and 42% in latency", torus and mesh), drawn at every load.',
  points: ({ quick }) => {
    const { sizes, loads } = loadSetUp(quick);
    return (['torus', 'mesh'] as const).flatMap((topology) => loads.map((load) => ({ topology, size: sizes[topology], load })));
  },
  label: (p) => `${p.topology} ${p.size}, ${p.load} Mb/s`,
  analytic: () => ({}),
  reference: (p) => ({
    'seed (text)': {
      gain: {
        ...(p.topology === 'torus' ? { throughputPercent: DRB_SEED_CLAIMS.torusThroughputGainPercent } : {}),
        latencyReductionPercent: p.topology === 'torus' ? DRB_SEED_CLAIMS.torusLatencyReductionPercent : DRB_SEED_CLAIMS.meshLatencyReductionPercent,
      },
    },
  }),
  comparedMetrics: [],
  figures: [
    ...topologyFigures('torus', 'Fig. 8', '−66 % latency with DRB', '+35 % received load with DRB'),
    ...topologyFigures('mesh', 'Fig. 9', '−42 % latency with DRB', 'throughput "slightly worse" than the torus'),
    {
      ...OVER_LOAD,
      id: 'gains',
      title: 'DRB\'s gains over IBA CC beside the seed\'s numbers',
      subtitle: 'received load +% and latency −% of DRB against IBA CC; seed: torus +35 % / −66 %, mesh −42 %',
      yLabel: 'gain of DRB over IBA CC',
      yUnit: '%',
      group: (p) => p.topology,
      metrics: [
        { path: 'gain.throughputPercent', label: 'received load +%' },
        { path: 'gain.latencyReductionPercent', label: 'latency −%' },
      ],
    },
  ],
};

/** The hot spot's start (µs of simulated time, warm-up included) and the time axis of Fig. 10. */
const HOT_SPOT = { atUs: 1800, baseLoad: 300, samples: 10, until: 0.004, warmup: 0.0006 } as const;
const SAMPLE_MS = (HOT_SPOT.until * 1e3) / HOT_SPOT.samples;
/** The first interval after the hot spot starts. */
const FIRST_HOT = Math.round((HOT_SPOT.atUs / 1e3 - HOT_SPOT.warmup * 1e3) / SAMPLE_MS);

/** Fig. 10: the busiest switch-to-switch link's throughput over time, a hot spot starting at 1.8 ms. */
export const drbHotSpotExperiment: Experiment<DrbHotSpotPoint> = {
  id: 'drb-hot-spot',
  title: 'A hot spot: the busiest link\'s throughput over time, DRB against IBA CC (DRB seed Fig. 10)',
  source: 'seed drb-… (Lugones et al.), §5.3, Fig. 10; docs/drb.md',
  description: [
    `Torus 8×8 (4×4 with --quick), perfect shuffle at ${HOT_SPOT.baseLoad} Mb/s per node; at ${HOT_SPOT.atUs / 1e3} ms four hot-spot flows of 750 Mb/s start from nodes 0–3 (row 0) to the far half of the middle row, sharing row 0's +x links under dimension order (the seed: "Hot-spot is produced in links 1,2,3,4 and 5 incrementing the communication load in 230%"). The figure gives the throughput of the busiest switch-to-switch link in each 0.4 ms interval of the ${HOT_SPOT.until * 1e3} ms measured after a ${HOT_SPOT.warmup * 1e3} ms warm-up.`,
    'TIME IS SCALED: the seed\'s axis runs in seconds (its hot spot at 42.5 s); ours in milliseconds of simulated time, the hot spot at 1.8 ms. The seed\'s peaks, quoted from §5.3: IBA CC "needs more than 1750 Mbps to handle the Hot-spot, while in DRB case, network needs 1000 Mbps approx.", drawn after the hot spot starts. Under this reading (A) we do not reproduce it: the shared link saturates, DRB opens paths only for a few hundred µs at a time and delivers the hot flows\' whole load where IBA CC holds back about 40 % of it, and both busiest links run near the link rate (DRB ÷ IBA CC 0.97–0.99); with a 750 Mb/s base raised to 230 % on five links (B) no buffer reaches the marking threshold and neither mechanism acts. docs/drb.md gives a third reading, the same four flows into one node (C, `--hot-spot-target node`): over 12 ms of hot spot DRB\'s busiest link carries 0.73 of IBA CC\'s (0.64 with whole-buffer marking, 0.62 with Eq. 1\'s counts undecayed; the seed 0.57), at levels of 1,440–1,690 against 2,340 Mb/s.',
    ...differences,
  ],
  referenceNote: 'seed drb-… §5.3 (Fig. 10): IBA CC more than 1750 Mb/s, DRB about 1000 Mb/s on the busiest link after the hot spot.',
  points: ({ quick }) => (['DRB', 'IBA CC'] as const).map((mechanism) => ({ mechanism, size: quick ? '4x4' : '8x8' })),
  label: (p) => `${p.mechanism}, torus ${p.size}`,
  analytic: () => ({}),
  reference: (p) => ({
    'seed (text)': { peakLinkMbps: Array.from({ length: HOT_SPOT.samples }, (_, k) => (k >= FIRST_HOT ? DRB_SEED_CLAIMS.hotSpotPeakMbps[p.mechanism as keyof typeof DRB_SEED_CLAIMS.hotSpotPeakMbps] : null)) },
  }),
  comparedMetrics: [],
  figures: [
    {
      kind: 'categories',
      id: 'peak-link',
      title: 'Busiest link\'s throughput over time around the hot spot (Fig. 10, time scaled)',
      subtitle: `hot spot from ${HOT_SPOT.atUs / 1e3} ms; time in ms, the seed's in s; seed: IBA CC > 1750, DRB ≈ 1000 Mb/s`,
      xLabel: 'interval end (ms of simulated time; the seed: seconds)',
      yLabel: 'busiest link throughput',
      yUnit: 'Mb/s',
      group: (p) => p.mechanism,
      categories: Array.from({ length: HOT_SPOT.samples }, (_, k) => ({
        path: `peakLinkMbps.${k}`,
        label: (HOT_SPOT.warmup * 1e3 + SAMPLE_MS * (k + 1)).toFixed(1),
      })),
    },
    {
      kind: 'categories',
      id: 'open-paths',
      title: 'Open paths per flow over time around the hot spot',
      subtitle: 'DRB opens paths on notifications; IBA CC keeps one',
      xLabel: 'interval end (ms of simulated time)',
      yLabel: 'mean open paths per flow',
      group: (p) => p.mechanism,
      categories: Array.from({ length: HOT_SPOT.samples }, (_, k) => ({
        path: `openPaths.${k}`,
        label: (HOT_SPOT.warmup * 1e3 + SAMPLE_MS * (k + 1)).toFixed(1),
      })),
    },
  ],
};

/**
 * The DRB section's experiments in the order of the report, each description opening with what the
 * mode runs: `quick` says it is reduced (smaller networks, shorter runs) and names the command of
 * the paper-sized study.
 */
export function drbExperiments(options: { readonly quick?: boolean } = {}): readonly AnyExperiment[] {
  recordParameter('options', options);
  const note = options.quick === true ? QUICK_NOTE : FULL_NOTE;
  return [drbLoadExperiment, drbHotSpotExperiment].map((e) => ({ ...e, description: [note, ...e.description] }) as AnyExperiment);
}

/** Runs one `drb` scenario spec with a seed derived from the base seed and the spec; its metrics. */
function runDrb(runner: ScenarioRunner, params: Record<string, unknown>, options: { seed: number; replications: number }, length: { until: number; warmup: number }): unknown | Promise<unknown> {
  const spec = { scenario: 'drb', params };
  const seed = deriveSeed(options.seed, canonicalKey(spec));
  const result = runner(spec, { seed, replications: options.replications, ...length });
  return result instanceof Promise ? result.then((r) => r.metrics) : result.metrics;
}

type Means = { throughputMbps: number; latencyUs: number };
const means = (m: unknown): Means => {
  const r = m as Record<string, { mean: number } | number>;
  const v = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : (r[k] as { mean: number }).mean);
  return { throughputMbps: v('throughputMbps'), latencyUs: v('latencyUs') };
};

/**
 * The simulators of the DRB experiments, by experiment id, for `runExperiments(…, { simulators })`.
 * A Figs. 8–9 point runs both mechanisms (each its own seed, derived from the base seed and its
 * spec) and returns `{ DRB, 'IBA CC', gain }`; a Fig. 10 point runs its mechanism. `runner` as in
 * thesisSimulators (a worker pool gives the same numbers).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each simulator takes its own experiment's point type
export function drbSimulators(runner: ScenarioRunner = simulate): Readonly<Record<string, PointSimulator<any>>> {
  checkKind('runner', runner, 'function');
  const load: PointSimulator<DrbLoadPoint> = async (p, options) => {
    const length = options.quick ? RUN.quick : RUN.full;
    const [drb, ibcc] = await Promise.all(
      Object.values(MECHANISMS).map((m) => runDrb(runner, { topology: p.topology, size: p.size, load: p.load, ...m }, options, length)),
    );
    return { DRB: drb, 'IBA CC': ibcc, gain: drbGains(means(drb), means(ibcc)) };
  };
  const hotSpot: PointSimulator<DrbHotSpotPoint> = (p, options) =>
    runDrb(
      runner,
      { topology: 'torus', size: p.size, load: HOT_SPOT.baseLoad, hotSpotAtUs: HOT_SPOT.atUs, samples: HOT_SPOT.samples, ...MECHANISMS[p.mechanism as keyof typeof MECHANISMS] },
      options,
      { until: HOT_SPOT.until, warmup: HOT_SPOT.warmup },
    );
  return { 'drb-load': load, 'drb-hot-spot': hotSpot };
}
