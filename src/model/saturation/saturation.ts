/**
 * The saturation load of a fabric by the model (docs/models.md §13.7): the largest common scale of
 * every flow's offered rate at which no flow is capped (max-min) — the load at which some link,
 * channel share or input buffer's head time reaches its capacity — found by bisection on the model,
 * which is cheap. Each flow's offered rate is read from the params as given (Poisson `traffic.rate`).
 */
import { fabricModelNetwork } from '../spec/scenario.js';
import { solveModel } from '../solve.js';
import { modelResult } from '../results/assemble.js';
import { checkKind } from '../../core/shapes.js';

/** The saturation load and what caps it there. */
export interface SaturationLoad {
  /** Per sending host offered load at saturation, a fraction of `rateGbps` (for a scenario builder taking flow rates in packets/s). */
  readonly load: number;
  /** The resources that cap flows just above it. */
  readonly cappedBy: string;
  readonly steps: number;
}

/**
 * Bisection on the load: `paramsAt(pps)` builds the scenario params with every flow's Poisson rate
 * `pps` packets/s; the load is pps · 2048 · 8 / (rateGbps·1e9) per flow… taken per sending host by
 * the caller's builder. Bracket [0.01, 1.2] of the link rate, to 1e-3.
 */
export function saturationLoad(paramsAt: (pps: number) => unknown, rateGbps: number, packetBytes = 2048, flowsPerHost = 1): SaturationLoad {
  checkKind('paramsAt', paramsAt, 'function');
  checkKind('rateGbps', rateGbps, 'number');
  const pps = (load: number) => (load * rateGbps * 1e9) / (packetBytes * 8) / flowsPerHost;
  // The fixed point as it ends (no overload fallback: only whether a flow is capped is read).
  const capped = (load: number) => modelResult(solveModel(fabricModelNetwork(paramsAt(pps(load))), 1e-7, 100, 0.5, 'plain'));
  let lo = 0.01;
  let hi = 1.2;
  let steps = 0;
  let cappedBy = '';
  while (hi - lo > 1e-3) {
    const mid = (lo + hi) / 2;
    const r = capped(mid);
    steps++;
    if (r.saturation.saturated) {
      hi = mid;
      cappedBy = r.saturation.cappingResources.slice(0, 2).join('; ');
    } else lo = mid;
  }
  return { load: lo, cappedBy, steps };
}
