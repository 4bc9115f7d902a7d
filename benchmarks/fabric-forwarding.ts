/**
 * Building the forwarding tables of large fat-trees (validateFabricTopology, which completes the
 * tables by destination-modulo routing into one Int32Array, src/network/routing/forwardingTables.ts):
 * k = 16 (1,024 hosts, 320 switches) and k = 32 (8,192 hosts, 1,280 switches, 10.5 million table
 * entries). Issue 23 measured minutes and 1.5 GB for k = 32 with a BFS per host over Maps and
 * `queue.shift()`, then 7–30 s and 1 GB with the tables held as null-prototype records keyed by
 * name; the target is under 5 s.
 *
 * Each case is built three times; the best wall and CPU time (process.cpuUsage, less inflated
 * than wall time on a shared machine) are printed, and what the validated topology holds (heap and
 * array buffers retained, after a collection). The peer, in the same process: the name-keyed view
 * `topology.forwarding`, built on first read from the array — the records the tables used to be
 * stored as — with its time and heap; the ratio view / build is the figure to compare across runs.
 *
 *   npm run bench:forwarding
 */
import { loadavg } from 'node:os';
import { fatTreeTopology, validateFabricTopology, type FabricTopology } from '../src/network/index.js';
import { gc, machineLine } from './harness.js';

/** Heap plus array buffers in use after a collection, bytes. */
function retained(): number {
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** Wall and CPU seconds of one call. */
function timed<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const value = fn();
  const cpu = process.cpuUsage(cpu0);
  return { value, wall: (performance.now() - wall0) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

console.log(machineLine());
console.log(`load average at start: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
for (const k of [16, 32]) {
  const spec = fatTreeTopology(k);
  let wall = Infinity;
  let cpu = Infinity;
  let topology: FabricTopology | undefined;
  const before = retained();
  for (let run = 0; run < 3; run++) {
    topology = undefined;
    gc?.();
    const t = timed(() => validateFabricTopology(spec));
    topology = t.value;
    wall = Math.min(wall, t.wall);
    cpu = Math.min(cpu, t.cpu);
  }
  const held = retained() - before;
  const entries = topology!.switches.length * topology!.hosts.length;
  console.log(
    `k = ${k}: ${spec.hosts.length} hosts, ${spec.switches.length} switches, ${entries} table entries: ` +
      `best ${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU (${((1e9 * cpu) / entries).toFixed(0)} ns CPU per entry); ` +
      `the validated topology holds ${mb(held)} MB (its table array ${mb(topology!.forwardingPorts.byteLength)} MB)`,
  );
  const view = timed(() => Object.keys(topology!.forwarding).length);
  const viewHeld = retained() - before - held;
  console.log(
    `  peer, the name-keyed view (the old storage): ${view.wall.toFixed(2)} s wall, ${view.cpu.toFixed(2)} s CPU, ${mb(viewHeld)} MB; ` +
      `view / build CPU ${(view.cpu / cpu).toFixed(1)}`,
  );
}
console.log(`load average at end: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
