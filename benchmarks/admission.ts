/**
 * Admission control (run: npm run bench:admission). Prints figures; passes or fails nothing.
 *
 * 1. Speed: admissions per second of BandwidthBroker on the 648-node three-stage fat-tree
 *    (36-port switches, 20 Gb/s links) with random host pairs, random spines and the seed's SL mix,
 *    in steady state (a random admitted connection is released whenever `population` are active),
 *    with the arbitration tables filled in and without them. Target (issue 4): > 100,000 per second.
 * 2. The seed's workload replayed (alfaro-packet-size-qos-arbitration-tables.txt §4): random
 *    irregular networks of 16 8-port switches (64 hosts), 2.5 Gb/s links, 16 VLs, 20 % kept for
 *    best effort, the 10 SLs of its Table 1; requests cycle through the SLs with random host pairs
 *    until `attempts` have been made; connections established and utilisation (reserved bandwidth
 *    over link bandwidth) of host interfaces and switch ports, beside the seed's ~75 %.
 */
import { BandwidthBroker, type AdmissionRequest } from '../src/index.js';
import { fatTree648, irregularNetwork, SEED_SLS, seedBandwidth, seededStream, type Network } from './admission-workloads.js';
import { gc, machineLine } from './harness.js';

function speed(tables: boolean, population: number, seconds: number): void {
  const net = fatTree648(20000);
  const rng = seededStream(7);
  const pool = 1 << 16;
  const paths: string[][] = [];
  const sls: number[] = [];
  const bws: string[] = [];
  for (let k = 0; k < pool; k++) {
    const s = Math.floor(rng.next() * net.hosts);
    let d = Math.floor(rng.next() * (net.hosts - 1));
    if (d >= s) d++;
    paths.push(net.route(s, d, Math.floor(rng.next() * 18)));
    const sl = Math.floor(rng.next() * 10);
    sls.push(sl);
    bws.push(seedBandwidth(sl, rng));
  }
  const broker = new BandwidthBroker({ ...net.topology, arbitration: { enabled: tables } });
  const active: number[] = [];
  let id = 0;
  let admitted = 0;
  let admits = 0;
  let releases = 0;
  const step = () => {
    if (active.length >= population) {
      const k = Math.floor(rng.next() * active.length);
      broker.release(active[k]!);
      active[k] = active[active.length - 1]!;
      active.pop();
      releases++;
    }
    const j = id & (pool - 1);
    const request: AdmissionRequest = { id, path: paths[j]!, sl: sls[j]!, bandwidth: bws[j]!, distance: SEED_SLS[sls[j]!]!.distance };
    admits++;
    if (broker.admit(request).admitted) {
      active.push(id);
      admitted++;
    }
    id++;
  };
  // Fill to the steady state, then measure.
  while (active.length < population && id < 50 * population) step();
  gc?.();
  admits = releases = admitted = 0;
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  let elapsed = 0n;
  while (elapsed < budget) {
    for (let k = 0; k < 1000; k++) step();
    elapsed = process.hrtime.bigint() - start;
  }
  const secs = Number(elapsed) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const cpuSecs = (cpu.user + cpu.system) / 1e6;
  console.log(
    `fat-tree 648, tables ${tables ? 'on ' : 'off'}, population ${String(population).padStart(6)}: ` +
      `${(admits / secs).toExponential(3)} admissions/s wall, ${(admits / cpuSecs).toExponential(3)} per CPU-second ` +
      `(${((admitted / admits) * 100).toFixed(1)} % admitted; each with one release in steady state; ` +
      `${(1e6 * cpuSecs / admits).toFixed(2)} µs CPU per admission + release)`,
  );
}

function replay(net: Network, attempts: number, rngSeed: number): void {
  const rng = seededStream(rngSeed);
  const broker = new BandwidthBroker({ ...net.topology, bestEffortReserve: 0.2, arbitration: { mtu: 2048 } });
  const reasons: Record<string, number> = {};
  const perSl = new Array<number>(10).fill(0);
  let established = 0;
  const checkpoints = new Set([attempts / 10, attempts / 4, attempts / 2, attempts]);
  const t0 = process.hrtime.bigint();
  for (let k = 1; k <= attempts; k++) {
    const sl = (k - 1) % 10;
    const s = Math.floor(rng.next() * net.hosts);
    let d = Math.floor(rng.next() * (net.hosts - 1));
    if (d >= s) d++;
    const v = broker.admit({ id: k, path: net.route(s, d, 0), sl, bandwidth: seedBandwidth(sl, rng), distance: SEED_SLS[sl]!.distance });
    if (v.admitted) {
      established++;
      perSl[sl]!++;
    } else reasons[v.reason!] = (reasons[v.reason!] ?? 0) + 1;
    if (checkpoints.has(k)) {
      const links = new Map(broker.links().map((l) => [l.id, l]));
      const mean = (ids: readonly string[]) => ids.reduce((a, id) => a + links.get(id)!.utilization, 0) / ids.length;
      const reserved = (ids: readonly string[]) => ids.reduce((a, id) => a + links.get(id)!.load, 0) / ids.length;
      console.log(
        `  attempts ${String(k).padStart(8)}: established ${String(established).padStart(7)}, ` +
          `host interfaces ${(100 * mean(net.hostLinks)).toFixed(2)} % (${reserved(net.hostLinks).toFixed(1)} Mb/s), ` +
          `switch ports ${(100 * mean(net.switchLinks)).toFixed(2)} % (${reserved(net.switchLinks).toFixed(1)} Mb/s)`,
      );
    }
  }
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`  per SL established: ${perSl.join(' ')}; rejections: ${JSON.stringify(reasons)}; ${secs.toFixed(1)} s`);
}

console.log(machineLine());
console.log('');
for (const population of [10_000, 100_000]) {
  speed(true, population, 3);
  speed(false, population, 3);
}
console.log('');
const attempts = Number(process.env.REPLAY_ATTEMPTS ?? 4_000_000);
for (const seed of (process.env.REPLAY_NETWORKS ?? '1,2,3').split(',').map(Number).filter((n) => n > 0)) {
  const net = irregularNetwork(16, 2500, seededStream(100 + seed));
  console.log(`seed workload, irregular network ${seed} (16 switches, 64 hosts, ${net.switchLinks.length + net.hostLinks.length} links):`);
  replay(net, attempts, seed);
}
