/**
 * The data of the report's fabric-model section: the simulator's stored reference runs
 * (test/fixtures/fabric-model, written by benchmarks/fabric-model-reference/make.ts and hotspot.ts;
 * ≥ 5 replications, 95 % Student-t half-widths) read from the repository, and the analytic model run
 * live on the very same scenarios. The stored runs are not part of an installed package: where the
 * folder is missing the section says so instead of drawing anything.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { fabricModelNetwork, solveFabric, saturationLoad, type FabricModelResult } from '../model/index.js';
import { maxOf } from '../core/arrays.js';

/** The folder of the stored simulator runs (the repository's test/fixtures/fabric-model). */
export const FABRIC_REFERENCE_DIR = fileURLToPath(new URL('../../test/fixtures/fabric-model/', import.meta.url));

/** One stored load point: flow name → [throughput Gb/s, hw, latency µs, hw, delivered ÷ offered, hw]. */
export interface StoredPoint {
  readonly label: string;
  /** Offered load per sending host, fraction of the link rate. */
  readonly load: number;
  /** Every flow's Poisson rate at this point, packets/s. */
  readonly flowRatePps: number;
  readonly replications: number;
  readonly flows: Readonly<Record<string, readonly number[]>>;
}

/** One stored case (network × pattern × SLs) and its scenario. */
export interface StoredCase {
  readonly case: string;
  readonly hosts: number;
  readonly rateGbps: number;
  readonly flowsPerSender: number;
  readonly saturation: { readonly load: number };
  readonly points: readonly StoredPoint[];
  /** The `fabric` scenario params (its flows' rates are set per point). */
  readonly params: { readonly flows: readonly Record<string, unknown>[] } & Record<string, unknown>;
}

/** Reads stored cases by name, each once; undefined for a case whose file is absent. */
export function caseReader(dir = FABRIC_REFERENCE_DIR): (name: string) => StoredCase | undefined {
  const cache = new Map<string, StoredCase | undefined>();
  return (name) => {
    if (!cache.has(name)) {
      const file = join(dir, `${name}.json`);
      if (!existsSync(file)) cache.set(name, undefined);
      else {
        const c = JSON.parse(readFileSync(file, 'utf8')) as Omit<StoredCase, 'params'> & { scenarioFile: string };
        const scenario = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8')) as { params: StoredCase['params'] };
        cache.set(name, { ...c, params: scenario.params });
      }
    }
    return cache.get(name);
  };
}

/** The case's params with every flow offering `pps` packets/s. */
export function paramsAtRate(c: StoredCase, pps: number): unknown {
  return { ...c.params, flows: c.params.flows.map((f) => ({ ...f, traffic: { ...(f.traffic as object), rate: pps } })) };
}

/** Per-flow pairs and the error summary of the model against the stored simulator at one point. */
export interface PointComparison {
  /** [simulated latency µs, model latency µs] of every flow the simulator delivered. */
  readonly latency: readonly (readonly [number, number])[];
  /** The same for throughput, Gb/s. */
  readonly throughput: readonly (readonly [number, number])[];
  /** Latency error |model − sim| / sim over the scored flows (half-width within 2 % of the mean), %. */
  readonly latencyError: { readonly median: number; readonly max: number };
  /** The scored flows' signed latency errors (model − sim) / sim, %. */
  readonly scoredErrors: readonly number[];
  readonly scored: number;
  readonly flows: number;
  readonly converged: boolean;
}

/** The p-quantile (0..1) of values, linear between order statistics; NaN for none. */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const i = Math.floor(h);
  return s[i]! + (h - i) * ((s[i + 1] ?? s[i]!) - s[i]!);
}

/** Compares a model result with a stored point, flow by flow (the scoring rule). */
export function comparePoint(model: FabricModelResult, point: { readonly flows: Readonly<Record<string, readonly number[]>> }): PointComparison {
  const latency: [number, number][] = [];
  const throughput: [number, number][] = [];
  const signed: number[] = [];
  for (const f of model.flows) {
    const s = point.flows[f.name];
    if (s === undefined) continue;
    throughput.push([s[0]!, f.throughput]);
    if (!(s[2]! > 0)) continue;
    latency.push([s[2]!, f.latency]);
    if (s[3]! <= 0.02 * s[2]!) signed.push((100 * (f.latency - s[2]!)) / s[2]!);
  }
  const errors = signed.map(Math.abs);
  return {
    latency,
    throughput,
    scoredErrors: signed,
    latencyError: { median: quantile(errors, 0.5), max: errors.length ? maxOf(errors) : Number.NaN },
    scored: errors.length,
    flows: latency.length,
    converged: model.diagnostics.converged,
  };
}

/** The model at a stored point. */
export function modelAt(c: StoredCase, point: StoredPoint): FabricModelResult {
  return solveFabric(fabricModelNetwork(paramsAtRate(c, point.flowRatePps)));
}

/** The model's saturation load of a stored case (bisection on the offered load, model/saturation/saturation.ts). */
export function modelSaturation(c: StoredCase): number {
  return saturationLoad((pps) => paramsAtRate(c, pps), c.rateGbps, 2048, c.flowsPerSender).load;
}

/** A stored hotspot run (benchmarks/fabric-model-reference/hotspot.ts). */
export interface StoredHotspot {
  readonly radix: number;
  readonly cc: 'on' | 'off';
  readonly load: number;
  readonly untilS: number;
  readonly warmupS: number;
  readonly replications: number;
  /** Flow name → 'hotspot' | 'victim' | 'other'. */
  readonly classes: Readonly<Record<string, string>>;
  readonly flows: Readonly<Record<string, readonly number[]>>;
  readonly params: unknown;
}

/** Reads a stored hotspot run, or undefined when absent. */
export function readHotspot(radix: number, cc: 'on' | 'off', load: number, dir = FABRIC_REFERENCE_DIR): StoredHotspot | undefined {
  const file = join(dir, 'hotspot', `radix${radix}-cc${cc}-${load}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredHotspot) : undefined;
}
