/**
 * Measurement 136 (docs/fabric-model.md): the paper checks the same-instant fix (crossbar.ts
 * `choose`, events.ts EV_CHOOSE) moves, on this tree's simulator or another tree's (a directory
 * holding its src/, e.g. /work/main/src for the former order):
 * - thesis Fig. 3.1 without rate control (test/sim/fabric/fabric.test.ts, "virtual lanes isolate
 *   flows"): local, remote and own-VL victim Gb/s, victim at 0.6 and 1.0 of the link, FIFO and VoQ
 *   input buffers (test/sim/fabric/sameInstantFairness.test.ts's set-up);
 * - `congestion-spreading` under PIPD and PIPD + FIMD (test/sim/fabric/congestionSpreading.test.ts:
 *   20 × 50 ms, seed 3): the class rates, high ÷ low at A and B, r1 PIPD ÷ FIMD at A and B;
 * - thesisCarriedLoad.test.ts's Bc (PIPD, seed 1, 4 × 50 ms, warm-up 5 ms) ÷ Table 3.2's 0.2733 Gb/s.
 *
 *   npx tsx benchmarks/sim-starvation-checks.ts [/path/to/other/src]
 *
 * Deterministic for a tree; a few seconds.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(process.argv[2] ?? new URL('../src', import.meta.url).pathname);
const net = await import(pathToFileURL(`${root}/network/index.ts`).href);
const fab = await import(pathToFileURL(`${root}/sim/fabric/index.ts`).href);
const sim = await import(pathToFileURL(`${root}/sim/index.ts`).href);
await import(pathToFileURL(`${root}/studies/index.ts`).href);
console.log(`tree ${root}`);

type Interval = { mean: number; halfWidth: number };
const R = 2.5e9 / 8 / 2048;
for (const victimRate of [0.6, 1.0]) {
  for (const inputQueueing of ['fifo', 'voq']) {
    const fabric = fab.buildFabric({
      topology: net.twoSwitchTopology(),
      vls: 3,
      bufferBytes: 4 * 2048,
      inputQueueing,
      arbitration: { high: [], low: [0, 1, 2].map((vl: number) => ({ vl, weight: 32 })), limitOfHighPriority: 255 },
      flows: [
        { name: 'local', source: 'B1', destination: 'Bc', sl: 1 },
        { name: 'remote', source: 'A1', destination: 'Bc', sl: 0 },
        { name: 'victim', source: 'Av', destination: 'Bv', sl: 2, traffic: { kind: 'poisson', rate: victimRate * R }, sendQueuePackets: 64 },
      ],
      seed: 1,
    });
    fabric.run(0.02, 0.002);
    const flows = fabric.measurements().flows as readonly { name: string; throughputGbps: number }[];
    console.log(`Fig. 3.1 ${inputQueueing} victim ${victimRate} R: ${flows.map((f) => `${f.name} ${f.throughputGbps.toFixed(3)}`).join('  ')} Gb/s`);
  }
}

const run = (params: Record<string, unknown>, seed: number, replications: number, warmup: number) =>
  sim.simulate({ scenario: 'congestion-spreading', params }, { seed, replications, until: 0.05, warmup }).metrics as {
    classRate: Record<string, Interval>;
    throughput: Record<string, Interval>;
    markedFraction: Record<string, Interval>;
  };
const pipd = run({ rateControl: 'pipd' }, 3, 20, 0.002);
const mixed = run({ rateControl: 'pipd', rateControlLow: 'fimd' }, 3, 20, 0.002);
for (const [name, m] of [['PIPD', pipd], ['PIPD+FIMD', mixed]] as const) {
  const rates = Object.entries(m.classRate).map(([k, v]) => `${k} ${v.mean.toFixed(0)} ± ${v.halfWidth.toFixed(0)}`);
  const marks = Object.entries(m.markedFraction).map(([k, v]) => `${k} ${v.mean.toFixed(3)}`);
  console.log(`${name}: ${rates.join('  ')} (64-byte blocks/s); marked ${marks.join('  ')}`);
}
const c = pipd.classRate;
const d = mixed.classRate;
const q = (a: number, b: number): string => (a / b).toFixed(3);
console.log(`PIPD high ÷ low: A ${q(c.remoteHigh!.mean, c.remoteLow!.mean)}, B ${q(c.localHigh!.mean, c.localLow!.mean)} (thesis Table 3.2: 3.17, 3.40; text "almost two")`);
console.log(`r1 PIPD ÷ FIMD: A ${q(c.remoteLow!.mean, d.remoteLow!.mean)}, B ${q(c.localLow!.mean, d.localLow!.mean)} (thesis: 2.55, 3.79)`);
const bc = run({ rateControl: 'pipd' }, 1, 4, 0.005).throughput;
const carried = bc.local!.mean + bc.remote!.mean;
console.log(`Bc carries ${carried.toFixed(3)} Gb/s (local ${bc.local!.mean.toFixed(3)}, remote ${bc.remote!.mean.toFixed(3)}) = ${(carried / 0.27326).toFixed(2)} × Table 3.2's 0.2733`);
