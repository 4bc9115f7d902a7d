/**
 * The report's Gran section: Gran et al. ("Exploring the scope of the InfiniBand congestion control
 * mechanism") on the fabric's `ibcc-fat-tree` scenario — Table II side by side with the paper, the
 * windy forests of Figs. 5 and 8 (non-hotspot receive rate against p, with and without CC, with the
 * paper's t_max) and the moving silent trees of Fig. 9 (average receive rate against the hotspot
 * lifetime). The full report runs the paper's 648 hosts (radix 36) for the paper's 0.1 s timeslot
 * from t = 0 (docs/gran.md explains the reading); `quick` runs fewer points on radix 4 (8 hosts,
 * 1 hotspot) for 2 ms after a 1 ms warm-up — a smoke run of the pipeline — and says so in the
 * descriptions and progress lines.
 */
import { foldedClosHosts } from '../network/index.js';
import { canonicalKey, deriveSeed, simulate, type ScenarioRunner } from '../sim/index.js';
import '../studies/index.js'; // registers the study's scenario this section runs by name
import type { AnyExperiment, Experiment, PointSimulator } from './types.js';

/** The set-up of a run: the paper's or the quick one. */
function size(quick: boolean): { radix: number; hotspots: number; note: string } {
  return quick ? { radix: 4, hotspots: 1, note: 'QUICK: radix 4, 8 hosts, 1 hotspot, 2 ms after a 1 ms warm-up' } : { radix: 36, hotspots: 8, note: '648 hosts, 8 hotspots, 0.1 s' };
}

/** A point of the Gran experiments: the scenario's params plus labels. */
type GranPoint = {
  readonly label: string;
  readonly radix: number;
  readonly hotspots: number;
  readonly cc: string;
  readonly victims: number;
  readonly contributors: number;
  readonly bNodes: number;
  readonly p: number;
  /** Hotspot lifetime in ms; 0 = the hotspots never move. */
  readonly lifetimeMs: number;
};

const PARAM_KEYS = ['radix', 'hotspots', 'cc', 'victims', 'contributors', 'bNodes', 'p'] as const;

function scenarioParams(point: GranPoint): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(PARAM_KEYS.map((k) => [k, point[k]]));
  if (point.lifetimeMs > 0) params.hotspotLifetimeMs = point.lifetimeMs;
  return params;
}

/**
 * t_max of Figs. 5–8: the average receive rate of the non-hotspots if the hotspots took no traffic —
 * the uniform traffic (V nodes at the injection rate, B nodes at 1 − p of it) spread over the H − 1
 * other hosts, the share reaching non-hotspots.
 */
export function granTmax(point: Pick<GranPoint, 'radix' | 'hotspots' | 'victims' | 'bNodes' | 'p'>, injectionGbps = 13.5): number {
  const H = foldedClosHosts(point.radix);
  const nB = Math.round(point.bNodes * H);
  const nV = H - nB - Math.round((1 - point.victims - point.bNodes) * H);
  const uniform = injectionGbps * (nV + nB * (1 - point.p / 100));
  return (uniform / (H - 1)) * ((H - 1 - point.hotspots) / (H - point.hotspots));
}

const BASE = { victims: 0.2, contributors: 0.8, bNodes: 0, p: 0, lifetimeMs: 0 };

/** Seed gran-… Table II (Gb/s). */
const TABLE_II: Readonly<Record<string, Record<string, number>>> = {
  'no hotspots, no CC': { averageReceiveGbps: 2.699 },
  'no hotspots, CC on': { averageReceiveGbps: 2.701 },
  'hotspots, no CC': { hotspotReceiveGbps: 13.602, nonHotspotReceiveGbps: 0.168, totalThroughputGbps: 216.073 },
  'hotspots, CC on': { hotspotReceiveGbps: 13.279, nonHotspotReceiveGbps: 2.246, totalThroughputGbps: 1543.793 },
};

/** Table II: silent trees, 20 % V and 80 % C nodes, with and without hotspots and CC. */
export const granTableExperiment: Experiment<GranPoint> = {
  id: 'gran-table-2',
  title: 'Gran et al. Table II: silent congestion trees in the 648-node fat-tree',
  source: 'Gran et al., §V-A, Table II; docs/gran.md',
  description: [
    'The fabric\'s `ibcc-fat-tree` scenario: a two-level folded Clos of 36-port switches (648 hosts), 4x DDR links (16 Gb/s of data), MTU 2048, messages of two packets, hosts injecting at most 13.5 Gb/s and receiving at most 13.6 Gb/s, VoQ switches, IB CC with Table I\'s parameters per source-destination pair. 20 % V nodes (uniform destinations), 80 % C nodes (all to one of 8 hotspots); "no hotspots" runs only the V nodes.',
    'The paper\'s value is the reference of each case; docs/gran.md sets every cell beside ours with the ratio and lists the differences between the set-ups. With `--quick` the network is radix 4 (8 hosts, 1 hotspot, 2 ms after a 1 ms warm-up): a smoke run of the pipeline, not comparable with the paper.',
  ],
  referenceNote: 'Gran et al. Table II, Gb/s.',
  points: ({ quick }) => {
    const { radix, hotspots } = size(quick);
    return Object.keys(TABLE_II).map((label) => ({ ...BASE, label, radix, hotspots: label.startsWith('no') ? 0 : hotspots, cc: label.endsWith('CC on') ? 'on' : 'off' }));
  },
  label: (p) => p.label,
  analytic: () => ({}),
  reference: (p) => (p.radix === 36 ? { 'Gran et al.': TABLE_II[p.label]! } : {}),
  comparedMetrics: [],
  figures: [
    {
      kind: 'categories',
      id: 'receive-rates',
      title: 'Receive rates per host (Table II)',
      subtitle: 'hotspots, non-hotspots and all hosts, with and without hotspots and CC',
      xLabel: 'hosts',
      yLabel: 'receive rate',
      yUnit: 'Gb/s',
      group: (p) => p.label,
      categories: [
        { path: 'hotspotReceiveGbps', label: 'hotspots' },
        { path: 'nonHotspotReceiveGbps', label: 'non-hotspots' },
        { path: 'averageReceiveGbps', label: 'all hosts' },
      ],
    },
  ],
};

/** Figs. 5 and 8: windy forests, 25 % and 100 % B nodes, non-hotspot receive rate against p. */
export const granWindyExperiment: Experiment<GranPoint> = {
  id: 'gran-windy',
  title: 'Gran et al. Figs. 5 and 8: windy congestion trees, receive rate of the non-hotspots against p',
  source: 'Gran et al., §V-B, Figs. 5 and 8; docs/gran.md',
  description: [
    'x % of the hosts are B nodes (p % of their traffic to their hotspot, the rest uniform, as Frame I keeps them apart); the others are 80 % C and 20 % V nodes as in Table II. Fig. 5 has x = 25 %, Fig. 8 x = 100 %. t_max is the non-hotspots\' average receive rate if the hotspots took nothing (the analytic curve). The paper reads: CC\'s gain is largest at intermediate p (peak at p = 60), none at p = 0 and p = 100 with 100 % B nodes. With `--quick` only Fig. 8 (p = 0, 60, 100) on radix 4 (8 hosts, 1 hotspot): trends only.',
  ],
  points: ({ quick }) => {
    const { radix, hotspots } = size(quick);
    const ps = quick ? [0, 60, 100] : [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    return (quick ? [1] : [0.25, 1]).flatMap((x) =>
      ps.flatMap((p) =>
        ['off', 'on'].map((cc) => ({ ...BASE, label: `Fig. ${x === 1 ? 8 : 5} (${x * 100} % B), CC ${cc}`, radix, hotspots, cc, bNodes: x, victims: 0.2 * (1 - x), contributors: 0.8 * (1 - x), p })),
      ),
    );
  },
  label: (p) => `${p.label}, p = ${p.p}`,
  analytic: (p) => (p.cc === 'on' ? { t_max: { nonHotspotReceiveGbps: granTmax(p) } } : {}),
  comparedMetrics: [],
  figures: [
    {
      kind: 'sweep',
      id: 'non-hotspots',
      title: 'Non-hotspot receive rate against p',
      subtitle: 'with and without CC; t_max: what the non-hotspots could receive without hotspots',
      xLabel: 'p',
      xUnit: '%',
      yLabel: 'receive rate per non-hotspot',
      yUnit: 'Gb/s',
      x: (p) => p.p,
      group: (p) => p.label,
      metrics: [{ path: 'nonHotspotReceiveGbps', label: 'non-hotspots' }],
    },
    {
      kind: 'sweep',
      id: 'total',
      title: 'Total network throughput against p',
      subtitle: 'CC\'s gain (Figs. 5(c), 8(c)) is the ratio of the two curves of a figure',
      xLabel: 'p',
      xUnit: '%',
      yLabel: 'total throughput',
      yUnit: 'Gb/s',
      x: (p) => p.p,
      group: (p) => p.label,
      metrics: [{ path: 'totalThroughputGbps', label: 'total' }],
    },
  ],
};

/** Fig. 9: moving silent trees, 20 % or 60 % V nodes (the rest C), average receive rate against lifetime. */
export const granMovingExperiment: Experiment<GranPoint> = {
  id: 'gran-moving',
  title: 'Gran et al. Fig. 9: moving silent congestion trees, receive rate against the hotspot lifetime',
  source: 'Gran et al., §V-C, Fig. 9; docs/gran.md',
  description: [
    'The hotspots move (a new random set) every lifetime: 10 ms down to 1 ms in the paper. Fig. 9(a) has 20 % V and 80 % C nodes, Fig. 9(b) 60 % V. The paper reads: at 10 ms CC raises the average receive rate by 55 % (a) and 2.6× (b); the gain shrinks as the lifetime shortens, still positive at 1 ms (4 % and 10 %). With `--quick` only Fig. 9(a), lifetimes 1 and 0.5 ms, on radix 4 (8 hosts, 1 hotspot): trends only.',
  ],
  referenceNote: 'Gran et al. §V-C text: Fig. 9(a) at 10 ms, 723 Mb/s with CC and 467 Mb/s without.',
  points: ({ quick }) => {
    const { radix, hotspots } = size(quick);
    const lifetimes = quick ? [1, 0.5] : [10, 5, 2, 1];
    return (quick ? [0.2] : [0.2, 0.6]).flatMap((v) =>
      lifetimes.flatMap((lifetimeMs) =>
        ['off', 'on'].map((cc) => ({ ...BASE, label: `Fig. 9(${v === 0.2 ? 'a' : 'b'}) (${v * 100} % V), CC ${cc}`, radix, hotspots, cc, victims: v, contributors: 1 - v, lifetimeMs })),
      ),
    );
  },
  label: (p) => `${p.label}, lifetime ${p.lifetimeMs} ms`,
  analytic: () => ({}),
  reference: (p) => (p.radix === 36 && p.victims === 0.2 && p.lifetimeMs === 10 ? { 'Gran et al.': { averageReceiveGbps: p.cc === 'on' ? 0.723 : 0.467 } } : {}),
  comparedMetrics: [],
  figures: [
    {
      kind: 'sweep',
      id: 'average',
      title: 'Average receive rate against the hotspot lifetime',
      subtitle: 'with and without CC',
      xLabel: 'hotspot lifetime',
      xUnit: 'ms',
      yLabel: 'receive rate per host',
      yUnit: 'Gb/s',
      x: (p) => p.lifetimeMs,
      group: (p) => p.label,
      metrics: [{ path: 'averageReceiveGbps', label: 'all hosts' }],
    },
  ],
};

/** The Gran section's experiments, in report order. */
export function granExperiments(): readonly AnyExperiment[] {
  return [granTableExperiment, granWindyExperiment, granMovingExperiment];
}

/**
 * Their simulator: the `ibcc-fat-tree` scenario at the point (run by `runner`: `simulate`, or a
 * worker pool's), each point its own seed (derived from
 * the base seed and the params). Full: 0.1 s from t = 0 (the paper's timeslot); quick: 2 ms after
 * a 1 ms warm-up.
 */
export function granSimulators(runner: ScenarioRunner = simulate): Readonly<Record<string, PointSimulator<GranPoint>>> {
  const simulator: PointSimulator<GranPoint> = (point, options) => {
    const spec = { scenario: 'ibcc-fat-tree', params: scenarioParams(point) };
    const seed = deriveSeed(options.seed, canonicalKey(spec));
    const length = options.quick ? { until: 0.002, warmup: 0.001 } : { until: 0.1, warmup: 0 };
    const result = runner(spec, { seed, replications: options.replications, ...length });
    return result instanceof Promise ? result.then((r) => r.metrics) : result.metrics;
  };
  return { 'gran-table-2': simulator, 'gran-windy': simulator, 'gran-moving': simulator };
}

/** What the titles say about the size (for the CLI's progress lines). */
export function granSizeNote(quick: boolean): string {
  return size(quick).note;
}
