/**
 * Reader of the simulator's reference data for the analytic fabric model (issue 31):
 * test/fixtures/fabric-model/<network>-<pattern>-<sl>.json, written by
 * benchmarks/fabric-model-reference/make.ts (the folder's README gives the rules and the schema).
 * It types the files, turns the compact [mean, half-width] columns into intervals, and applies the
 * issue's scoring rule: a figure is scored only when its 95 % half-width is within 2 % of its mean.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Step as ReferenceStep } from '../../benchmarks/fabric-model-reference/saturationRule.js';

/** The fixture folder. */
export const FABRIC_MODEL_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'fabric-model');

/** A simulated figure: mean and 95 % Student-t half-width over the point's replications. */
export interface SimInterval {
  readonly mean: number;
  readonly halfWidth: number;
}

/** One point's summary as stored (columns: see the README). */
export interface ReferencePoint {
  readonly label: '1%' | '50%' | '70%' | '90%';
  /** Per sending host offered load, a fraction of the link's data rate. */
  readonly load: number;
  /** Every flow's Poisson rate, packets/s (set `traffic.rate` of every flow of the scenario file to it). */
  readonly flowRatePps: number;
  readonly seed: number;
  readonly untilS: number;
  readonly warmupS: number;
  readonly replications: number;
  /** Flow name → [throughput Gb/s, hw, latency µs, hw, delivered ÷ offered, hw]. */
  readonly flows: Readonly<Record<string, readonly number[]>>;
  /** Port name → [utilization, hw, creditStall, hw, VL 0 Gb/s, hw, VL 1 Gb/s, hw, …]. */
  readonly ports: Readonly<Record<string, readonly number[]>>;
  /** "switch:port/vl" → [mean packets held in that input VL buffer, hw] (networks of ≤ 64 hosts). */
  readonly buffers?: Readonly<Record<string, readonly number[]>>;
  readonly latencyQualified: readonly [number, number];
  readonly cost: { readonly cpuMsPerReplication: readonly number[]; readonly wallMsPerReplication: number; readonly packetHopsPerReplication: number };
}

/**
 * One bisection step: delivered ÷ offered in the base window, and in the long one under the growth rule — the record
 * make.ts writes (saturationRule.ts `Step`; the tests re-check its verdicts by their own reading of the rule).
 */
export type { Step as ReferenceStep } from '../../benchmarks/fabric-model-reference/saturationRule.js';

/** One case file. */
export interface ReferenceCase {
  readonly schema: 'ibqos-fabric-model-reference/1';
  readonly case: string;
  readonly network: string;
  readonly pattern: 'uniform' | 'transpose' | 'bitcomp' | 'shuffle';
  readonly sl: '1sl' | '2sl';
  /** Relative to the fixture folder: the `fabric` scenario at the 50 % point. */
  readonly scenarioFile: string;
  readonly commit: string;
  readonly hosts: number;
  readonly senders: number;
  readonly flowsPerSender: number;
  readonly rateGbps: number;
  readonly vls: number;
  readonly saturation: {
    readonly rule: string;
    /** Saturation load: per sending host offered load, fraction of the link rate. */
    readonly load: number;
    readonly steps: readonly ReferenceStep[];
    /** The former rule's result where the saturation load was recomputed (make.ts --resaturate): the points sit at 50/70/90 % of its load. */
    readonly previous?: { readonly rule: string; readonly load: number; readonly steps: readonly ReferenceStep[] };
    readonly overload: {
      readonly load: 1;
      /** Accepted Gb/s per sending host ÷ link rate at offered load 1: [mean, hw]. */
      readonly acceptedLoad: readonly number[];
      readonly acceptedLoadPerSl?: readonly (readonly number[])[];
      readonly slShareOnBusyPorts?: Record<string, unknown>;
      readonly summary: Omit<ReferencePoint, 'label' | 'load' | 'seed' | 'warmupS'>;
    };
  };
  readonly points: readonly ReferencePoint[];
  readonly cpuSecondsForCase: number;
}

/** The case files present, sorted by name (without the .json). */
export function referenceCaseNames(dir = FABRIC_MODEL_FIXTURES): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** Reads one case file. */
export function readReferenceCase(name: string, dir = FABRIC_MODEL_FIXTURES): ReferenceCase {
  return JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8')) as ReferenceCase;
}

/** The case's scenario file (`{ scenario: 'fabric', params, seed, replications, until, warmup }`) set to a point's load. */
export function scenarioAtPoint(c: ReferenceCase, point: ReferencePoint, dir = FABRIC_MODEL_FIXTURES): { scenario: string; params: { flows: { traffic: { kind: string; rate: number } }[] } & Record<string, unknown>; until: number; warmup: number; seed: number; replications: number } {
  const file = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
  for (const f of file.params.flows) f.traffic = { kind: 'poisson', rate: point.flowRatePps };
  return { ...file, until: point.untilS, warmup: point.warmupS, replications: point.replications };
}

/** Column `index` (0 throughput, 1 latency, 2 delivered ÷ offered) of a flow as an interval. */
export function flowFigure(point: Pick<ReferencePoint, 'flows'>, flow: string, index: 0 | 1 | 2): SimInterval {
  const row = point.flows[flow];
  if (row === undefined) throw new Error(`no flow ${flow}`);
  return { mean: row[2 * index]!, halfWidth: row[2 * index + 1]! };
}

/** The rule: score a simulated figure only when its half-width is within 2 % of its mean. */
export function scorable(x: SimInterval, relative = 0.02): boolean {
  return x.mean > 0 && x.halfWidth <= relative * x.mean;
}

/**
 * A flow's mean queueing delay at a point: its latency less its latency at the 1 % point (µs),
 * with the half-widths added (a conservative interval for the difference).
 */
export function queueingDelay(c: ReferenceCase, point: ReferencePoint, flow: string): SimInterval {
  const base = c.points.find((p) => p.label === '1%');
  if (base === undefined) throw new Error(`${c.case}: no 1% point`);
  const at = flowFigure(point, flow, 1);
  const zero = flowFigure(base, flow, 1);
  return { mean: at.mean - zero.mean, halfWidth: at.halfWidth + zero.halfWidth };
}
