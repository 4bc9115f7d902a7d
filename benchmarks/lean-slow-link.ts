/**
 * Review R44lean (session 27): does one slow link slow the lean engine down? The lean calendar's wheel
 * (leanCalendar.ts) spans two transmissions of the largest packet on the *slowest* link class of the
 * whole fabric in 4 buckets per host (leanFabric.ts's constructor), so one slow link anywhere — an SDR
 * host adapter in an EDR cluster, as imported clusters have — widens every bucket by the rates' ratio, and
 * a take scans its whole bucket. The case: the k = 16 fat-tree of the generator at 100 Gb/s (1,024 hosts),
 * a permutation of Poisson flows at 50 % load; with `slow` > 0 the first host link runs at `slow` Gb/s
 * (its flow at 50 % of that). Each case in its own child process: a 2 µs warm-up, then a 40 µs window
 * whose CPU time gives the packet-hops per CPU-second; both engines run the same simulation (same hops).
 *
 *     nice -n 10 npx tsx benchmarks/lean-slow-link.ts [rounds] [slow Gb/s]
 *
 * Prints figures only (never pass/fail); rounds alternate the engines' order.
 *
 * Measured (R44lean, 17:16–17:22 UTC, i44lean a22ac3d, load average 3.1–5.9, M packet-hops per CPU-second):
 * no slow link: lean 1.84–3.00, standard 0.76–1.09; one 2.5 Gb/s link: lean 1.00–1.03, standard 1.13–1.17 (2 rounds);
 * one 0.04 Gb/s link (inside the lean subset: an MTU in 410 µs < 500 µs): lean 0.02 (40.6 s of CPU), standard 0.92.
 * After the fix (lead, session 27: the wheel's span from the link class most ports have, leanBuild.ts `commonClass`;
 * 17:53 UTC, main, load 1.2–1.8, one round each): no slow link lean 2.25 / standard 0.99 (0.95); one 0.04 Gb/s link
 * lean 3.44, standard 1.21; one 2.5 Gb/s link lean 2.33, standard 1.51 — the same packet-hops in each pair.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildFabric, fatTreeTopology, type FabricOptions } from '../src/index.js';
import { buildLeanFabric } from '../src/sim/fabric/lean/index.js';
import { machineLine } from './harness.js';

/** One case in this process: prints "hops cpuSeconds". */
function child(slow: number, engine: string): void {
  const topology = fatTreeTopology(16, { rateGbps: 100 });
  const names = topology.hosts.map((h) => h.name);
  const links = topology.links.map((l, i) => (i === 0 && slow > 0 ? { ...l, rateGbps: slow } : l));
  const rate = (0.5 * 100e9) / 8 / 2048;
  const n = names.length;
  const flows = names.map((name, i) => {
    const d = (i * 37 + 11) % n;
    return { name, source: name, destination: names[d === i ? (i + 1) % n : d]!, traffic: { kind: 'poisson' as const, rate: i === 0 && slow > 0 ? (rate * slow) / 100 : rate } };
  });
  const options: FabricOptions = { topology: { ...topology, links }, seed: 1, flows };
  const fabric = engine === 'lean' ? buildLeanFabric(options) : buildFabric(options);
  fabric.run(2e-6);
  const t0 = process.cpuUsage();
  fabric.run(42e-6);
  const u = process.cpuUsage(t0);
  process.stdout.write(`${fabric.measurements().packetHops} ${(u.user + u.system) / 1e6}\n`);
}

if (process.argv[2] === '--child') child(Number(process.argv[3]), process.argv[4]!);
else {
  const rounds = Number(process.argv[2] ?? 2);
  const slow = Number(process.argv[3] ?? 2.5);
  console.log(machineLine());
  console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log('round  slow link (Gb/s)  engine     packet-hops  CPU s  M hops/CPU-s');
  for (let r = 0; r < rounds; r++) {
    const engines = r % 2 === 0 ? ['lean', 'standard'] : ['standard', 'lean'];
    for (const s of [0, slow]) {
      for (const engine of engines) {
        const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(s), engine], { encoding: 'utf8' });
        const [hops, cpu] = out.trim().split(' ').map(Number) as [number, number];
        console.log(`${String(r + 1).padStart(5)}  ${String(s === 0 ? 'none' : s).padStart(16)}  ${engine.padEnd(9)}  ${String(hops).padStart(11)}  ${cpu.toFixed(2).padStart(5)}  ${(hops / cpu / 1e6).toFixed(2).padStart(12)}`);
      }
    }
  }
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}
