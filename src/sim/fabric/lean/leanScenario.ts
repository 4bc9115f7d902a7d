/**
 * The lean engine in the `fabric` scenario (fabricScenario.ts, `"engine": "lean"` in its params): the
 * checking front door {@link buildLeanFabric} and one replication with the standard engine's metric
 * names and keys — per flow (its name) `throughput` (Gb/s), `latency` (mean µs), `sourceLoss`; per port
 * that can carry traffic (routedPorts.ts; "node:port" or the host's name) `utilization` and
 * `creditStall` — so that the two engines' results compare key by key.
 */
import type { ReplicationContext, ReplicationOutput } from '../../scenarios/registry.js';
import type { FabricOptions } from '../build.js';
import { routedPortFlags } from '../measure/routedPorts.js';
import { runInSteps } from '../runSteps.js';
import { compileLean, type LeanCompiled } from './leanBuild.js';
import { LeanFabric } from './leanFabric.js';

/**
 * Builds a lean fabric (docs/fabric.md § the lean engine) from the standard engine's options, within the lean subset.
 * @throws InvalidParameterError naming the option or field, the rule and the value (leanBuild.ts), e.g.
 *   `marking` "absent or { kind: 'none' } with engine: 'lean' (the lean engine has no congestion marking)".
 * @example
 * const fabric = buildLeanFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h0', destination: 'h1', traffic: { kind: 'poisson', rate: 1e5 } }] });
 * fabric.run(1e-3);
 */
export function buildLeanFabric(options: FabricOptions): LeanFabric {
  return new LeanFabric(compileLean(options));
}

/** The names of the ports that can carry traffic given the routes and flows, in port order (Fabric.routedPorts'). */
export function leanRoutedPorts(c: LeanCompiled): string[] {
  const flags = routedPortFlags({
    peer: c.peer,
    hostCount: c.hosts,
    switchCount: c.routing.switchCount,
    switchPorts: c.routing.switchPorts,
    fwd: c.routing.fwd,
    flows: c.flows.map((f) => f.compiled),
    hostTraffic: null,
  });
  return c.portNames.filter((_, g) => flags[g] === 1);
}

/** One replication of the `fabric` scenario on the lean engine (replicateFabricScenario's metrics). */
export function replicateLeanScenario(params: FabricOptions, context: ReplicationContext): ReplicationOutput {
  const compiled = compileLean({ ...params, streams: context.streams, replication: context.replication });
  const fabric = new LeanFabric(compiled);
  runInSteps(fabric, context.warmup + context.length.until!, context.warmup, context.onProgress);
  const m = fabric.measurements();
  const routed = new Set(leanRoutedPorts(compiled));
  const ports = m.ports.filter((p) => routed.has(p.name) || p.utilization > 0 || p.creditStallTime > 0);
  const byFlow = (pick: (f: (typeof m.flows)[number]) => number): Record<string, number> => Object.fromEntries(m.flows.map((f) => [f.name, pick(f)]));
  return {
    metrics: {
      throughput: byFlow((f) => f.throughputGbps),
      latency: byFlow((f) => (f.delivered > 0 ? f.meanLatencyUs : 0)),
      sourceLoss: byFlow((f) => (f.offered > 0 ? f.sourceDrops / f.offered : 0)),
      utilization: Object.fromEntries(ports.map((p) => [p.name, p.utilization])),
      creditStall: Object.fromEntries(ports.map((p) => [p.name, m.duration > 0 ? p.creditStallTime / m.duration : 0])),
    },
    simulatedTime: m.duration,
    events: m.events,
  };
}
