/**
 * The reference's saturation rule and its bisection (make.ts). A load is saturated when the backlog
 * grows: delivered ÷ offered in the measured window stays below 0.99 over all flows, or below 0.95 for
 * some flow, in a window four times the base one (8,000 packets per sending host), and that deficit's
 * share of the offered packets did not fall by half or more from the base window (2,000 packets) to it.
 *
 * Why (queueing theory): below saturation every queue is stable, so the packets a flow offered in a
 * window but did not deliver are the backlog's change over the window — bounded in distribution, the
 * same at any window length once the warm-up is past: its share of the offered packets falls as 1/W
 * (to a quarter when the window quadruples). Above saturation some queue grows at a fixed rate, so the
 * deficit grows in proportion to the window and its share stays put. The former rule (one window of
 * 2,000 packets; flow ratio < 0.95) measured the tail of that bounded backlog instead: the least of N
 * flows' ratios falls with N (bit complement 2sl: 0.982 on 16 hosts, 0.947 on 512, where the true
 * saturation is the link rate; docs/fabric-model.md, measurement 177). With a window four times
 * longer, a stable flow trips the 0.95 only with a backlog jump four times larger, whose probability
 * falls exponentially (an M/D/1 queue's tail), so the flow count matters far less; the growth test
 * keeps a stable backlog caught in the long window from counting. What the rule cannot resolve: a
 * queue whose relaxation time (≈ 1/(1 − √ρ)² service times for M/D/1) exceeds the window looks
 * saturated (ρ = 0.99: 4·10⁴ packets).
 */

/** Former rule (fixtures before session 18's issue-31 saturation pass; the `previous` record in them). */
export const AGGREGATE_RATIO = 0.99;
export const FLOW_RATIO = 0.95;
/** The long window is this many times the base one. */
export const LONG_WINDOW_FACTOR = 4;
/** Saturated only if the deficit's share in the long window is above this fraction of the base window's. */
export const GROWTH_SHARE = 0.5;
/** Bisection stops when the bracket is this narrow (fraction of the link rate). */
export const RESOLUTION = 0.01;

/** Delivered ÷ offered over all flows and the least flow's, in one window. */
export interface Acceptance {
  readonly ratio: number;
  readonly minFlowRatio: number;
}

/** One bisection step: the base window's ratios, the long window's (the growth rule), the verdict. */
export interface Step {
  readonly load: number;
  readonly ratio: number;
  readonly minFlowRatio: number;
  readonly ratioLong?: number;
  readonly minFlowRatioLong?: number;
  readonly saturated: boolean;
}

/** The former rule: one window, either threshold. */
export function saturatedOneWindow(a: Acceptance): boolean {
  return a.ratio < AGGREGATE_RATIO || a.minFlowRatio < FLOW_RATIO;
}

/** The growth rule: a threshold missed in the long window, by a deficit share not halved from the base window's. */
export function saturatedGrowing(base: Acceptance, long: Acceptance): boolean {
  const grows = (b: number, l: number): boolean => 1 - l > GROWTH_SHARE * (1 - b);
  return (long.ratio < AGGREGATE_RATIO && grows(base.ratio, long.ratio)) || (long.minFlowRatio < FLOW_RATIO && grows(base.minFlowRatio, long.minFlowRatio));
}

/** The rule text for a fixture's `saturation.rule`. */
export function growthRuleText(basePackets: number, seed: number): string {
  return (
    `bisection on the per-host offered load (fraction of the link rate) to ${RESOLUTION}; per step one replication of seed ${seed} with ${basePackets} and one with ${LONG_WINDOW_FACTOR * basePackets} packets per sending host offered in the measured window (warm-up a quarter of it); ` +
    `saturated when the backlog grows with the window: in the long window delivered/offered < ${AGGREGATE_RATIO} over all flows or < ${FLOW_RATIO} for some flow, with 1 − that ratio above ${GROWTH_SHARE} × its value in the base window (a stable backlog's share falls to 1/${LONG_WINDOW_FACTOR}); load = the highest load found not saturated`
  );
}

/**
 * Bisection on the per-host offered load, bracketed around the overload's accepted load ± 0.05
 * (widened by 0.1 while both ends agree), to {@link RESOLUTION}. `test` runs a step and says whether it saturated.
 */
export function bisectSaturation(overloadAccepted: number, test: (load: number) => Step): { load: number; steps: Step[] } {
  const steps: Step[] = [];
  const saturated = (load: number): boolean => {
    const s = test(load);
    steps.push(s);
    return s.saturated;
  };
  const round5 = (x: number): number => Number(x.toPrecision(5));
  let lo = Math.max(0.02, Math.floor((overloadAccepted - 0.05) * 100) / 100);
  while (lo > 0.02 && saturated(lo)) lo = Math.max(0.02, lo - 0.1);
  let hi = Math.min(0.999, Math.ceil((overloadAccepted + 0.05) * 100) / 100);
  while (hi < 0.999 && !saturated(hi)) {
    lo = hi;
    hi = Math.min(0.999, hi + 0.1);
  }
  if (hi >= 0.999 && !steps.some((s) => s.load === round5(hi))) {
    if (!saturated(hi)) return { load: hi, steps };
  }
  while (hi - lo > RESOLUTION) {
    const mid = Math.round(((lo + hi) / 2) * 1e4) / 1e4;
    if (saturated(mid)) hi = mid;
    else lo = mid;
  }
  return { load: lo, steps };
}
