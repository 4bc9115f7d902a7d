/**
 * The built-in scenarios: the model-level simulators of the analytic models.
 *
 * - `gege1n`: the GE-type queue (GE/GE/1/K, ET, AJT, per-state μ(n); K may be Infinity) with the
 *   parameters of `solveGeQueueExact` and the metrics of `GeQueueResult`.
 * - `credit-tandem`: the two-node credit chain with the parameters of `solveCreditChain` and the
 *   metrics of `CreditChainResult`.
 *
 * Streams: 'arrivals' and 'service' (gege1n); 'arrivals', 'forwarding' and 'service'
 * (credit-tandem); replication r uses replication r of each.
 */
import { plainObject } from '../../core/guards.js';
import { CreditTandemKernel, checkCreditTandemSimParams, type CreditTandemSimSpec } from '../models/creditTandem.js';
import { GeQueueKernel, checkGeQueueSimParams, type GeQueueSimSpec } from '../models/gege1n.js';
import { QueueStatistics, TandemStatistics } from '../stats/queueStatistics.js';
import type { MetricTree } from '../stats/intervals.js';
import { registerScenario, type ReplicationContext, type ReplicationOutput } from './registry.js';
import { recordParameter } from '../../core/shapes.js';

/** Runs a kernel's warm-up, resets the recorder, runs the measured part; returns the end time. */
function warmThenMeasure(
  kernel: { run(until: number, maxOffered: number): void; readonly now: number; readonly offered: number },
  reset: (time: number) => void,
  context: ReplicationContext,
): { start: number; end: number } {
  const { length, warmup } = context;
  if (length.until !== undefined) {
    kernel.run(warmup, Infinity);
    reset(warmup);
    const end = warmup + length.until;
    kernel.run(end, Infinity);
    return { start: warmup, end };
  }
  kernel.run(Infinity, warmup);
  const start = kernel.now;
  reset(start);
  kernel.run(Infinity, kernel.offered + length.jobs);
  return { start, end: kernel.now };
}

/** One replication of the GE-type queue (the `gege1n` scenario's `replicate`). @example replicateGeQueue(checkGeQueueSimParams(p), { streams, replication: 0, length: { jobs: 1e5 }, warmup: 1e4 }).metrics */
export function replicateGeQueue(spec: GeQueueSimSpec, context: ReplicationContext): ReplicationOutput {
  recordParameter('spec', spec);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const { streams, replication } = context;
  const k = spec.capacity;
  const stats = new QueueStatistics(Number.isFinite(k) ? k + 1 : 64);
  const kernel = new GeQueueKernel(spec, streams.stream('arrivals', replication), streams.stream('service', replication), stats);
  const { start, end } = warmThenMeasure(kernel, (t) => stats.reset(t), context);
  const span = end - start;
  const meanQueueLength = stats.meanState(end);
  const throughput = stats.departed / span;
  const emptyProbability = stats.fraction(end, 0, 0);
  const regimeProbabilities = spec.starts.map((s, r) =>
    stats.fraction(end, s, r + 1 < spec.starts.length ? spec.starts[r + 1]! - 1 : Infinity),
  );
  const metrics: Record<string, MetricTree> = {
    emptyProbability,
    fullProbability: Number.isFinite(k) ? stats.fraction(end, k, k) : 0,
    blockingProbability: stats.offered === 0 ? 0 : stats.lost / stats.offered,
    meanQueueLength,
    utilization: 1 - emptyProbability,
    throughput,
    responseTime: meanQueueLength / throughput,
    regimeProbabilities,
  };
  if (Number.isFinite(k)) metrics.probabilities = stats.distribution(end, k + 1);
  return { metrics, simulatedTime: span, events: kernel.events };
}

/** One replication of the credit tandem (the `credit-tandem` scenario's `replicate`). @example replicateCreditTandem(checkCreditTandemSimParams(p), { streams, replication: 0, length: { until: 1e4 }, warmup: 1e3 }).metrics */
export function replicateCreditTandem(spec: CreditTandemSimSpec, context: ReplicationContext): ReplicationOutput {
  recordParameter('spec', spec);
  recordParameter('context', context, { streams: 'object', replication: 'number' });
  const { streams, replication } = context;
  const stats = new TandemStatistics(spec.upstreamCapacity, spec.downstreamCapacity);
  const kernel = new CreditTandemKernel(
    spec,
    streams.stream('arrivals', replication),
    streams.stream('forwarding', replication),
    streams.stream('service', replication),
    stats,
  );
  const { start, end } = warmThenMeasure(kernel, (t) => stats.reset(t), context);
  stats.close(end);
  const span = end - start;
  const lengths = stats.meanLengths();
  const f = stats.fractions();
  const throughput = stats.departed / span;
  const total = lengths.upstream + lengths.downstream;
  const metrics: Record<string, MetricTree> = {
    meanQueueLength: { upstream: lengths.upstream, downstream: lengths.downstream, total },
    throughput,
    responseTime: total / throughput,
    upstreamLossProbability: stats.offered === 0 ? 0 : stats.lost / stats.offered,
    creditBlockedProbability: f.blocked,
    utilization: { upstream: f.forwarding, downstream: f.downstreamBusy },
  };
  const p = stats.probabilities();
  if (p !== null) metrics.probabilities = p;
  return { metrics, simulatedTime: span, events: kernel.events };
}

/** Defaults of the gege1n scenario (those of `ibqos me`): ca2 = cs2 = 1, capacity = Infinity. */
function parseGege1n(params: unknown): GeQueueSimSpec {
  const p = plainObject('params', params);
  return checkGeQueueSimParams(p.capacity === undefined ? { ...p, capacity: Infinity } : p);
}

/** Defaults of the credit-tandem scenario: the thesis's λ = 5, μ1 = 6, μ2 = 8, n = 12, and m = 2. */
function parseCreditTandem(params: unknown): CreditTandemSimSpec {
  const p = plainObject('params', params);
  return checkCreditTandemSimParams({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 2, ...p });
}

registerScenario<GeQueueSimSpec>({
  name: 'gege1n',
  description: 'GE/GE/1/K with thresholds (ET, AJT): the queue of `ibqos me`, simulated with its exact semantics (docs/sim.md)',
  parse: parseGege1n,
  echo: (s) => ({
    lambda: s.lambda,
    ca2: s.ca2,
    ...(typeof s.cs2 === 'number' ? { cs2: s.cs2 } : { regimeCs2: s.cs2 }),
    capacity: s.capacity,
    thresholds: s.thresholds,
    mu: s.mu.length === 1 ? s.mu[0] : s.mu,
    batchAcceptance: s.batchAcceptance,
  }),
  replicate: replicateGeQueue,
  cliOptions: [
    { flag: '--lambda <rate>', param: 'lambda', kind: 'number', description: 'offered arrival rate λ per unit time (gege1n: required; credit-tandem: default 5)' },
    { flag: '--mu <rates>', param: 'mu', kind: 'numbers', description: 'service rate, or one rate per regime μ1,μ2,… (gege1n; required)' },
    { flag: '--thresholds <list>', param: 'thresholds', kind: 'integers', description: 'thresholds T1,T2,… (gege1n)' },
    { flag: '--capacity <K>', param: 'capacity', kind: 'capacity', description: 'capacity K, the job in service included, or inf (gege1n; default inf)' },
    { flag: '--ca2 <scv>', param: 'ca2', kind: 'number', description: 'SCV of the inter-arrival times, >= 1 (gege1n; default 1)' },
    { flag: '--cs2 <scv>', param: 'cs2', kind: 'number', description: 'SCV of the service times, >= 1 (gege1n; default 1)' },
    { flag: '--regime-cs2 <list>', param: 'regimeCs2', kind: 'numbers', description: 'one Cs2 per regime, replaces --cs2 (gege1n)' },
    { flag: '--batch-acceptance <mode>', param: 'batchAcceptance', kind: 'string', description: "'partial' (default) or 'whole' (gege1n)" },
  ],
});

registerScenario<CreditTandemSimSpec>({
  name: 'credit-tandem',
  description: 'the two-node credit chain of `ibqos credit`, simulated (docs/sim.md)',
  parse: parseCreditTandem,
  replicate: replicateCreditTandem,
  cliOptions: [
    { flag: '--lambda <rate>', param: 'lambda', kind: 'number', description: 'arrival rate λ at Node 1 (credit-tandem; default 5)' },
    { flag: '--mu1 <rate>', param: 'mu1', kind: 'number', description: 'forwarding rate μ1 of Node 1 (credit-tandem; default 6)' },
    { flag: '--mu2 <rate>', param: 'mu2', kind: 'number', description: 'service rate μ2 of Node 2 (credit-tandem; default 8)' },
    { flag: '--n <n>', param: 'upstreamCapacity', kind: 'capacity', description: 'capacity n of Node 1, or inf (credit-tandem; default 12)' },
    { flag: '--m <m>', param: 'downstreamCapacity', kind: 'integer', description: 'capacity m of Node 2 = credits (credit-tandem; required: `ibqos credit` sweeps 2:11 when it is absent, one simulation would not)' },
  ],
});
