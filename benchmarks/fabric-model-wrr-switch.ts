/**
 * The two-SL signature on one switch (issue 31, H35lat; docs/fabric-model.md measurement 157 and entries 170–174):
 * switch s with eight hosts, h0–h3 each sending SL 0 (VL 0) and SL 1 (VL 1) to each of h4–h7 (Poisson, one flow per
 * sender, receiver and SL, load/8 of the link each, so every link in and out runs at `load`), 2 KB packets, buffers of
 * four packets, cut-through, VLArb weights 32 : 96 (the fixtures' 1 : 3) or, with `--equal`, 32 : 32. The buffers are
 * all host-fed and each splits over four outputs; the one-output bare mechanisms (floor-split-bare) hold, this one
 * does not with 1 : 3 and does with equal weights (measurement 157).
 *
 * Per SL the simulator's mean latency (replications, 95 % half-width of the per-flow means' mean) beside the model's,
 * in transmissions x, and the model's parts per VL: send-queue wait, the host-fed buffer's FIFO wait, head wait (of
 * which the wait for the input port and for other VLs' runs), the floor and the split wait. The simulator's head / FIFO
 * split per VL: `benchmarks/sim-head-times.ts wrr4to4-2sl LOAD --by-vl` (sim-case-params.ts, the same set-up).
 *
 *     nice -n 19 npx tsx benchmarks/fabric-model-wrr-switch.ts [LOAD ...] [--equal] [--reps 5] [--packets 20000] [--no-sim]
 */
import { takeNumber } from './harness.js';
import { simulate } from '../src/index.js';
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { modelResult } from '../src/model/results/assemble.js';

const MTU_US = (2048 * 8) / 2.5e3;

/** The set-up (also sim-case-params.ts's `wrr4to4-2sl` / `wrr4to4-2sl-equal`): `load` on every host link in and out. */
export function wrrSwitchParams(load: number, equal = false) {
  const pps = load / 8 / (MTU_US * 1e-6);
  const hosts = Array.from({ length: 8 }, (_, i) => `h${i}`);
  return {
    params: {
      topology: { switches: [{ name: 's', ports: 8 }], hosts: hosts.map((name) => ({ name })), links: hosts.map((h, i) => ({ a: h, b: `s:${i + 1}`, rateGbps: 2.5 })) },
      vls: 2,
      slToVl: [0, 1, ...Array<number>(14).fill(0)],
      arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: equal ? 32 : 96 }], limitOfHighPriority: 0 },
      mtu: 2048,
      bufferBytes: 4 * 2048,
      switchLatencyNs: 100,
      cutThrough: true,
      flows: [0, 1, 2, 3].flatMap((i) => [4, 5, 6, 7].flatMap((j) => [0, 1].map((sl) => ({ name: `h${i}-h${j}-sl${sl}`, source: `h${i}`, destination: `h${j}`, sl, traffic: { kind: 'poisson' as const, rate: pps }, packetBytes: 2048 })))),
    },
    pps,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const reps = takeNumber(argv, '--reps', 5);
  const packets = takeNumber(argv, '--packets', 20000);
  const equal = argv.includes('--equal');
  const noSim = argv.includes('--no-sim');
  const loads = argv.filter((a) => !a.startsWith('--')).map(Number);
  for (const load of loads.length > 0 ? loads : [0.3, 0.4, 0.5, 0.6]) {
    const { params, pps } = wrrSwitchParams(load, equal);
    const net = fabricModelNetwork(params as never);
    const solved = solveModel(net, 1e-7, 500, 1);
    const { m, s } = solved;
    const res = modelResult(solved as never) as unknown as { flows: { name: string; latency: number }[] };
    const x = MTU_US * 1e-6;
    // The model's parts per VL over the four host-fed buffers (their channels are the hosts' ports h0–h3).
    const parts = [0, 1].map(() => new Array<number>(8).fill(0));
    net.ports.forEach((p, pi) => {
      if (!/^h[0-3]$/.test(p.name)) return;
      for (let v = 0; v < m.V; v++) {
        const u = pi * m.V + v;
        const l = s.lam[u]!;
        if (!(l > 0)) continue;
        const a = parts[v]!;
        a[0]! += l;
        a[1]! += l * s.hostWait[u]!;
        a[2]! += l * s.fifoWait[u]!;
        for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
          const t = m.turnsOf[i]!;
          const lt = s.lamT[t]!;
          a[3]! += lt * s.headWait[t]!;
          a[4]! += lt * s.portWait[t]!;
          a[5]! += lt * s.runWait[t]!;
          a[6]! += lt * s.floorExtra[t]!;
          a[7]! += lt * s.splitWait[t]!;
        }
      }
    });
    let simLat: Record<string, { mean: number; halfWidth?: number }> = {};
    if (!noSim) {
      const until = packets / pps;
      const sim = simulate({ scenario: 'fabric', params } as never, { replications: reps, seed: 1, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth?: number }> } };
      simLat = sim.metrics.latency;
    }
    console.log(`load ${load} (${equal ? '32 : 32' : '32 : 96'})${noSim ? '' : `, simulator ${reps} × ${packets} packets per flow`}; x = ${MTU_US.toFixed(3)} µs`);
    for (const sl of [0, 1]) {
      const fl = res.flows.filter((f) => f.name.endsWith(`sl${sl}`));
      const model = fl.reduce((z, f) => z + f.latency, 0) / fl.length / MTU_US;
      const sims = fl.map((f) => simLat[f.name]).filter((z) => z !== undefined);
      const sim = sims.length > 0 ? sims.reduce((z, r) => z + r.mean, 0) / sims.length / MTU_US : NaN;
      const hw = sims.length > 0 ? Math.sqrt(sims.reduce((z, r) => z + (r.halfWidth ?? 0) ** 2, 0)) / sims.length / MTU_US : NaN;
      const a = parts[sl]!;
      const q = (k: number) => (a[k]! / a[0]! / x).toFixed(3);
      console.log(
        `  SL ${sl}: model ${model.toFixed(3)} x` +
          (sims.length > 0 ? `  sim ${sim.toFixed(3)} ± ${hw.toFixed(3)} x  err ${(100 * (model / sim - 1)).toFixed(1)} %` : '') +
          `  | model VL ${sl}: send queue ${q(1)}, FIFO ${q(2)}, head ${q(3)} (port ${q(4)}, runs ${q(5)}), floor ${q(6)}, split ${q(7)}`,
      );
    }
  }
}
