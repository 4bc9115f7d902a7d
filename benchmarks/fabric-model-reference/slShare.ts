/**
 * Issue 31's "each SL's share of a saturated link within 3 %", as read for the fabric model against the
 * simulator (docs/fabric-model.md, "Each SL's share of a saturated link: how it is read"). The links are
 * the simulator's: every switch port it finds saturated (≥ 97 % busy) at offered load 1, the ports of
 * make.ts's `slShares`. On each, SL 1's share of what the port sent (SL 1 on the upper half of the VLs),
 * the model's at offered load 1 against the simulator's — the model's whether or not it saturates that
 * port (where it leaves the link below saturation, its share there is still its answer for the link;
 * that the link is not full in the model is counted beside). Within 3 % = |Δ| ≤ 0.03 of the link: with
 * two SLs, SL 0's difference is SL 1's.
 *
 * Scored ports: the issue scores "only points whose 95 % half-width is within 2 % of the mean" (its acceptance's
 * first line, for every point). A port's point is SL 1's share there; its half-width is read from the summary row
 * (the replications themselves are not stored): at a saturated port the total is the link (its utilisation's
 * half-width is a few thousandths), so the share's half-width is SL 1's rate's over the total, and SL 1's rate's is
 * bounded by the sum of its VLs' half-widths. The point holds on a case when every scored port is within; the
 * count over every saturated port (decided or not) is kept beside it.
 */
import type { FabricModelResult } from '../../src/model/index.js';

/** A port's row in the reference summary: [util, hw, creditStall, hw, VL 0 Gb/s, hw, VL 1 Gb/s, hw, …]. */
export type SimPortRows = Readonly<Record<string, readonly number[]>>;

/** The acceptance point on one case; `holds` undefined where the simulator saturates no switch port. */
export interface SlShareAcceptance {
  /** Switch ports the simulator finds ≥ 97 % busy at offered load 1. */
  readonly ports: number;
  /** Of those, the ones the model also finds ≥ 97 % busy. */
  readonly modelSaturated: number;
  /** Of those, the ones whose simulated SL 1 share has a 95 % half-width within 2 % of its mean (module comment). */
  readonly scored: number;
  /** Of the scored ports, the ones where the model's SL 1 share is within 0.03 of the simulator's. */
  readonly within: number;
  /** Of every saturated port, scored or not, the ones within 0.03. */
  readonly withinAll: number;
  /** Upper median and largest |Δ| of SL 1's share over those ports (Infinity where the model sends nothing there). */
  readonly medianDiff: number;
  readonly largestDiff: number;
  readonly largestAt: string;
  /** Every scored port within; undefined where the simulator saturates no switch port or decides none. */
  readonly holds: boolean | undefined;
  /** Every saturated port within, decided or not (the reading before session 18). */
  readonly holdsAllPorts: boolean | undefined;
}

/** Busy: ≥ 97 % of the link, as make.ts. */
const BUSY = 0.97;
/** The 3 %, as a share of the link. */
const WITHIN = 0.03;

/** SL 1's share of what the model sent on `port` (NaN where it sent nothing). */
export function modelSl1Share(r: FabricModelResult, port: string, vls: number): number {
  let total = 0;
  let sl1 = 0;
  for (const ch of r.channels) {
    if (ch.port !== port) continue;
    total += ch.utilization;
    if (ch.vl >= vls / 2) sl1 += ch.utilization;
  }
  return total > 0 ? sl1 / total : NaN;
}

/** SL 1's share of what the simulator sent on a port, from its summary row (NaN where it sent nothing). */
export function simSl1Share(row: readonly number[], vls: number): number {
  const rates: number[] = [];
  for (let i = 4; i < row.length; i += 2) rates.push(row[i]!);
  const total = rates.reduce((a, b) => a + b, 0);
  return total > 0 ? rates.slice(vls / 2).reduce((a, b) => a + b, 0) / total : NaN;
}

/** The 95 % half-width of SL 1's share on a port from its summary row, as the module comment bounds it (NaN where it sent nothing). */
export function simSl1ShareHalfWidth(row: readonly number[], vls: number): number {
  let total = 0;
  let hw = 0;
  for (let v = 0; v < vls; v++) {
    total += row[4 + 2 * v]!;
    if (v >= vls / 2) hw += row[5 + 2 * v]!;
  }
  return total > 0 ? hw / total : NaN;
}

/** Scored: the 2 %, the half-width against the mean. */
const HALF_WIDTH = 0.02;

/** The acceptance point (module comment) for a model result at offered load 1 and the simulator's overload summary. */
export function slShareAcceptance(r: FabricModelResult, simPorts: SimPortRows, vls: number): SlShareAcceptance {
  const util = new Map(r.ports.map((p) => [p.name, p.utilization]));
  const diffs: { name: string; d: number; scored: boolean }[] = [];
  let modelSaturated = 0;
  for (const [name, row] of Object.entries(simPorts)) {
    if (!name.includes(':') || !(row[0]! >= BUSY)) continue;
    const m = modelSl1Share(r, name, vls);
    const share = simSl1Share(row, vls);
    diffs.push({ name, d: Number.isNaN(m) ? Infinity : Math.abs(m - share), scored: simSl1ShareHalfWidth(row, vls) <= HALF_WIDTH * share });
    if ((util.get(name) ?? 0) >= BUSY) modelSaturated++;
  }
  const sorted = diffs.map((x) => x.d).sort((a, b) => a - b);
  const largest = diffs.reduce((a, x) => (x.d > a.d ? x : a), { name: '–', d: 0 });
  const scored = diffs.filter((x) => x.scored);
  const within = scored.filter((x) => x.d <= WITHIN).length;
  const withinAll = diffs.filter((x) => x.d <= WITHIN).length;
  return {
    ports: diffs.length,
    modelSaturated,
    scored: scored.length,
    within,
    withinAll,
    medianDiff: sorted.length ? sorted[sorted.length >> 1]! : NaN,
    largestDiff: largest.d,
    largestAt: largest.name,
    holds: scored.length ? within === scored.length : undefined,
    holdsAllPorts: diffs.length ? withinAll === diffs.length : undefined,
  };
}
