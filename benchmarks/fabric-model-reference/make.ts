/**
 * The simulator's reference data for the analytic fabric model (issue 31): for each network ×
 * pattern × SL set-up, the saturation load by bisection, then points at 1 % of the link rate and
 * at 50, 70 and 90 % of the saturation load (and one overloaded point at 100 %), each over ≥ 5
 * independent replications, summarised as means with 95 % Student-t half-widths.
 *
 *   nice -n 15 npx tsx benchmarks/fabric-model-reference/make.ts --networks 4ary2tree,mesh8x8 [--sl 1sl,2sl] [--patterns uniform] [--scale 1]
 *
 *   nice -n 19 npx tsx benchmarks/fabric-model-reference/make.ts --resaturate --networks 8ary3tree --sl 2sl --patterns bitcomp
 *
 * `--resaturate`: recompute only the saturation load of existing case files (saturationRule.ts: the
 * growth rule), keeping their points and overload as generated and the former rule's result as
 * `saturation.previous`.
 *
 * Resumable: every replication is stored in the work folder (`--work`, default
 * /tmp/fabric-model-reference) as it ends, each written to a temporary name and renamed; a case whose
 * fixture exists is skipped. Fixtures: test/fixtures/fabric-model/<case>.json and the case's
 * `fabric` scenario file scenarios/<case>.json (at its 50 % point). The README beside them states
 * the rules (saturation, run lengths, seeds); keep it in step with the constants here.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { caseParams, forwardingIsComputed, hostPacketRate, network, type Network, type Pattern, type SlConfig } from './networks.js';
import { replicate, type ReplicationRecord } from './replicate.js';
import { acceptance, round5, summarizePoint, type PointSummary } from './summarize.js';
import { bisectSaturation, growthRuleText, LONG_WINDOW_FACTOR, saturatedGrowing, type Step } from './saturationRule.js';

/** Seeds: every point's replications r = 0, 1, … draw from seed 1's streams; the bisection's runs from seed 2's. */
const SEED_POINTS = 1;
const SEED_BISECTION = 2;
/**
 * Packets each sending host offers per replication's measured window (scaled by --scale; under 2sl
 * each of its two flows offers half); warm-up a quarter of the window.
 */
const PACKETS_PER_HOST = { bisection: 2000, overload: 2000, p1: 400, p50: 3000, p70: 6000, p90: 12000 } as const;
const WARMUP_FRACTION = 0.25;

interface Args {
  networks: string[];
  sls: SlConfig[];
  patterns: Pattern[] | undefined;
  scale: number;
  out: string;
  work: string;
  maxReplications: number;
  /** CPU seconds a point may spend on replications beyond the first five (0: none). */
  extendCpuS: number;
  /** Rewrite existing case files (from the stored replications, plus any extension). */
  redo: boolean;
  /** Recompute only the saturation load of existing case files (the growth rule), keeping their points. */
  resaturate: boolean;
}

function parseArgs(argv: string[]): Args {
  const get = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    networks: (get('networks') ?? '4ary2tree').split(','),
    sls: (get('sl') ?? '1sl,2sl').split(',') as SlConfig[],
    patterns: get('patterns')?.split(',') as Pattern[] | undefined,
    scale: Number(get('scale') ?? 1),
    out: get('out') ?? 'test/fixtures/fabric-model',
    work: get('work') ?? '/tmp/fabric-model-reference',
    maxReplications: Number(get('max-replications') ?? 40),
    extendCpuS: Number(get('extend-cpu-s') ?? 0),
    redo: argv.includes('--redo'),
    resaturate: argv.includes('--resaturate'),
  };
}

function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

/** Replications `from`..`to − 1` of a run, each read from the work folder or run and stored. */
function replications(dir: string, params: ReturnType<typeof caseParams>, seed: number, from: number, to: number, untilS: number, warmupS: number): ReplicationRecord[] {
  mkdirSync(dir, { recursive: true });
  const out: ReplicationRecord[] = [];
  for (let r = from; r < to; r++) {
    const file = join(dir, `rep${r}.json`);
    if (existsSync(file)) {
      out.push(JSON.parse(readFileSync(file, 'utf8')) as ReplicationRecord);
      continue;
    }
    const rec = replicate(params, seed, r, untilS, warmupS);
    writeAtomically(file, JSON.stringify(rec));
    out.push(rec);
  }
  return out;
}

/** Per sending host, accepted Gb/s ÷ link rate, for all flows and per SL (flows named `-sl<q>`). */
function acceptedLoad(r: ReplicationRecord, net: Network, senders: number): { all: number; perSl: number[] } {
  let all = 0;
  const perSl = [0, 0];
  for (const [name, f] of Object.entries(r.flows)) {
    all += f[0];
    perSl[name.endsWith('-sl1') ? 1 : 0]! += f[0];
  }
  const d = senders * net.rateGbps;
  return { all: all / d, perSl: perSl.map((x) => x / d) };
}

function run1(dir: string, net: Network, pattern: Pattern, sl: SlConfig, load: number, packets: number, seed: number, reps: number): ReplicationRecord[] {
  const params = caseParams(net, pattern, sl, load);
  const untilS = packets / hostPacketRate(load, net.rateGbps);
  return replications(dir, params, seed, 0, reps, untilS, WARMUP_FRACTION * untilS);
}

/** One bisection step under the growth rule (saturationRule.ts): seed 2's replication in the base window and in one four times longer. */
function step(dir: string, net: Network, pattern: Pattern, sl: SlConfig, load: number, scale: number): Step {
  const packets = PACKETS_PER_HOST.bisection * scale;
  const [base] = run1(join(dir, `bisect-${load.toFixed(4)}`), net, pattern, sl, load, packets, SEED_BISECTION, 1);
  const [long] = run1(join(dir, `bisect-long-${load.toFixed(4)}`), net, pattern, sl, load, LONG_WINDOW_FACTOR * packets, SEED_BISECTION, 1);
  const a = acceptance(base!);
  const l = acceptance(long!);
  const saturated = saturatedGrowing(a, l);
  const s = { load: round5(load), ratio: round5(a.ratio), minFlowRatio: round5(a.minFlowRatio), ratioLong: round5(l.ratio), minFlowRatioLong: round5(l.minFlowRatio), saturated };
  log(`  ${dir.split('/').pop()} load ${load.toFixed(4)}: ratio ${a.ratio.toFixed(4)} → ${l.ratio.toFixed(4)}, min flow ${a.minFlowRatio.toFixed(4)} → ${l.minFlowRatio.toFixed(4)} → ${saturated ? 'saturated' : 'not saturated'} (${Math.round(base!.cpuMs + long!.cpuMs)} ms CPU)`);
  return s;
}

/** Bisection on the per-host offered load, bracketed around the overload's accepted load. */
function saturation(dir: string, net: Network, pattern: Pattern, sl: SlConfig, overloadAccepted: number, scale: number): { load: number; steps: Step[] } {
  return bisectSaturation(overloadAccepted, (load) => step(dir, net, pattern, sl, load, scale));
}

/**
 * An existing case file with its saturation load recomputed under the growth rule; its points (offered
 * loads placed at 50/70/90 % of the former saturation load) and overload kept as generated, the former
 * rule, load and steps kept as `saturation.previous`.
 */
function resaturate(args: Args, net: Network, pattern: Pattern, sl: SlConfig): void {
  const name = `${net.name}-${pattern}-${sl}`;
  const fixture = join(args.out, `${name}.json`);
  if (!existsSync(fixture)) {
    log(`${name}: no case file to resaturate`);
    return;
  }
  const record = JSON.parse(readFileSync(fixture, 'utf8')) as { saturation: { rule: string; load: number; steps: unknown[]; previous?: unknown; overload: { acceptedLoad: number[] } } } & Record<string, unknown>;
  const old = record.saturation;
  const previous = old.previous ?? { rule: old.rule, load: old.load, steps: old.steps };
  const cpuStart = process.cpuUsage();
  const sat = saturation(join(args.work, name), net, pattern, sl, old.overload.acceptedLoad[0]!, args.scale);
  const cpu = process.cpuUsage(cpuStart);
  log(`${name}: saturation load ${sat.load.toFixed(4)} (was ${(previous as { load: number }).load}; ${Math.round((cpu.user + cpu.system) / 1e6)} s CPU)`);
  const saturationRecord = { rule: growthRuleText(PACKETS_PER_HOST.bisection * args.scale, SEED_BISECTION), load: round5(sat.load), steps: sat.steps, previous, overload: old.overload };
  writeAtomically(fixture, `${JSON.stringify({ ...record, saturation: saturationRecord, saturationCommit: execSync('git rev-parse --short HEAD').toString().trim() })}\n`);
  log(`${name}: written ${fixture}`);
}

/** The params with the topology's forwarding tables left out when the simulator computes the same ones (Gran's D-mod-k: 0.5 MB less). */
function withoutComputedTables(params: ReturnType<typeof caseParams>): ReturnType<typeof caseParams> {
  const topology = params.topology as ReturnType<typeof network>['topology'] & { forwarding?: unknown };
  if (topology.forwarding === undefined || !forwardingIsComputed(topology)) return params;
  const { forwarding: _tables, ...rest } = topology;
  return { ...params, topology: rest };
}

function log(s: string): void {
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${s}\n`);
}

/** SL 1's share of the data sent on ports at least 97 % busy in a point's summary (host ports and switch ports apart). */
function slShares(p: PointSummary): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const kind of ['host', 'switch'] as const) {
    const shares: number[] = [];
    for (const [name, row] of Object.entries(p.ports)) {
      if (name.includes(':') !== (kind === 'switch') || row[0]! < 0.97) continue;
      const vlRates = [];
      for (let i = 4; i < row.length; i += 2) vlRates.push(row[i]!);
      const total = vlRates.reduce((a, b) => a + b, 0);
      const half = vlRates.length / 2; // SL 0 on the first half of the VLs, SL 1 on the second (torus: two each)
      const sl1 = vlRates.slice(half).reduce((a, b) => a + b, 0);
      if (total > 0) shares.push(sl1 / total);
    }
    shares.sort((a, b) => a - b);
    out[kind] = shares.length === 0 ? { ports: 0 } : { ports: shares.length, sl1ShareMin: round5(shares[0]!), sl1ShareMedian: round5(shares[Math.floor(shares.length / 2)]!), sl1ShareMax: round5(shares[shares.length - 1]!) };
  }
  return out;
}

function runCase(args: Args, net: Network, pattern: Pattern, sl: SlConfig): void {
  const name = `${net.name}-${pattern}-${sl}`;
  const fixture = join(args.out, `${name}.json`);
  if (existsSync(fixture) && !args.redo) {
    log(`${name}: done already`);
    return;
  }
  const dir = join(args.work, name);
  const vls = (sl === '2sl' ? 2 : 1) * (net.dateline ? 2 : 1);
  const senders = new Set(caseParams(net, pattern, sl, 0.5).flows.map((f) => f.source)).size;
  const small = net.topology.hosts.length <= 64;
  const cpuStart = process.cpuUsage();
  log(`${name}: overload`);
  const over = run1(join(dir, 'overload'), net, pattern, sl, 1, PACKETS_PER_HOST.overload * args.scale, SEED_POINTS, 5);
  const overAcc = over.map((r) => acceptedLoad(r, net, senders));
  const overloadAccepted = overAcc.reduce((a, b) => a + b.all, 0) / over.length;
  const sat = saturation(dir, net, pattern, sl, overloadAccepted, args.scale);
  log(`${name}: saturation load ${sat.load.toFixed(4)} (overload accepts ${overloadAccepted.toFixed(4)})`);
  const points = [];
  const overSummary = summarizePoint(over, vls, small);
  for (const [label, load, packets] of [
    ['1%', 0.01, PACKETS_PER_HOST.p1],
    ['50%', 0.5 * sat.load, PACKETS_PER_HOST.p50],
    ['70%', 0.7 * sat.load, PACKETS_PER_HOST.p70],
    ['90%', 0.9 * sat.load, PACKETS_PER_HOST.p90],
  ] as const) {
    const params = caseParams(net, pattern, sl, load);
    const flowRatePps = (params.flows[0]!.traffic as { rate: number }).rate;
    const untilS = (packets * args.scale) / hostPacketRate(load, net.rateGbps);
    const warmupS = WARMUP_FRACTION * untilS;
    const pdir = join(dir, `point-${label.replace('%', 'pct')}`);
    let recs = replications(pdir, params, SEED_POINTS, 0, 5, untilS, warmupS);
    let summary = summarizePoint(recs, vls, small);
    // more replications while fewer than 80 % of the flows' latencies are within 2 %, within the network's CPU budget per point
    const capMs = 1000 * args.extendCpuS;
    while (label !== '1%' && summary.latencyQualified[0] < 0.8 * summary.latencyQualified[1] && recs.length < args.maxReplications) {
      const spent = recs.reduce((a, r) => a + r.cpuMs, 0);
      const ratios = Object.values(summary.flows).filter((f) => f[2]! > 0).map((f) => f[3]! / f[2]!).sort((a, b) => a - b);
      const q80 = ratios[Math.floor(0.8 * (ratios.length - 1))]!;
      const need = Math.ceil(recs.length * (q80 / 0.019) ** 2);
      const affordable = recs.length + Math.floor((capMs - spent) / (spent / recs.length));
      const next = Math.min(args.maxReplications, Math.max(recs.length + 5, need), affordable);
      if (next <= recs.length) break;
      recs = replications(pdir, params, SEED_POINTS, 0, next, untilS, warmupS);
      summary = summarizePoint(recs, vls, small);
    }
    log(`${name} ${label} load ${load.toFixed(4)}: ${recs.length} reps, latency within 2 %: ${summary.latencyQualified.join('/')}, ${summary.cost.cpuMsPerReplication[0]} ms CPU per rep`);
    points.push({ label, load, flowRatePps, seed: SEED_POINTS, untilS, warmupS, ...summary }); // exact: the scenario file and a rerun need them to the bit
  }
  const cpu = process.cpuUsage(cpuStart);
  const scenarioFile = join(args.out, 'scenarios', `${name}.json`);
  mkdirSync(join(args.out, 'scenarios'), { recursive: true });
  const p50 = points[1]!;
  writeAtomically(
    scenarioFile,
    `${JSON.stringify({ scenario: 'fabric', seed: SEED_POINTS, replications: 5, until: p50.untilS, warmup: p50.warmupS, params: withoutComputedTables(caseParams(net, pattern, sl, p50.load)) })}\n`,
  );
  const record = {
    schema: 'ibqos-fabric-model-reference/1',
    case: name,
    network: net.name,
    pattern,
    sl,
    scenarioFile: `scenarios/${name}.json`,
    commit: execSync('git rev-parse --short HEAD').toString().trim(),
    hosts: net.topology.hosts.length,
    senders,
    flowsPerSender: sl === '2sl' ? 2 : 1,
    rateGbps: net.rateGbps,
    vls,
    saturation: {
      rule: growthRuleText(PACKETS_PER_HOST.bisection * args.scale, SEED_BISECTION),
      load: round5(sat.load),
      steps: sat.steps,
      overload: {
        load: 1,
        acceptedLoad: acceptedInterval(overAcc.map((a) => a.all)),
        acceptedLoadPerSl: sl === '2sl' ? [0, 1].map((q) => acceptedInterval(overAcc.map((a) => a.perSl[q]!))) : undefined,
        slShareOnBusyPorts: sl === '2sl' ? slShares(overSummary) : undefined,
        summary: { ...overSummary, flowRatePps: round5(hostPacketRate(1, net.rateGbps) / (sl === '2sl' ? 2 : 1)), untilS: round5((PACKETS_PER_HOST.overload * args.scale) / hostPacketRate(1, net.rateGbps)) },
      },
    },
    points,
    cpuSecondsForCase: Math.round((cpu.user + cpu.system) / 1e4) / 100,
  };
  writeAtomically(fixture, `${JSON.stringify(record)}\n`);
  log(`${name}: written ${fixture}`);
}

function acceptedInterval(xs: readonly number[]): number[] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  const s = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
  return [round5(m), round5((2.7764451051977987 * s) / Math.sqrt(xs.length))]; // t_{0.975, 4}: five replications
}

const args = parseArgs(process.argv.slice(2));
mkdirSync(args.out, { recursive: true });
for (const n of args.networks) {
  const net = network(n);
  for (const sl of args.sls) for (const pattern of args.patterns ?? net.patterns) if (net.patterns.includes(pattern)) (args.resaturate ? resaturate : runCase)(args, net, pattern, sl);
}
