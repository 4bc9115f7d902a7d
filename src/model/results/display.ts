/**
 * How a fabric model result shows itself in a notebook (present/recordDisplay.ts): the diagnostics
 * and saturation verdict as facts, the flows (throughput, latency and its parts, flags) and the
 * ports as tables. Attached by {@link solveFabric}; {@link fabricModelDisplay} also re-attaches it to
 * a record read back from JSON.
 */
import { formatNumber } from '../../present/number.js';
import { withRecordDisplay } from '../../present/recordDisplay.js';
import type { FabricModelResult, FlowResult, PortResult } from './result.js';
import { recordParameter } from '../../core/shapes.js';

/** Rows shown per table (the record holds them all). */
const MAX_ROWS = 40;

/** The result with its display method. Returns the result itself. */
export function fabricModelDisplay(result: FabricModelResult): FabricModelResult {
  recordParameter('result', result, { flows: 'array', ports: 'array' });
  return withFabricModelDisplay(result);
}

/**
 * The same without the check, for the solver's own results: the check reads `flows`, which a solved
 * result builds only on first access (one record per flow costs more than the solve).
 */
export function withFabricModelDisplay(result: FabricModelResult): FabricModelResult {
  return withRecordDisplay(result, (r) => {
    const d = r.diagnostics;
    const facts = [
      `${d.flows} flows, ${d.channels} channels, ${d.turns} turns`,
      `${d.converged ? 'converged' : 'NOT CONVERGED'} in ${d.iterations} iterations (residual ${formatNumber(d.residual, 3)})`,
      r.saturation.saturated ? `saturated: ${r.saturation.cappedFlows.length} flows capped by ${r.saturation.cappingResources.slice(0, 3).join('; ')}${r.saturation.cappingResources.length > 3 ? ' …' : ''}` : 'no flow capped',
      ...(d.sharesUnsettledRounds === undefined ? [] : [`the SL shares' allocation did not settle in ${d.sharesUnsettledRounds} rounds (capped rates: the fixed point's)`]),
    ].join('; ');
    return {
      title: 'The fabric, analytically (decomposition)',
      facts,
      tables: [
        {
          caption: `flows${r.flows.length > MAX_ROWS ? ` (first ${MAX_ROWS} of ${r.flows.length})` : ''}`,
          rows: r.flows.slice(0, MAX_ROWS),
          columns: [
            { header: 'flow', value: (f: FlowResult) => f.name },
            { header: 'X[Gb/s]', value: (f: FlowResult) => f.throughput },
            { header: 'latency[µs]', value: (f: FlowResult) => f.latency },
            { header: 'fixed[µs]', value: (f: FlowResult) => f.fixedLatency },
            { header: 'queueing[µs]', value: (f: FlowResult) => f.queueingPerHop.reduce((a, b) => a + b, 0) },
            { header: 'credits[µs]', value: (f: FlowResult) => f.creditWait },
            { header: 'flags', value: (f: FlowResult) => f.flags.join(' ') || '—' },
          ],
        },
        {
          caption: `ports${r.ports.length > MAX_ROWS ? ` (first ${MAX_ROWS} of ${r.ports.length})` : ''}`,
          rows: r.ports.slice(0, MAX_ROWS),
          columns: [
            { header: 'port', value: (p: PortResult) => p.name },
            { header: 'U', value: (p: PortResult) => p.utilization },
            { header: 'credit stall', value: (p: PortResult) => p.creditStall },
          ],
        },
      ],
    };
  });
}
