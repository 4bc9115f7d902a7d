/**
 * H43blk (issue 31, entry 355): what the simulator's bottleneck is near a case's saturation. Runs a fixture case with every
 * flow's Poisson rate scaled to `--load L` (per host, a fraction of the link; the fixture point LABEL's rate × L / its load)
 * and prints, per switch output port, its utilization, credit-stall fraction and packets, and per input buffer its mean
 * and largest occupancy (packets), the largest first; `--buffers A/v,B/v` prints those buffers' mean occupancy as well.
 * `--ports A,B` (H43cap, entry 357) prints those output ports' utilization and credit-stall fraction.
 *
 *     nice -n 19 npx tsx benchmarks/sim-port-load.ts torus8x8-bitcomp-1sl 90% --load 0.49 [--seed S] [--packets N]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFabric, RandomStreams } from '../src/index.js';
import { simCaseParams } from './sim-case-params.js';
import { aidArgs } from './aid-args.js';

const { name, label, packets, seed, opt, ports: pickedPorts } = aidArgs(process.argv.slice(2), 'sim-port-load.ts CASE LABEL [--load L] [--buffers A/v,B/v] [--ports A,B] [--seed S] [--packets N]', { packets: 10000 });
const { params, pps } = simCaseParams(name, label);
const c = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model', `${name}.json`), 'utf8'));
const pt = c.points.find((p: { label: string }) => p.label === label);
const scale = Number(opt('--load', String(pt.load))) / pt.load;
const flows = params.flows.map((f: { traffic: { rate: number } }) => ({ ...f, traffic: { ...f.traffic, rate: f.traffic.rate * scale } }));
const until = packets / (pps * scale);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const f = buildFabric({ ...params, flows, streams: new RandomStreams(seed), replication: 0 }) as any;
f.run(until / 5, until / 5);
f.run(until / 5 + until, until / 5);
const m = f.measurements();
const ports = m.ports.filter((p: { name: string; packets: number }) => p.packets > 0 && p.name.startsWith('s'))
  .map((p: { name: string; utilization: number; creditStallTime: number; packets: number }) => [p.name, p.utilization, p.creditStallTime / m.duration, p.packets])
  .sort((a: number[], b: number[]) => (b[1] as number) - (a[1] as number));
console.log('load', (pt.load * scale).toFixed(4), 'seed', seed);
// `--ports A,B` (H43cap, entry 357): those output ports' utilization and credit-stall fraction as well.
if (pickedPorts.length > 0) console.log('picked ports (utilization, credit stall):', ports.filter((r: (string | number)[]) => pickedPorts.includes(r[0] as string)).map((r: (string | number)[]) => `${r[0]} ${(r[1] as number).toFixed(3)} ${(r[2] as number).toFixed(3)}`).join(' | '));
console.log('ports (utilization, credit stall, packets):', ports.slice(0, 12).map((r: (string | number)[]) => `${r[0]} ${(r[1] as number).toFixed(3)} ${(r[2] as number).toFixed(3)} ${r[3]}`).join(' | '));
const bufs = [...m.buffers].sort((a: { meanOccupancy: number }, b: { meanOccupancy: number }) => b.meanOccupancy - a.meanOccupancy);
const pick = opt('--buffers', '').split(',').filter((b) => b !== '');
if (pick.length > 0) console.log('picked buffers (mean occupancy):', bufs.filter((b: { name: string; vl: number }) => pick.includes(`${b.name}/${b.vl}`)).map((b: { name: string; vl: number; meanOccupancy: number }) => `${b.name}/${b.vl} ${b.meanOccupancy.toFixed(3)}`).join(' | '));
console.log('buffers (mean / max occupancy, packets):', bufs.slice(0, 12).map((b: { name: string; vl: number; meanOccupancy: number; maxOccupancy: number }) => `${b.name}/${b.vl} ${b.meanOccupancy.toFixed(1)}/${b.maxOccupancy}`).join(' | '));
