/**
 * Where the analytic fabric model fails, measured: Gran et al.'s hotspot set-up (src/studies/gran,
 * the `ibcc-fat-tree` scenario) written as `fabric` scenario flows, so that the simulator and the
 * model read the very same JSON, with and without IB CC (issue 31, "Gran's hotspot cases and IB CC
 * runs with their errors in docs and report").
 *
 *   nice -n 10 npx tsx benchmarks/fabric-model-reference/hotspot.ts [--radix 12] [--replications 5] [--loads 0.3,0.6]
 *     [--cc off,on] [--until-ms 10] [--warmup-ms 5] [--write-params]
 *
 * The stored runs were made with these defaults at radix 12 and 36. A case whose file
 * exists is read, not rerun (the table is printed from it, the model run live); --write-params
 * rewrites the stored scenario params of existing files.
 *
 * The network is the study's: a two-level folded Clos of radix k (`foldedClosTopology`, k = 36 is
 * Gran's 648 hosts), 16 Gb/s links (4x DDR data rate), 10 ns cables, 100 ns switches, VoQ input
 * buffers of 8192 bytes, MTU packets, hosts injecting at most 13.5 Gb/s. Roles as the study deals
 * them: 20 % V nodes, 80 % C nodes, 8 hotspots drawn from all hosts, the contributors dealt evenly
 * into the hotspots' subsets (stream `hotspot:roles` of seed 7). What differs from the study, and why:
 * - Traffic is Poisson at a stated load instead of greedy (every host at 13.5 Gb/s): a latency is
 *   only defined for a stable flow. C nodes offer `load` of the link to their hotspot with a send
 *   queue of 16 packets (arrivals finding it full are lost, so the flows are stable however
 *   oversubscribed the hotspot); V nodes offer `load` to one fixed destination, a host that is not a
 *   hotspot (drawn uniformly from the others), instead of uniform destinations (so that a V flow is a victim or
 *   not by its path, not by the share of its packets that go to a hotspot).
 * - With CC: every flow under `rateControl: { kind: 'ibcc' }` (the library's IB CC defaults) and the
 *   switches marking with Gran's Table I threshold 15, Victim_Mask on host ports.
 * - `hostReceiveGbps` is left out (the model does not represent a sink cap).
 *
 * Flow classes: `hotspot` (a C node's flow), `victim` (a V flow whose path shares a link with a
 * hotspot flow: it crosses the congestion tree), `other` (a V flow that shares none). Output: per
 * class the medians of the simulator's and the model's throughput and latency and the median of
 * the per-flow signed errors (model − sim)/sim, and which flags the model put on each class.
 * Fixture: test/fixtures/fabric-model/hotspot/radix<k>-<cc>-<load>.json (the simulator's
 * per-flow means and half-widths, the classes, the scenario params) — the report section reads it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { execSync } from 'node:child_process';
import { fabricModelNetwork, foldedClosTopology, RandomStreams, solveFabric, type FabricScenarioParams, type FabricTopologySpec } from '../../src/index.js';
import { replicate } from './replicate.js';
import { forwardingIsComputed } from './networks.js';
import { summarizePoint } from './summarize.js';

const get = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const radix = Number(get('radix', '12'));
const replications = Number(get('replications', '5'));
const loads = get('loads', '0.3,0.6').split(',').map(Number);
const ccs = get('cc', 'off,on').split(',') as ('off' | 'on')[];
/** Measured window and warm-up, s: about 10,000 packet times of a 16 Gb/s link after 5000 (IB CC's timer is 153.6 µs: the warm-up spans 32 of them). */
const UNTIL_S = Number(get('until-ms', '10')) * 1e-3;
const WARMUP_S = Number(get('warmup-ms', '5')) * 1e-3;
const out = get('out', 'test/fixtures/fabric-model/hotspot');
const LINK_GBPS = 16;
const MTU = 2048;
const HOTSPOTS = 8;

export type FlowClass = 'hotspot' | 'victim' | 'other';

/** The scenario params and flow classes of one case. */
export function hotspotCase(k: number, load: number, cc: 'on' | 'off'): { params: FabricScenarioParams; classes: Record<string, FlowClass> } {
  const topology = foldedClosTopology(k, { rateGbps: LINK_GBPS, delayNs: 10 });
  const hosts = topology.hosts.map((h) => h.name);
  const H = hosts.length;
  const rnd = new RandomStreams(7).stream('hotspot:roles');
  const order = hosts.map((_, i) => i);
  for (let i = H - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const nC = Math.round(0.8 * H);
  const contributors = order.slice(0, nC);
  const victims = order.slice(nC);
  const pick = hosts.map((_, i) => i);
  for (let i = H - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    [pick[i], pick[j]] = [pick[j]!, pick[i]!];
  }
  const hotspots = pick.slice(0, HOTSPOTS);
  const isHot = new Set(hotspots);
  const rate = (load * LINK_GBPS * 1e9) / (MTU * 8);
  const rc = cc === 'on' ? { rateControl: { kind: 'ibcc' as const } } : {};
  const flows: Record<string, unknown>[] = [];
  const classes: Record<string, FlowClass> = {};
  contributors.forEach((h, i) => {
    let t = hotspots[i % HOTSPOTS]!;
    if (t === h) t = hotspots[(i + 1) % HOTSPOTS]!; // the study's rule: its own hotspot → the next subset's
    flows.push({ name: hosts[h]!, source: hosts[h]!, destination: hosts[t]!, traffic: { kind: 'poisson', rate }, packetBytes: MTU, sendQueuePackets: 16, ...rc });
    classes[hosts[h]!] = 'hotspot';
  });
  victims.forEach((h) => {
    const targets = hosts.map((_, i) => i).filter((i) => i !== h && !isHot.has(i));
    const t = targets[Math.floor(rnd.next() * targets.length)]!;
    flows.push({ name: hosts[h]!, source: hosts[h]!, destination: hosts[t]!, traffic: { kind: 'poisson', rate }, packetBytes: MTU, ...rc });
  });
  const params = {
    topology,
    vls: 1,
    mtu: MTU,
    bufferBytes: 8192,
    switchLatencyNs: 100,
    inputQueueing: 'voq',
    hostInjectionGbps: 13.5,
    ...(cc === 'on' ? { marking: { kind: 'ibcc', threshold: 15, victimMaskOnHostPorts: true } } : {}),
    flows,
  } as unknown as FabricScenarioParams;
  // Classes of the V flows by their paths (the model's resolution of the forwarding tables, the simulator's routes).
  const net = fabricModelNetwork(params);
  const hotLinks = new Set<number>();
  net.flows.forEach((f) => {
    if (classes[f.name] === 'hotspot') for (const g of f.path) hotLinks.add(g);
  });
  for (const f of net.flows) if (classes[f.name] === undefined) classes[f.name] = f.path.slice(1).some((g) => hotLinks.has(g)) ? 'victim' : 'other';
  return { params, classes };
}


/** The params as written to the fixture: the topology's forwarding left out when it is what the simulator computes (D-mod-k here). */
function withoutComputedForwarding(params: FabricScenarioParams): FabricScenarioParams {
  const topology = params.topology as FabricTopologySpec & { forwarding?: unknown };
  if (topology.forwarding === undefined || !forwardingIsComputed(topology)) return params;
  const { forwarding: _f, ...rest } = topology;
  return { ...params, topology: rest as FabricTopologySpec };
}

/** Per class: sim and model medians (throughput Gb/s, latency µs), signed median errors (%), and the model's flags with their counts. */
export interface ClassSummary {
  readonly cls: FlowClass;
  readonly flows: number;
  readonly simThroughput: number;
  readonly modelThroughput: number;
  readonly throughputError: number;
  readonly simLatency: number;
  readonly modelLatency: number;
  readonly latencyError: number;
  readonly flags: Readonly<Record<string, number>>;
  /** Flows the simulator shows hurt (delivered under 95 % of offered, or latency over twice the class-`other` median), and how many of them the model flags `congestion-tree` or `saturated`; flows it flags that are not hurt. */
  readonly hurt: number;
  readonly hurtFlagged: number;
  readonly flaggedNotHurt: number;
}

/** The summary of one case from its simulator summary (flow → [thr, hw, lat, hw, …]) and the model's flows. */
export function summarizeClasses(
  classes: Readonly<Record<string, FlowClass>>,
  sim: Readonly<Record<string, readonly number[]>>,
  model: readonly { readonly name: string; readonly throughput: number; readonly latency: number; readonly flags: readonly string[] }[],
): ClassSummary[] {
  const byName = new Map(model.map((f) => [f.name, f]));
  return (['hotspot', 'victim', 'other'] as const).flatMap((cls) => {
    const names = Object.keys(classes).filter((n) => classes[n] === cls);
    if (names.length === 0) return [];
    const flags: Record<string, number> = {};
    for (const n of names) for (const g of byName.get(n)!.flags) flags[g] = (flags[g] ?? 0) + 1;
    const err = (m: number, s: number) => (100 * (m - s)) / s;
    const others = Object.keys(classes).filter((n) => classes[n] === 'other');
    const calm = others.length > 0 ? median(others.map((n) => sim[n]![2]!)) : Infinity;
    const isHurt = (n: string) => sim[n]![4]! < 0.95 || sim[n]![2]! > 2 * calm;
    const isFlagged = (n: string) => byName.get(n)!.flags.some((g) => g === 'congestion-tree' || g === 'saturated');
    return [
      {
        cls,
        flows: names.length,
        simThroughput: median(names.map((n) => sim[n]![0]!)),
        modelThroughput: median(names.map((n) => byName.get(n)!.throughput)),
        throughputError: median(names.map((n) => err(byName.get(n)!.throughput, sim[n]![0]!))),
        simLatency: median(names.map((n) => sim[n]![2]!)),
        modelLatency: median(names.map((n) => byName.get(n)!.latency)),
        latencyError: median(names.map((n) => err(byName.get(n)!.latency, sim[n]![2]!))),
        flags,
        hurt: names.filter(isHurt).length,
        hurtFlagged: names.filter((n) => isHurt(n) && isFlagged(n)).length,
        flaggedNotHurt: names.filter((n) => !isHurt(n) && isFlagged(n)).length,
      },
    ];
  });
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

if (process.argv[1]?.endsWith('hotspot.ts')) {
  mkdirSync(out, { recursive: true });
  const commit = execSync('git rev-parse --short HEAD').toString().trim();
  console.log(`radix ${radix} (${(radix * radix) / 2} hosts); a case whose fixture exists is read, not rerun (else ${replications} replications of ${UNTIL_S * 1e3} ms after ${WARMUP_S * 1e3} ms)`);
  console.log('| CC | load | class | flows | throughput Gb/s sim / model (median error) | latency µs sim / model (median error) | model flags (flows) | hurt in sim: flagged / all; flagged not hurt |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const cc of ccs) {
    for (const load of loads) {
      const { params, classes } = hotspotCase(radix, load, cc);
      const file = join(out, `radix${radix}-cc${cc}-${load}.json`);
      if (!existsSync(file)) {
        const records = [];
        for (let r = 0; r < replications; r++) records.push(replicate(params, 1, r, UNTIL_S, WARMUP_S));
        const sim = summarizePoint(records, 1, false);
        const body = { commit, radix, cc, load, untilS: UNTIL_S, warmupS: WARMUP_S, replications, classes, flows: sim.flows, cost: sim.cost, params: withoutComputedForwarding(params) };
        writeFileSync(`${file}.tmp`, JSON.stringify(body));
        renameSync(`${file}.tmp`, file);
      }
      if (process.argv.includes('--write-params')) {
        const body = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        writeFileSync(`${file}.tmp`, JSON.stringify({ ...body, params: withoutComputedForwarding(params) }));
        renameSync(`${file}.tmp`, file);
      }
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { flows: Record<string, number[]>; cost: { cpuMsPerReplication: number[] }; untilS: number; warmupS: number; replications: number };
      const t0 = performance.now();
      const model = solveFabric(fabricModelNetwork(params));
      const ms = performance.now() - t0;
      for (const c of summarizeClasses(classes, stored.flows, model.flows)) {
        const fl = Object.entries(c.flags).map(([g, k]) => `${g} ${k}`).join(', ') || '—';
        const g = (x: number) => Number(x.toPrecision(3));
        console.log(`| ${cc} | ${load} | ${c.cls} | ${c.flows} | ${g(c.simThroughput)} / ${g(c.modelThroughput)} (${c.throughputError.toFixed(0)} %) | ${g(c.simLatency)} / ${g(c.modelLatency)} (${c.latencyError.toFixed(0)} %) | ${fl} | ${c.hurtFlagged} / ${c.hurt}; ${c.flaggedNotHurt} |`);
      }
      console.log(`|   |   | run | | ${stored.replications} replications of ${stored.untilS * 1e3} ms after ${stored.warmupS * 1e3} ms; sim ${stored.cost.cpuMsPerReplication.map((x) => Math.round(x)).join('/')} ms CPU per replication (mean/min/max) | model ${Math.round(ms)} ms wall, ${model.diagnostics.iterations} iterations, converged ${model.diagnostics.converged} | |`);
    }
  }
}
