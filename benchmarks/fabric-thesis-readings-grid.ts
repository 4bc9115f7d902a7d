/**
 * Every combination of the `congestion-spreading` switches that are readings of thesis ch. 3 — the
 * gap rule (4), ACK size 30 or 0 bytes, ECN counters shared or per VL, the outputs a full buffer arms
 * (2), start at R_min or R_max, 4 or 2 packets per VL: 128 set-ups, each run as Table 3.2 (PIPD) and
 * Table 3.3 (PIPD r2 / FIMD r1), 10 replications of 50 ms after 5 ms, seed 1 — against issue 15's
 * numeric points: r1 PIPD ÷ FIMD in 2–4 at A and B, PIPD high ÷ low in 1.7–2.3 at A and B, r2 falling
 * (Table 3.3 ÷ 3.2 below 1) at A and B. Prints one JSON line per set-up (`ok`: the six points in that
 * order, 1 = holds), then a summary (docs/fabric.md § Issue 15's acceptance quotes it).
 *
 * Not a timing benchmark; about 4 minutes of CPU.
 *
 *   nice npx tsx benchmarks/fabric-thesis-readings-grid.ts
 */
import { simulate } from '../src/sim/index.js';

type Interval = { mean: number };
type Metrics = { classRate: Record<string, Interval> };

const run = (params: Record<string, unknown>): Metrics =>
  simulate({ scenario: 'congestion-spreading', params }, { seed: 1, replications: 10, until: 0.05 }).metrics as unknown as Metrics;
const rate = (m: Metrics, k: string): number => m.classRate[k]!.mean;

const rows: { ok: boolean[]; line: string }[] = [];
for (const rateGap of ['rescale', 'shorten', 'restart', 'fixed'])
  for (const ackBytes of [30, 0])
    for (const markingCounters of ['shared', 'per-vl'])
      for (const markingOutputs of ['congested', 'waited-for'])
        for (const startRate of ['min', 'max'])
          for (const bufferPackets of [4, 2]) {
            const setUp = { rateGap, ackBytes, markingCounters, markingOutputs, startRate, bufferPackets };
            const pipd = run({ rateControl: 'pipd', ...setUp });
            const mixed = run({ rateControl: 'pipd', rateControlLow: 'fimd', ...setUp });
            const r = {
              r1A: rate(pipd, 'remoteLow') / rate(mixed, 'remoteLow'),
              r1B: rate(pipd, 'localLow') / rate(mixed, 'localLow'),
              highLowA: rate(pipd, 'remoteHigh') / rate(pipd, 'remoteLow'),
              highLowB: rate(pipd, 'localHigh') / rate(pipd, 'localLow'),
              r2A: rate(mixed, 'remoteHigh') / rate(pipd, 'remoteHigh'),
              r2B: rate(mixed, 'localHigh') / rate(pipd, 'localHigh'),
            };
            const within = (x: number, lo: number, hi: number): boolean => x >= lo && x <= hi;
            const ok = [within(r.r1A, 2, 4), within(r.r1B, 2, 4), within(r.highLowA, 1.7, 2.3), within(r.highLowB, 1.7, 2.3), r.r2A < 1, r.r2B < 1];
            const line = JSON.stringify({ ...setUp, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v.toFixed(2))])), ok: ok.map((b) => (b ? 1 : 0)).join('') });
            rows.push({ ok, line });
            console.log(line);
          }
const count = (pick: (ok: boolean[]) => boolean): number => rows.filter((r) => pick(r.ok)).length;
console.log(`\n${rows.length} set-ups. r2 falls at both switches: ${count((o) => o[4]! && o[5]!)}; with r1's ratio in 2–4 at both too: ${count((o) => o[0]! && o[1]! && o[4]! && o[5]!)}.`);
console.log(`r1 in 2–4 and high ÷ low in 1.7–2.3, at both switches: ${count((o) => o.slice(0, 4).every(Boolean))}; all six points: ${count((o) => o.every(Boolean))}.`);
