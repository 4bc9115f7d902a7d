/**
 * The DRB seed's Fig. 10 (§5.3) under two readings of its hot spot, DRB against the seed's IB CC on
 * the 8×8 torus (perfect shuffle underneath), the busiest switch-to-switch link's throughput before
 * and after the hot spot starts, the hot-spot flows' received load and open paths:
 *
 * - A, "(750 Mbps)" per hot-spot flow: 4 flows of 750 Mb/s from row 0 to the far half of the middle
 *   row, sharing row 0's +x links under dimension order (3,000 Mb/s offered to one 2,500 Mb/s link),
 *   over perfect shuffle at 300 Mb/s per node (the report's Fig. 10);
 * - B, "(750 Mbps)" as the base load, 30 % of the 2.5 Gb/s link, raised to 230 % on "links 1,2,3,4
 *   and 5": one flow of 975 Mb/s (2.3 × 750 − 750) over a 5-link path (node 0 → node 12: 4 hops +x,
 *   1 hop +y), over perfect shuffle at 150 Mb/s per node (its busiest links then carry about 750);
 *   the seed's figures follow from it: 750 + 975 = 1,725 (the seed: "more than 1750") under IB CC,
 *   750 + 975/4 ≈ 994 with four paths ("1000 Mbps approx.").
 * - C, the classical "Hot-spot traffic pattern" (§5.3: "several packets compete for resources in a
 *   focused network area"): A's four 750 Mb/s flows all to the centre node (4, 4)
 *   (`hotSpotTarget: 'node'`), whose four network links and host link are read as "links 1,2,3,4
 *   and 5"; and C with B's loads (975 Mb/s more into the node, 4 × 243.75, over 150).
 * The busiest link is measured two ways: per 0.4 ms interval (`peakLinkMbps`, the mean over the
 * intervals after the hot spot), and over the whole hot spot (`hotSpotPeakLinkMbps`: the seed's
 * Fig. 10 has a time axis in seconds, its points averages over far longer than DRB's 100 µs timer),
 * in the 4 ms run (2.8 ms of hot spot) and in a 13.2 ms run (12 ms of hot spot).
 * Each reading also with messages of 4 packets on average (`messagePackets`), the seed's senders
 * splitting messages into MTU packets (§4.2.3; its message size is not given), and with every packet
 * of an input buffer over the threshold marked (`markingScope: 'buffer'`, §4.1: "switches will mark
 * all packets belonging to the virtual-channel buffer that exceeded the threshold value").
 *
 *   nice -n 10 npx tsx benchmarks/analysis/drb-fig10.ts   (3 replications of 4 ms and of 13.2 ms after 0.6 ms; about 4 min)
 */
import { simulate } from '../../src/sim/index.js';
import '../../src/studies/index.js'; // registers the seed studies' scenarios
import { machineLine } from '../harness.js';

const REPS = Number(process.env.REPS ?? 3);
const RUN = { seed: 1, replications: REPS, until: 0.004, warmup: 0.0006 };
const LONG = { ...RUN, until: 0.0132 };
const HOT_AT_US = 1800;
const SAMPLES = 10;
/** Intervals wholly after the hot spot's start (each 0.4 ms from 0.6 ms). */
const AFTER = Array.from({ length: SAMPLES }, (_, k) => k).filter((k) => RUN.warmup + (k * RUN.until) / SAMPLES >= HOT_AT_US * 1e-6);
const BEFORE = Array.from({ length: SAMPLES }, (_, k) => k).filter((k) => RUN.warmup + ((k + 1) * RUN.until) / SAMPLES <= HOT_AT_US * 1e-6);
const A = { load: 300, hotSpotSources: 4, hotSpotLoad: 750 };
const B = { load: 150, hotSpotSources: 1, hotSpotLoad: 975, hotSpotNodes: [12] };
const C = { ...A, hotSpotTarget: 'node' };
const READINGS: readonly (readonly [string, Record<string, unknown>])[] = [
  ['A: 4 × 750 Mb/s hot-spot flows over 300', A],
  ['A, messages of 4 packets', { ...A, messagePackets: 4 }],
  ['A, every packet in the buffer marked', { ...A, markingScope: 'buffer' }],
  ['A, buffer marked, messages of 4', { ...A, markingScope: 'buffer', messagePackets: 4 }],
  ['A, Eq. 1 counts without decay', { ...A, drbDecay: 1 }],
  ['B: 975 Mb/s on links 1–5 over 150', B],
  ['B, messages of 4 packets', { ...B, messagePackets: 4 }],
  ['B, buffer marked, messages of 4', { ...B, markingScope: 'buffer', messagePackets: 4 }],
  ['C: 4 × 750 Mb/s to the centre node over 300', C],
  ['C, messages of 4 packets', { ...C, messagePackets: 4 }],
  ['C, every packet in the buffer marked', { ...C, markingScope: 'buffer' }],
  ['C, buffer marked, messages of 4', { ...C, markingScope: 'buffer', messagePackets: 4 }],
  ['C, Eq. 1 counts without decay', { ...C, drbDecay: 1 }],
  ["C with B's loads: 4 × 243.75 Mb/s to the centre node over 150", { load: 150, hotSpotSources: 4, hotSpotLoad: 243.75, hotSpotTarget: 'node' }],
];
const MECHANISMS = [
  ['IB CC (seed)', { routing: 'static', cc: 'ibcc-drb-paper' }],
  ['DRB', { routing: 'drb', cc: 'none' }],
] as const;
type M = { mean: number; halfWidth: number };
const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(`# DRB seed Fig. 10, three readings — ${machineLine()}; ${REPS} replications of 4 ms and 13.2 ms after 0.6 ms, hot spot from 1.8 ms`);
console.log(
  '\n| reading | mechanism | busiest link before, Mb/s | busiest link after (mean of 0.4 ms intervals) | its largest interval | busiest over the whole hot spot, 2.8 ms | busiest over the whole hot spot, 12 ms | hot-spot flow received (4 ms window) | open paths per flow after | mean CCTI after |\n|---|---|---|---|---|---|---|---|---|---|',
);
for (const [reading, hot] of READINGS) {
  const r: Record<string, number[]> = {};
  for (const [label, mech] of MECHANISMS) {
    const params = { topology: 'torus', size: '8x8', samples: SAMPLES, hotSpotAtUs: HOT_AT_US, ...hot, ...mech };
    const m = simulate({ scenario: 'drb', params }, RUN).metrics as unknown as Record<string, M & M[]>;
    const long = simulate({ scenario: 'drb', params }, LONG).metrics as unknown as Record<string, M>;
    const peak = (m.peakLinkMbps as M[]).map((x) => x.mean);
    const open = (m.openPaths as M[]).map((x) => x.mean);
    const ccti = (m.throttleLevel as M[]).map((x) => x.mean);
    r[label] = [mean(AFTER.map((k) => peak[k]!)), (m.hotSpotPeakLinkMbps as M).mean, long.hotSpotPeakLinkMbps!.mean];
    console.log(
      `| ${reading} | ${label} | ${mean(BEFORE.map((k) => peak[k]!)).toFixed(0)} | ${r[label]![0]!.toFixed(0)} | ${Math.max(...AFTER.map((k) => peak[k]!)).toFixed(0)} | ${r[label]![1]!.toFixed(0)} | ${r[label]![2]!.toFixed(0)} | ${(m.hotSpotThroughputMbps as M).mean.toFixed(0)} | ${mean(AFTER.map((k) => open[k]!)).toFixed(2)} | ${mean(AFTER.map((k) => ccti[k]!)).toFixed(2)} |`,
    );
  }
  const q = (i: number): string => (r['DRB']![i]! / r['IB CC (seed)']![i]!).toFixed(2);
  console.log(`| ${reading} | **DRB ÷ IB CC** (seed: 1000 ÷ 1750 = 0.57) | | ${q(0)} | | ${q(1)} | ${q(2)} | | | |`);
}
