/**
 * Prints the congestion-spreading tables of docs/fabric.md, as `simulate()` gives them (10
 * replications of 50 ms after a 5 ms warm-up, seed 1, 95 % Student-t intervals):
 *
 * 1. every rate control with the scenario's defaults (the thesis's set-up): each flow's throughput,
 *    the victim's offered load and latency, the average injection rate of the four classes;
 * 2. thesis Tables 3.2 and 3.3 cell by cell beside ours, with the ratio;
 * 3. each departure from the thesis: the victim's throughput, the PIPD ÷ FIMD ratio of r1, r2's
 *    change when r1 goes FIMD and PIPD's high ÷ low, with the thesis's setting and with the switch
 *    flipped;
 * 4. Santos et al.'s scenario (`santos-congestion`): throughput and link utilisation per response.
 *
 * Not a timing benchmark: it is the script behind the docs' figures.
 *
 *   nice npx tsx benchmarks/fabric-thesis-table.ts
 */
import { simulate } from '../src/sim/index.js';

type Interval = { mean: number; halfWidth: number };
type Metrics = Record<string, Record<string, Interval>>;

const RUN = { seed: 1, replications: 10, until: 0.05 };

function spreading(params: Record<string, unknown>): Metrics {
  return simulate({ scenario: 'congestion-spreading', params }, RUN).metrics as unknown as Metrics;
}

const cell = (x: Interval, digits: number): string => `${x.mean.toFixed(digits)} ± ${x.halfWidth.toFixed(digits)}`;
const big = (x: Interval): string => `${Math.round(x.mean).toLocaleString('en-GB').replace(/,/g, ' ')} ± ${Math.round(x.halfWidth).toLocaleString('en-GB').replace(/,/g, ' ')}`;

const SCHEMES: readonly [string, string, string][] = [
  ['none', 'none', 'none'],
  ['pipd', 'pipd', 'pipd'],
  ['pipd / fimd', 'pipd', 'fimd'],
  ['fimd', 'fimd', 'fimd'],
  ['lipd', 'lipd', 'lipd'],
  ['aimd', 'aimd', 'aimd'],
  ['ibcc', 'ibcc', 'ibcc'],
];

console.log('\n1. defaults (the thesis set-up)');
console.log('| rate control (r2 / r1) | local Gb/s | remote Gb/s | victim Gb/s | victim offered Gb/s | victim latency µs | A r1 | A r2 | B r1 | B r2 |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const byScheme = new Map<string, Metrics>();
for (const [name, rateControlHigh, rateControlLow] of SCHEMES) {
  const m = spreading({ rateControlHigh, rateControlLow });
  byScheme.set(name, m);
  const c = m.classRate!;
  console.log(
    `| ${name} | ${cell(m.throughput!.local!, 3)} | ${cell(m.throughput!.remote!, 3)} | ${cell(m.throughput!.victim!, 3)} | ${cell(m.offered!.victim!, 3)} | ${cell(m.latency!.victim!, 0)} | ${big(c.remoteLow!)} | ${big(c.remoteHigh!)} | ${big(c.localLow!)} | ${big(c.localHigh!)} |`,
  );
}

console.log('\n2. thesis Tables 3.2 and 3.3 cell by cell (64-byte blocks per second)');
const THESIS: Record<string, Record<string, number>> = {
  pipd: { remoteLow: 47234.08637836817, remoteHigh: 149789.83324444026, localLow: 76440.10564262095, localHigh: 259756.99827139667 },
  'pipd / fimd': { remoteLow: 18537.107824746185, remoteHigh: 118861.56808060875, localLow: 20147.849538670973, localHigh: 194463.99403664135 },
};
const CELLS: readonly [string, string][] = [
  ['remoteLow', 'switch A r1'],
  ['remoteHigh', 'switch A r2'],
  ['localLow', 'switch B r1'],
  ['localHigh', 'switch B r2'],
];
console.log('| table | cell | thesis | this simulator | ratio |');
console.log('|---|---|---|---|---|');
for (const [scheme, table] of [
  ['pipd', '3.2 (PIPD)'],
  ['pipd / fimd', '3.3 (PIPD r2, FIMD r1)'],
] as const) {
  for (const [key, label] of CELLS) {
    const ours = byScheme.get(scheme)!.classRate![key]!;
    const theirs = THESIS[scheme]![key]!;
    console.log(`| ${table} | ${label} | ${Math.round(theirs).toLocaleString('en-GB').replace(/,/g, ' ')} | ${big(ours)} | ${(ours.mean / theirs).toFixed(2)} |`);
  }
}
const ratio = (a: Interval, b: Interval): string => (a.mean / b.mean).toFixed(2);
const p = byScheme.get('pipd')!.classRate!;
const pf = byScheme.get('pipd / fimd')!.classRate!;
console.log(
  `thesis: r2/r1 under PIPD A 3.17 B 3.40; r1 PIPD/FIMD A 2.55 B 3.79; r2 PIPD→FIMD A ×0.79 B ×0.75. ours: r2/r1 A ${ratio(p.remoteHigh!, p.remoteLow!)} B ${ratio(p.localHigh!, p.localLow!)}; r1 PIPD/FIMD A ${ratio(p.remoteLow!, pf.remoteLow!)} B ${ratio(p.localLow!, pf.localLow!)}; r2 PIPD→FIMD A ×${ratio(pf.remoteHigh!, p.remoteHigh!)} B ×${ratio(pf.localHigh!, p.localHigh!)}`,
);

console.log('\n2b. marked fraction of each class (classMarkedFraction), PIPD and PIPD + FIMD');
console.log('| scheme | A r1 | A r2 | B r1 | B r2 |');
console.log('|---|---|---|---|---|');
for (const scheme of ['pipd', 'pipd / fimd']) {
  const k = byScheme.get(scheme)!.classMarkedFraction!;
  console.log(`| ${scheme} | ${cell(k.remoteLow!, 2)} | ${cell(k.remoteHigh!, 2)} | ${cell(k.localLow!, 2)} | ${cell(k.localHigh!, 2)} |`);
}

console.log('\n3. each departure from the thesis, switched (victim Gb/s under PIPD and FIMD; r1 PIPD ÷ FIMD and r2 FIMD-run ÷ PIPD-run at A and B; PIPD high ÷ low at A and B)');
const SWITCHES: readonly [string, Record<string, unknown>][] = [
  ['victim controlled (--control-victim)', { controlVictim: true }],
  ['local high, remote low (--classes split)', { classes: 'split' }],
  ['16 packets per VL (--buffer-packets 16)', { bufferPackets: 16 }],
  ['2 packets per VL = 4 per port (--buffer-packets 2)', { bufferPackets: 2 }],
  ['rates in packets/s (--rate-unit-bytes 2048)', { rateUnitBytes: 2048 }],
  ['start at R_max (--start-rate max)', { startRate: 'max' }],
  ['window of 2 packets (--window-packets 2)', { windowPackets: 2 }],
  ['every waited-for output armed (--marking-outputs waited-for)', { markingOutputs: 'waited-for' }],
  ['counters per output link and VL (--marking-counters per-vl)', { markingCounters: 'per-vl' }],
  ['ACKs out of band (--ack-bytes 0)', { ackBytes: 0 }],
  ['only a faster rate acts on the pending gap (--rate-gap shorten)', { rateGap: 'shorten' }],
  ['the gap restarts at every ACK (--rate-gap restart)', { rateGap: 'restart' }],
  ['the gap is fixed when a packet goes (--rate-gap fixed)', { rateGap: 'fixed' }],
  ['the victim high priority, VL 1 (--victim-sl 1)', { victimSl: 1 }],
  ['no victim to speak of (--victim-load 0.0001)', { victimLoad: 0.0001 }],
];
/** `mixedExtra`: params of the PIPD + FIMD run (Table 3.3) only. */
const row = (label: string, extra: Record<string, unknown>, mixedExtra: Record<string, unknown> = {}): void => {
  const pipd = spreading({ ...extra, rateControl: 'pipd' });
  const fimd = spreading({ ...extra, rateControl: 'fimd' });
  const mixed = spreading({ ...extra, ...mixedExtra, rateControlHigh: 'pipd', rateControlLow: 'fimd' });
  const c = pipd.classRate!;
  const m = mixed.classRate!;
  const r1 = (k: string): string => (m[k] ? ratio(c[k]!, m[k]!) : '–');
  const r2 = (k: string): string => (m[k] ? `×${ratio(m[k]!, c[k]!)}` : '–');
  const hl = (high: string, low: string): string => (c[high] && c[low] ? ratio(c[high]!, c[low]!) : '–');
  console.log(
    `| ${label} | ${cell(pipd.throughput!.victim!, 3)} | ${cell(fimd.throughput!.victim!, 3)} | ${r1('remoteLow')} | ${r1('localLow')} | ${r2('remoteHigh')} | ${r2('localHigh')} | ${hl('remoteHigh', 'remoteLow')} | ${hl('localHigh', 'localLow')} |`,
  );
};
console.log('| setting | victim Gb/s, PIPD | victim Gb/s, FIMD | r1 PIPD ÷ FIMD, A | r1 PIPD ÷ FIMD, B | r2 → FIMD r1, A | r2 → FIMD r1, B | high ÷ low, A | high ÷ low, B |');
console.log('|---|---|---|---|---|---|---|---|---|');
row('the thesis set-up (defaults)', {});
for (const [label, extra] of SWITCHES) row(label, extra);
// §3.4 before Table 3.3: "We set factor n = 4 and the minimum rate R_min = R_max/256", read as r2's too in that run.
row("Table 3.3's run with R_min = R_max/256 for r2 too (--rate-min-high-divisor 256 there)", {}, { rateMinHighDivisor: 256 });

console.log("\n4. Santos et al.'s scenario (santos-congestion)");
console.log('| response | total Gb/s | root link utilisation | inter-switch utilisation | victim Gb/s |');
console.log('|---|---|---|---|---|');
for (const rateControl of ['none', 'fimd', 'lipd', 'aimd']) {
  const m = simulate({ scenario: 'santos-congestion', params: { rateControl } }, RUN).metrics as unknown as Metrics;
  console.log(`| ${rateControl} | ${cell(m.throughput!.total!, 3)} | ${cell(m.utilization!.root!, 3)} | ${cell(m.utilization!.interSwitch!, 3)} | ${cell(m.throughput!.victim!, 3)} |`);
}
