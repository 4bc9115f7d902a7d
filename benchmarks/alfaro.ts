/**
 * Alfaro et al.'s Table 2 side by side (run: npm run bench:alfaro). Prints figures; passes or fails
 * nothing. Seed alfaro-packet-size-qos-arbitration-tables.txt, §4: random irregular networks of 16
 * 8-port switches (4 hosts each), up*\/down* routing, 2.5 Gb/s links, 20 % kept for best effort,
 * the 10 SLs of its Table 1, for payloads of 256, 1024, 2048 and 4096 bytes; the mean over
 * `ALFARO_SEEDS` networks (default 5; network k is seed k, the same network for every size).
 *
 * The seed's utilisation and reservation rows are set beside ours *with the headers* (what the
 * broker holds against the 80 % cap): the reading its own Table 2 supports (docs/alfaro.md, "What the
 * seed's utilisation counts"); the payload utilisation follows, without a paper value.
 *
 * Environment: ALFARO_SEEDS (5), ALFARO_SWITCHES (16), ALFARO_ATTEMPTS (1000: refusals in a row
 * that close an SL), ALFARO_ATTEMPTS_RULE (in-a-row, or per-sl: ALFARO_ATTEMPTS requests per SL),
 * ALFARO_HEADER_BYTES (26), ALFARO_ROUTING (up-down), ALFARO_SIZES (256,1024,2048,4096).
 * ALFARO_SL_ORDER (in-turn, random or one-by-one). ALFARO_CARRY_MS (0): when > 0, network 1 of each size is also carried by the fabric for that
 * many simulated milliseconds (after a fifth of it as warm-up): per-SL deadline shares and the worst
 * delay over the deadline are printed, and ALFARO_PLOTS (a file name) receives the Fig. 3/4-style SVG.
 * ALFARO_WARMUP_FRACTION (0.2): the warm-up as a fraction of ALFARO_CARRY_MS. The carried switch:
 * ALFARO_OUTPUT_BUFFERS (on), ALFARO_INPUT_QUEUEING (fifo), ALFARO_CROSSBAR_SPEEDUP (2), ALFARO_HOST_QUEUEING
 * (vl-fifo) and ALFARO_PHASES (random) — docs/alfaro.md.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { admitAlfaroWorkload, alfaroFiguresSvg, carryAlfaroConnections, irregularTopology, RandomStreams, type AlfaroCarriedFigures } from '../src/index.js';
import { machineLine } from './harness.js';

/** The seed's Table 2 (decimal commas read as points). */
const PAPER: Record<number, { connections: number; host: number; sw: number; hostMbps: number; swMbps: number }> = {
  256: { connections: 111813, host: 72.58, sw: 73.48, hostMbps: 1848.67, swMbps: 1871.75 },
  1024: { connections: 113233, host: 74.32, sw: 75.5, hostMbps: 1867.8, swMbps: 1897.58 },
  2048: { connections: 115779, host: 75.07, sw: 75.04, hostMbps: 1882.44, swMbps: 1881.69 },
  4096: { connections: 118938, host: 76.07, sw: 75.13, hostMbps: 1905.32, swMbps: 1881.63 },
};

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const seeds = Number(env('ALFARO_SEEDS', '5'));
const switches = Number(env('ALFARO_SWITCHES', '16'));
const attempts = Number(env('ALFARO_ATTEMPTS', '1000'));
const headerBytes = Number(env('ALFARO_HEADER_BYTES', '26'));
const routing = env('ALFARO_ROUTING', 'up-down') as 'up-down' | 'shortest';
const slOrder = env('ALFARO_SL_ORDER', 'in-turn') as 'in-turn' | 'random' | 'one-by-one';
const attemptsRule = env('ALFARO_ATTEMPTS_RULE', 'in-a-row') as 'in-a-row' | 'per-sl';
const sizes = env('ALFARO_SIZES', '256,1024,2048,4096').split(',').map(Number);
const carryMs = Number(env('ALFARO_CARRY_MS', '0'));
const warmupFraction = Number(env('ALFARO_WARMUP_FRACTION', '0.2'));
const outputBuffers = env('ALFARO_OUTPUT_BUFFERS', 'on') === 'on';
const inputQueueing = env('ALFARO_INPUT_QUEUEING', 'fifo') as 'fifo' | 'voq';
const crossbarSpeedup = Number(env('ALFARO_CROSSBAR_SPEEDUP', '2'));
const hostQueueing = env('ALFARO_HOST_QUEUEING', 'vl-fifo') as 'vl-fifo' | 'flow-round-robin';
const phases = env('ALFARO_PHASES', 'random') as 'random' | 'aligned';
const figures: AlfaroCarriedFigures[] = [];

console.log(`${machineLine()}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log(`Alfaro et al. Table 2: ${switches} switches, ${seeds} networks, attempts ${attempts} ${attemptsRule === 'per-sl' ? 'requests per SL' : 'refusals in a row per SL'}, ${headerBytes} header bytes, ${routing} routing, SLs ${slOrder}`);
console.log('utilisation and reservation with the headers (the paper\'s in brackets); payload utilisation after them; CPU seconds per admission run');
console.log('size  | connections (paper) | host util % (paper) | switch util % (paper) | host Mb/s (paper) | switch Mb/s (paper) | payload % host / switch | CPU s per run');
for (const size of sizes) {
  const sum = { connections: 0, host: 0, sw: 0, hostMbps: 0, swMbps: 0, payloadHost: 0, payloadSw: 0, seconds: 0 };
  const perSl = new Array<number>(10).fill(0);
  for (let seed = 1; seed <= seeds; seed++) {
    const streams = new RandomStreams(seed);
    const topology = irregularTopology({ switches, routing }, streams.stream('alfaro/topology'));
    const start = process.cpuUsage();
    const a = admitAlfaroWorkload({ topology, packetBytes: size, attempts, attemptsRule, headerBytes, slOrder, rng: streams.stream('alfaro/requests') });
    const cpu = process.cpuUsage(start);
    sum.seconds += (cpu.user + cpu.system) / 1e6;
    sum.connections += a.connections.length;
    sum.host += a.hostWireUtilization * 100;
    sum.sw += a.switchWireUtilization * 100;
    sum.hostMbps += a.hostWireReservationMbps;
    sum.swMbps += a.switchWireReservationMbps;
    sum.payloadHost += a.hostUtilization * 100;
    sum.payloadSw += a.switchUtilization * 100;
    a.connectionsPerSl.forEach((n, k) => (perSl[k]! += n / seeds));
    if (seed === 1 && carryMs > 0) {
      const t0 = process.hrtime.bigint();
      const switchModel = { outputBuffers, inputQueueing, hostQueueing, phases, ...(outputBuffers ? { crossbarSpeedup } : {}) };
      const r = carryAlfaroConnections(a, { until: carryMs * 1e-3, warmup: carryMs * 1e-3 * warmupFraction, streams, replication: 0, ...switchModel });
      const m = r.metrics as Record<string, Record<string, number>>;
      const fmt = (x: Record<string, number>) => Object.values(x).map((v) => (100 * v).toFixed(1)).join(' ');
      console.log(`      carried ${carryMs} ms (network 1, ${((Number(process.hrtime.bigint() - t0)) / 1e9).toFixed(0)} s): injected ${(m.injectedTraffic as unknown as number).toFixed(4)}, delivered ${(m.deliveredTraffic as unknown as number).toFixed(4)} of the link rate per host`);
      console.log(`      packets per SL: ${Object.values(m.packetsDelivered!).join(' ')}`);
      console.log(`      % within D: ${fmt(m.withinDeadline!)} | D/10: ${fmt(m.withinDeadline10!)} | D/100: ${fmt(m.withinDeadline100!)}`);
      console.log(`      worst delay / D per SL: ${Object.values(m.worstDelayOverDeadline!).map((v) => v.toFixed(3)).join(' ')}`);
      if (r.worstHostReadyWaitOverBound !== null) console.log(`      worst ready-head wait / B(d) per SL, host interfaces: ${Object.values(r.worstHostReadyWaitOverBound).map((v) => v.toFixed(3)).join(' ')}`);
      if (r.worstReadyWaitOverBound !== null) console.log(`      worst ready-head wait / B(d) per SL, switch output ports: ${Object.values(r.worstReadyWaitOverBound).map((v) => v.toFixed(3)).join(' ')}`);
      console.log(`      switch: ${JSON.stringify(switchModel)}`);
      figures.push({ packetBytes: size, ...(m as unknown as Omit<AlfaroCarriedFigures, 'packetBytes'>) });
    }
  }
  const p = PAPER[size];
  const cell = (ours: number, paper: number | undefined, digits: number) => `${(ours / seeds).toFixed(digits)} (${paper === undefined ? '-' : paper.toFixed(digits)})`;
  console.log(
    `${String(size).padEnd(5)} | ${cell(sum.connections, p?.connections, 0).padEnd(19)} | ${cell(sum.host, p?.host, 2).padEnd(19)} | ${cell(sum.sw, p?.sw, 2).padEnd(21)} | ` +
      `${cell(sum.hostMbps, p?.hostMbps, 1).padEnd(17)} | ${cell(sum.swMbps, p?.swMbps, 1).padEnd(19)} | ${`${(sum.payloadHost / seeds).toFixed(2)} / ${(sum.payloadSw / seeds).toFixed(2)}`.padEnd(23)} | ${(sum.seconds / seeds).toFixed(1)}`,
  );
  console.log(`      connections per SL 0-9: ${perSl.map((n) => n.toFixed(0)).join(' ')}`);
}
if (figures.length > 0 && process.env.ALFARO_PLOTS) {
  writeFileSync(process.env.ALFARO_PLOTS, alfaroFiguresSvg(figures));
  console.log(`plots written to ${process.env.ALFARO_PLOTS}`);
}
