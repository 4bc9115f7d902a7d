/**
 * Thesis ch. 3, the carried load, second pass (issue 34; docs/fabric.md § "The carried load, second
 * pass"). thesis-ch3-carried-load.ts tested each difference one at a time; this script tests what it
 * left open:
 *
 * 1. Which statistic "Average Injection Rate" (Tables 3.2–3.3) is. One replication of each table's
 *    set-up with every ACK of each controlled class recorded: the time average of the rate r (our
 *    `classRate`), the mean of r over ACKs (a statistic written at every ACK and averaged as
 *    samples), the mean over the ACKs that change r (written at every change), the harmonic mean over
 *    ACKs (1 / mean of the scheduled gap 1/r) and the delivered rate, all in 64-byte blocks/s beside
 *    the thesis's cells.
 * 2. The readings of thesis sentences together, every combination (REPS replications each): the
 *    input buffer — 4 packets per VL (today) or "4 packets of 2KB per port" (§3.1) split over the two
 *    VLs (2 per VL); R_min of the high class R_max/128 (§3.4) or R_max/256 (the Table 3.3 paragraph's
 *    "the minimum rate R_min = R_max/256" read for both classes); the link 2.5 Gb/s (1x SDR signalling)
 *    or 2 Gb/s (its data rate, under which Table 3.3's A r1 = 18 537 is not below R_min) — for Table
 *    3.2 (PIPD) and Table 3.3 (PIPD r2, FIMD r1): the root link's delivered load, the four class
 *    rates and high ÷ low, beside the thesis's.
 * 3. The run length (the thesis states none) under today's defaults and under the per-port buffer
 *    with the 2 Gb/s data rate: runs of 5, 10 and 50 ms from t = 0 (sources start at R_min, §3.3.3),
 *    REPS replications, both tables.
 * 4. (third pass) The endpoint's "capability" as a sink slower than the link: the sink each table
 *    needs, and both sinks under both tables.
 * 5. (third pass) Which buffer "becomes full": the input buffer or the output link's.
 * Part 2 now also reads the buffer as one pool of 4 packets shared by the port's VLs.
 *
 *   nice -n 10 npx tsx benchmarks/analysis/thesis-ch3-readings.ts      (50 ms after 5 ms, seed 1, 4 replications; a few minutes)
 *   PART=2 (or 1, 3, 4, 5) runs one part.
 */
import { simulate } from '../../src/sim/index.js';
import '../../src/studies/index.js'; // registers the seed studies' scenarios
import { RandomStreams } from '../../src/sim/random/streams.js';
import { congestionSpreadingFabric } from '../../src/studies/congestionSpreading/congestionSpreading.js';
import { parseCongestionSpreading } from '../../src/studies/congestionSpreading/congestionSpreadingParams.js';
import type { InjectionControl } from '../../src/sim/fabric/plugins.js';
import { machineLine } from '../harness.js';

const UNTIL = Number(process.env.UNTIL ?? 0.05);
const WARMUP = UNTIL / 10;
const REPS = Number(process.env.REPS ?? 4);
/** The classes in the thesis's order A r1, A r2, B r1, B r2 (switch A = the remote flow, B = the local). */
const CLASSES = ['remoteLow', 'remoteHigh', 'localLow', 'localHigh'] as const;
/** Thesis Tables 3.2 and 3.3, the cells in the order of CLASSES. */
const THESIS = {
  '3.2': [47234.08637836817, 149789.83324444026, 76440.10564262095, 259756.99827139667],
  '3.3': [18537.107824746185, 118861.56808060875, 20147.849538670973, 194463.99403664135],
} as const;
const TABLES = { '3.2': { rateControl: 'pipd' }, '3.3': { rateControl: 'pipd', rateControlLow: 'fimd' } } as const;
const gbps = (blocks: number): number => (blocks * 512) / 1e9;
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

type Flow = { name: string; rateControl: InjectionControl | null };

/** Part 1: the statistics of one replication's rates, in 64-byte blocks/s. */
function statistics(table: keyof typeof TABLES): void {
  const p = parseCongestionSpreading(TABLES[table]);
  const fabric = congestionSpreadingFabric(p, new RandomStreams(1), 0);
  // The compiled flows are private to the fabric; an analysis script reads them to record each ACK.
  const flows = (fabric as unknown as { compiled: { flows: Flow[] } }).compiled.flows;
  const logs = new Map<string, { t: number; before: number; after: number }[]>();
  for (const f of flows) {
    const rc = f.rateControl;
    if (rc === null || f.name === 'victim') continue;
    const acks: { t: number; before: number; after: number }[] = [];
    logs.set(f.name, acks);
    const inner = rc.onAck.bind(rc);
    (rc as { onAck: InjectionControl['onAck'] }).onAck = (marked: boolean, now: number) => {
      const before = rc.rate;
      inner(marked, now);
      acks.push({ t: now, before, after: rc.rate });
    };
  }
  fabric.run(WARMUP + UNTIL, WARMUP);
  const m = fabric.measurements();
  const perPacket = p.packetBytes / 64; // a controlled source's rate is in packets/s
  const cols = { time: [] as number[], ack: [] as number[], change: [] as number[], harmonic: [] as number[], delivered: [] as number[] };
  for (const name of CLASSES) {
    const acks = logs.get(name)!.filter((a) => a.t >= WARMUP);
    const f = m.flows.find((x) => x.name === name)!;
    const changes = acks.filter((a) => a.after !== a.before);
    cols.time.push(f.meanInjectionRate * perPacket);
    cols.ack.push((sum(acks.map((a) => a.after)) / acks.length) * perPacket);
    cols.change.push((sum(changes.map((a) => a.after)) / Math.max(1, changes.length)) * perPacket);
    cols.harmonic.push((acks.length / sum(acks.map((a) => 1 / a.after))) * perPacket);
    cols.delivered.push((f.throughputGbps * 1e9) / 512);
  }
  const label = { time: 'time average of r (ours: `classRate`)', ack: 'mean of r over ACKs', change: 'mean of r over the ACKs that change it', harmonic: 'harmonic mean over ACKs (1 / mean gap)', delivered: 'delivered rate' };
  console.log(`\n## Table ${table}: which statistic (one replication, ${UNTIL * 1e3} ms after ${WARMUP * 1e3} ms; 64-byte blocks/s)\n`);
  console.log('| statistic | A r1 | A r2 | B r1 | B r2 | Σ Gb/s | Σ ÷ thesis |\n|---|---|---|---|---|---|---|');
  const thesis = THESIS[table];
  console.log(`| thesis Table ${table} | ${thesis.map((x) => Math.round(x)).join(' | ')} | ${gbps(sum(thesis)).toFixed(3)} | 1 |`);
  for (const [k, xs] of Object.entries(cols)) {
    console.log(`| ${label[k as keyof typeof label]} | ${xs.map((x) => Math.round(x).toLocaleString('en')).join(' | ')} | ${gbps(sum(xs)).toFixed(3)} | ${(sum(xs) / sum(thesis)).toFixed(2)} |`);
  }
}

type Metrics = Record<string, Record<string, { mean: number }>>;

/** One run of REPS replications: Bc delivered (Gb/s), the four class rates and marked fractions in CLASSES order. */
interface Run {
  readonly bc: number;
  readonly cells: number[];
  readonly marked: number[];
}

function run(params: Record<string, unknown>, until = UNTIL, warmup = WARMUP): Run {
  const mt = simulate({ scenario: 'congestion-spreading', params }, { seed: 1, replications: REPS, until, warmup }).metrics as unknown as Metrics;
  return {
    bc: mt.throughput!.local!.mean + mt.throughput!.remote!.mean,
    cells: CLASSES.map((c) => mt.classRate![c]!.mean),
    marked: CLASSES.map((c) => mt.classMarkedFraction![c]!.mean),
  };
}

/**
 * The input buffer's readings: 4 packets per VL (today); §3.1's "4 packets of 2KB per port" split
 * over the two VLs (2 per VL, per-VL credits); the same 4 packets as one pool shared dynamically by
 * the port's VLs (complete sharing, the fabric's `inputBufferSharing: 'shared'`).
 */
const BUFFERS = [
  { label: '4 per VL', params: { bufferPackets: 4 } },
  { label: '2 per VL (4 per port, split)', params: { bufferPackets: 2 } },
  { label: '4 per port, shared', params: { bufferPackets: 2, bufferSharing: 'shared' } },
] as const;

/** Prints both tables' rows of a set of readings and the summary of the pair (thesis first). */
function printReadings(title: string, rows: readonly { label: string; params: Record<string, unknown> }[]): void {
  console.log(`\n## ${title} (${REPS} replications of ${UNTIL * 1e3} ms after ${WARMUP * 1e3} ms, seed 1; rates in 64-byte blocks/s)\n`);
  const runs = rows.map((r) => ({ label: r.label, t32: run({ ...TABLES['3.2'], ...r.params }), t33: run({ ...TABLES['3.3'], ...r.params }) }));
  console.log('| table | reading | Bc delivered Gb/s | ÷ thesis | Σ rates ÷ thesis | A r1 | A r2 | B r1 | B r2 | high ÷ low A, B | marked A r1 / A r2 / B r1 / B r2 |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const table of ['3.2', '3.3'] as const) {
    const thesis = THESIS[table];
    console.log(`| ${table} | thesis | ${gbps(sum(thesis)).toFixed(3)} (Σ cells) | 1 | 1 | ${thesis.map((x) => Math.round(x).toLocaleString('en')).join(' | ')} | ${(thesis[1] / thesis[0]).toFixed(2)}, ${(thesis[3] / thesis[2]).toFixed(2)} | |`);
    for (const r of runs) {
      const x = table === '3.2' ? r.t32 : r.t33;
      const c = x.cells;
      console.log(
        `| ${table} | ${r.label} | ${x.bc.toFixed(3)} | ${(x.bc / gbps(sum(thesis))).toFixed(2)} | ${(sum(c) / sum(thesis)).toFixed(2)} | ${c.map((v) => Math.round(v).toLocaleString('en')).join(' | ')} | ${(c[1]! / c[0]!).toFixed(2)}, ${(c[3]! / c[2]!).toFixed(2)} | ${x.marked.map((v) => v.toFixed(2)).join(' / ')} |`,
      );
    }
  }
  // The pair: what the thesis's two tables say together (r1 PIPD ÷ FIMD, r2 and the marks from 3.2 to 3.3, the load).
  const T = (i: number, t: '3.2' | '3.3') => THESIS[t][i]!;
  console.log('\n| reading | r1 PIPD ÷ FIMD A, B | r2 3.3 ÷ 3.2 A, B | r2 marked 3.2 → 3.3 A; B | Bc 3.3 ÷ 3.2 |\n|---|---|---|---|---|');
  console.log(`| thesis | ${(T(0, '3.2') / T(0, '3.3')).toFixed(2)}, ${(T(2, '3.2') / T(2, '3.3')).toFixed(2)} | ${(T(1, '3.3') / T(1, '3.2')).toFixed(2)}, ${(T(3, '3.3') / T(3, '3.2')).toFixed(2)} | implied p rises: 0.25 → 0.32; 0.14 → 0.19 | ${(sum(THESIS['3.3']) / sum(THESIS['3.2'])).toFixed(2)} |`);
  for (const r of runs) {
    const a = r.t32;
    const b = r.t33;
    console.log(
      `| ${r.label} | ${(a.cells[0]! / b.cells[0]!).toFixed(2)}, ${(a.cells[2]! / b.cells[2]!).toFixed(2)} | ${(b.cells[1]! / a.cells[1]!).toFixed(2)}, ${(b.cells[3]! / a.cells[3]!).toFixed(2)} | ${a.marked[1]!.toFixed(2)} → ${b.marked[1]!.toFixed(2)}; ${a.marked[3]!.toFixed(2)} → ${b.marked[3]!.toFixed(2)} | ${(b.bc / a.bc).toFixed(2)} |`,
    );
  }
}

/** Part 2: every combination of the readings of the buffer, R_min-high and the link, for both tables. */
function readings(): void {
  const rows = BUFFERS.flatMap((b) =>
    [128, 256].flatMap((rateMinHighDivisor) =>
      [2.5, 2].map((linkGbps) => ({ label: `${b.label}, R_max/${rateMinHighDivisor}, ${linkGbps} Gb/s`, params: { ...b.params, rateMinHighDivisor, linkGbps } })),
    ),
  );
  printReadings('The readings together', rows);
}

/**
 * Part 4: the endpoint's "capability" (§3.4: "so that endpoint Bc can receive at 100% of its
 * capability") read as a sink slower than the link. No value is fitted: a sink-limited Bc carries
 * its sink's rate, so each table names the sink it would need (its Σ cells as Gb/s), and both are
 * run under both tables. The fabric's cap holds for every host, Bv too, so the victim offers 4 % of
 * the link (below both sinks) in these runs and in their control without a sink.
 */
function sinks(): void {
  const need = { '3.2': gbps(sum(THESIS['3.2'])), '3.3': gbps(sum(THESIS['3.3'])) };
  console.log(`\nSink each table needs (Σ cells, 64-byte blocks as Gb/s; ÷ R_max = 256 × its FIMD r1, any unit): Table 3.2 ${need['3.2'].toFixed(3)} Gb/s (${((sum(THESIS['3.2']) / (256 * THESIS['3.3'][2])) * 100).toFixed(1)}–${((sum(THESIS['3.2']) / (256 * THESIS['3.3'][0])) * 100).toFixed(1)} % of R_max), Table 3.3 ${need['3.3'].toFixed(3)} Gb/s (${((sum(THESIS['3.3']) / (256 * THESIS['3.3'][2])) * 100).toFixed(1)}–${((sum(THESIS['3.3']) / (256 * THESIS['3.3'][0])) * 100).toFixed(1)} %)`);
  const rows = [
    { label: 'no sink (victim 4 %)', params: { victimLoad: 0.04 } },
    { label: `sink ${need['3.2'].toFixed(3)} Gb/s (Table 3.2's)`, params: { victimLoad: 0.04, receiveGbps: need['3.2'] } },
    { label: `sink ${need['3.3'].toFixed(3)} Gb/s (Table 3.3's)`, params: { victimLoad: 0.04, receiveGbps: need['3.3'] } },
  ];
  printReadings("The endpoint's capability as a slower sink", rows);
}

/**
 * Part 5: which buffer "becomes full" (§3.3.1) — the input buffer (today) or the output link's, read
 * through §3.1's "the configuration of the switches with the input buffer is the same as that with
 * output buffer in ATM networks" (the packets in the switch waiting for the output, cnt1's, against
 * a buffer of an input buffer's size) — under each buffer reading.
 */
function markingBuffers(): void {
  const rows = BUFFERS.flatMap((b) =>
    (['input', 'output'] as const).map((markingBuffer) => ({ label: `${b.label}, ${markingBuffer} buffer marks`, params: { ...b.params, markingBuffer } })),
  );
  printReadings('Which buffer becomes full: input or output', rows);
}

/** Part 3: run lengths from t = 0. */
function lengths(): void {
  console.log(`\n## Run length from t = 0 (${REPS} replications; Bc delivered Gb/s, ÷ thesis)\n`);
  console.log('| table | set-up | 5 ms | 10 ms | 50 ms |\n|---|---|---|---|---|');
  for (const table of ['3.2', '3.3'] as const) {
    const thesis = gbps(sum(THESIS[table]));
    for (const [label, extra] of [['defaults', {}], ['2 packets per VL, 2 Gb/s', { bufferPackets: 2, linkGbps: 2 }], ['4 per port pooled, 2 Gb/s', { bufferPackets: 2, bufferSharing: 'shared', linkGbps: 2 }]] as const) {
      const cells = [0.005, 0.01, 0.05].map((until) => {
        const mt = simulate({ scenario: 'congestion-spreading', params: { ...TABLES[table], ...extra } }, { seed: 1, replications: REPS, until, warmup: 0 }).metrics as unknown as Metrics;
        const bc = mt.throughput!.local!.mean + mt.throughput!.remote!.mean;
        return `${bc.toFixed(3)} (${(bc / thesis).toFixed(2)})`;
      });
      console.log(`| ${table} | ${label} | ${cells.join(' | ')} |`);
    }
  }
}

console.log(`# Thesis ch. 3: the carried load, second pass — ${machineLine()}`);
const part = process.env.PART;
if (part === undefined || part === '1') for (const table of ['3.2', '3.3'] as const) statistics(table);
if (part === undefined || part === '2') readings();
if (part === undefined || part === '3') lengths();
if (part === undefined || part === '4') sinks();
if (part === undefined || part === '5') markingBuffers();
