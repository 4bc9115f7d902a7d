/**
 * The built-in scenario `fabric`: any topology and flows written as JSON (the options of
 * {@link buildFabric} without the streams, which the run layer supplies), run over independent
 * replications. It makes a topology file runnable from the command line:
 *
 *     ibqos sim --scenario my-network.json
 *
 * with `{ "scenario": "fabric", "params": { "topology": {…}, "flows": [ … ], … }, "until": 0.01 }`.
 * Metrics: per flow (keyed by flow name) `throughput` (Gb/s), `latency` (mean µs), `sourceLoss`
 * (fraction of offered packets refused by a full send queue); per port that can carry traffic given
 * the routes and flows (keyed "node:port", or the host name; routedPorts.ts) `utilization` and
 * `creditStall` (fraction of time idle for lack of credits only) — the same ports in every
 * replication, zero where a port stayed idle. A fabric with no flows (and no host traffic) has
 * nothing to measure and is refused.
 *
 * `"engine": "lean"` in the params runs the replication on the lean engine (src/sim/fabric/lean;
 * docs/fabric.md § the lean engine) — the same model for its subset (input-FIFO switches with the FCFS
 * crossbar, one VL in use, static routing, one Poisson or constant-rate flow of fixed-size packets per
 * source host, no congestion control), the same metrics under the same keys, faster on large fabrics;
 * params outside the subset are refused with an error naming the option and what the lean engine lacks.
 * `"engine": "standard"` (the default) is this file's own.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { oneOf, plainObject } from '../../core/guards.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from '../scenarios/registry.js';
import { buildFabric, type FabricOptions } from './build.js';
import { recordParameter } from '../../core/shapes.js';
import { runInSteps } from './runSteps.js';
import { compileLean } from './lean/leanBuild.js';
import { replicateLeanScenario } from './lean/leanScenario.js';

/** Params of the `fabric` scenario: {@link FabricOptions} without `seed`, `streams`, `replication`, and the engine that runs them. */
export type FabricScenarioParams = Omit<FabricOptions, 'seed' | 'streams' | 'replication'> & {
  /** 'standard' (default) or 'lean' (src/sim/fabric/lean: the lean subset only). */
  readonly engine?: 'standard' | 'lean';
};

/**
 * Validates `fabric` scenario params by building the fabric once (so every error names its field).
 * @throws InvalidParameterError naming the field, e.g. `flows[0].destination`.
 * @example parseFabricScenario({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1' }] }).flows.length; // → 1
 */
export function parseFabricScenario(params: unknown): FabricScenarioParams {
  const p = plainObject('params', params);
  for (const key of ['seed', 'streams', 'replication']) {
    if (p[key] !== undefined) throw new InvalidParameterError(key, 'absent (the run layer sets the streams: use the run seed)', p[key]);
  }
  if (Array.isArray(p.flows) && p.flows.length === 0 && p.hostTraffic === undefined) {
    throw new InvalidParameterError('flows', 'at least one flow (a fabric without traffic has nothing to measure; a one-host fabric has no destination)', p.flows);
  }
  const engine = p.engine === undefined ? 'standard' : oneOf('engine', p.engine, ['standard', 'lean'] as const);
  if (engine === 'lean') compileLean(withoutEngine(p) as unknown as FabricOptions);
  else buildFabric(withoutEngine(p) as unknown as FabricOptions);
  return p as unknown as FabricScenarioParams;
}

/** The params less `engine` (the standard front door knows no such option). */
function withoutEngine(p: Record<string, unknown>): Record<string, unknown> {
  if (!('engine' in p)) return p;
  const { engine: _engine, ...rest } = p;
  return rest;
}

/** One replication of the `fabric` scenario (see the module comment for the metrics). */
export function replicateFabricScenario(params: FabricScenarioParams, context: ReplicationContext): ReplicationOutput {
  recordParameter('params', params, { topology: 'object', flows: 'array' });
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const options = withoutEngine(params as unknown as Record<string, unknown>) as unknown as FabricOptions;
  if (params.engine === 'lean') return replicateLeanScenario(options, context);
  const fabric = buildFabric({ ...options, streams: context.streams, replication: context.replication });
  runInSteps(fabric, context.warmup + context.length.until!, context.warmup, context.onProgress);
  const m = fabric.measurements();
  const byFlow = (pick: (i: number) => number): Record<string, number> => Object.fromEntries(m.flows.map((f, i) => [f.name, pick(i)]));
  const routed = new Set(fabric.routedPorts());
  const ports = m.ports.filter((p) => routed.has(p.name) || p.packets > 0 || p.creditStallTime > 0);
  return {
    metrics: {
      throughput: byFlow((i) => m.flows[i]!.throughputGbps),
      latency: byFlow((i) => (m.flows[i]!.delivered > 0 ? m.flows[i]!.meanLatencyUs : 0)),
      sourceLoss: byFlow((i) => (m.flows[i]!.offered > 0 ? m.flows[i]!.sourceDrops / m.flows[i]!.offered : 0)),
      utilization: Object.fromEntries(ports.map((p) => [p.name, p.utilization])),
      creditStall: Object.fromEntries(ports.map((p) => [p.name, m.duration > 0 ? p.creditStallTime / m.duration : 0])),
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}

registerScenario<FabricScenarioParams>({
  name: 'fabric',
  description: 'any fabric topology and flows given as JSON params (buildFabric options); per-flow throughput, latency, source loss; per-port utilization and credit stalls',
  parse: parseFabricScenario,
  replicate: replicateFabricScenario,
  lengths: ['until'],
  defaultLength: { until: 0.01 },
  maxLength: { until: 10 },
  cliOptions: [{ flag: '--engine <name>', param: 'engine', description: "the simulator: 'standard' (default) or 'lean' (the lean engine, for its subset; docs/fabric.md)", kind: 'string' }],
  timeUnit: 's',
  metricUnits: 'throughput Gb/s, latency µs, sourceLoss a fraction of the packets offered, utilization a fraction of the time, creditStall a fraction of the time',
});
