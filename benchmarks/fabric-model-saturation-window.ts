/**
 * Issue 31: does the reference's saturation rule (make.ts: one replication of seed 2, 2,000 packets
 * per sending host in the window; saturated when delivered/offered < 0.99 over all flows or < 0.95
 * for some flow) measure saturation, or the window and the flow count? At each load, one replication
 * of seed 2 (the bisection's) per window of 2,000, 4,000 and 8,000 packets per sending host (warm-up a
 * quarter of the window): the aggregate ratio, the least flow's ratio, and the flows' deficits
 * (offered − delivered in the window, packets: mean over flows, the largest, and the aggregate per
 * sending host). An unsaturated load's deficit stays bounded as the window grows (a stationary
 * backlog); a saturated load's grows in proportion to the window.
 *
 *   nice -n 19 npx tsx benchmarks/fabric-model-saturation-window.ts [--cases a,b] [--windows 2000,4000,8000] [--work /tmp/fabric-model-satwin]
 *
 * Every run is stored in the work folder as it ends (resumable); prints a markdown table, one row per
 * case and load, the windows' figures side by side, and the verdicts of the one-window rule (per window)
 * and of the growth rule (saturationRule.ts: the first window against the last).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { caseParams, hostPacketRate, network, type Pattern, type SlConfig } from './fabric-model-reference/networks.js';
import { replicate, type ReplicationRecord } from './fabric-model-reference/replicate.js';
import { saturatedGrowing, saturatedOneWindow } from './fabric-model-reference/saturationRule.js';

/** Case → loads measured: around the reference's saturation load up to the link rate. */
const CASES: Record<string, readonly number[]> = {
  '4ary2tree-bitcomp-2sl': [0.94, 0.96, 0.98, 0.99, 0.999],
  '4ary3tree-bitcomp-2sl': [0.94, 0.96, 0.98, 0.99, 0.999],
  '8ary2tree-bitcomp-2sl': [0.94, 0.96, 0.98, 0.99, 0.999],
  '4ary2tree-transpose-2sl': [0.31, 0.33, 0.34, 0.36], // link-limited at exactly 1/3 (three flows share a host-bound link)
  '4ary3tree-uniform-2sl': [0.46, 0.49, 0.52, 0.55],
  '8ary3tree-bitcomp-2sl': [0.94], // the higher loads: the bisection's steps under the growth rule (base and long window) in its fixture
};
const SEED = 2; // the bisection's
const WARMUP_FRACTION = 0.25;

const argv = process.argv.slice(2);
const get = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const cases = get('cases')?.split(',') ?? Object.keys(CASES);
const windows = (get('windows') ?? '2000,4000,8000').split(',').map(Number);
const work = get('work') ?? '/tmp/fabric-model-satwin';

function run(name: string, load: number, packets: number): ReplicationRecord {
  const file = join(work, name, `load-${load.toFixed(4)}-w${packets}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ReplicationRecord;
  const [net, pattern, sl] = name.split('-') as [string, Pattern, SlConfig];
  const params = caseParams(network(net), pattern, sl, load);
  const untilS = packets / hostPacketRate(load, network(net).rateGbps);
  const rec = replicate(params, SEED, 0, untilS, WARMUP_FRACTION * untilS);
  mkdirSync(join(work, name), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify({ ...rec, ports: {}, buffers: {} }));
  renameSync(`${file}.tmp`, file);
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${name} load ${load} window ${packets}: ${Math.round(rec.cpuMs)} ms CPU\n`);
  return rec;
}

/** The window's figures of one run. */
function figures(r: ReplicationRecord, senders: number) {
  let delivered = 0;
  let offered = 0;
  let minFlowRatio = Infinity;
  let maxDeficit = -Infinity;
  const deficits: number[] = [];
  for (const f of Object.values(r.flows)) {
    delivered += f[2];
    offered += f[3];
    if (f[3] > 0) minFlowRatio = Math.min(minFlowRatio, f[2] / f[3]);
    deficits.push(f[3] - f[2]);
    maxDeficit = Math.max(maxDeficit, f[3] - f[2]);
  }
  const flows = deficits.length;
  return { ratio: delivered / offered, minFlowRatio, meanDeficit: (offered - delivered) / flows, maxDeficit, perHostDeficit: (offered - delivered) / senders, flows };
}

const f4 = (x: number) => x.toFixed(4);
const f1 = (x: number) => x.toFixed(1);
const w = windows.join(' / ');
console.log(`| case | load | aggregate ratio (window ${w} packets per host) | least flow's ratio | deficit per flow, mean (packets) | largest flow deficit | saturated by the one-window rule | by the growth rule (${windows[0]} → ${windows[windows.length - 1]}) |`);
console.log('|---|---|---|---|---|---|---|---|');
const out: Record<string, unknown>[] = [];
for (const name of cases) {
  const [net, pattern, sl] = name.split('-') as [string, Pattern, SlConfig];
  const senders = new Set(caseParams(network(net), pattern, sl, 0.5).flows.map((f) => f.source)).size;
  for (const load of CASES[name]!) {
    const g = windows.map((packets) => figures(run(name, load, packets), senders));
    const oneWindow = g.map((x) => (saturatedOneWindow(x) ? 'yes' : 'no'));
    const growing = saturatedGrowing(g[0]!, g[g.length - 1]!);
    windows.forEach((packets, i) => out.push({ case: name, load, window: packets, ...g[i]!, saturatedOneWindow: oneWindow[i] === 'yes' }));
    const col = (f: (x: (typeof g)[number]) => string) => g.map(f).join(' / ');
    console.log(`| ${name} | ${load} | ${col((x) => f4(x.ratio))} | ${col((x) => f4(x.minFlowRatio))} | ${col((x) => f1(x.meanDeficit))} | ${col((x) => String(x.maxDeficit))} | ${oneWindow.join(' / ')} | ${growing ? 'yes' : 'no'} |`);
  }
}
writeFileSync(join(work, 'table.json'), JSON.stringify(out));
