/**
 * Change 284 (H41bc, with H41shf's form of entry 303; docs/fabric-model.md entries 281, 284; docs/models.md §13.4–13.5): at a
 * merge of a link that is itself a merge's output (a staircase's stair) and a light host, the light head waits behind the
 * link's trains' next packets, registered at their predecessors' start (trainsAhead.ts, the turn's own wait; the floor tops
 * up the rest alike), and the link's one-output buffer queues its trains (change 61's form cut to the slots). The bare
 * mechanism: hosts a0–a2 over link u:4 → s:1, host b on s:2, both into o (one VL, four 2 KB slots), against the simulator
 * run in the test. Main before the change: a0 / b +2.9 / −4.8 % at 0.57 / 0.19, +12.4 / −25.7 % at 0.77 / 0.13 (the light
 * turn took the floor's alike share in place of its own train wait).
 * 284 was not kept (docs/fabric-model.md 313): the model's buffer here takes the identity's wait.
 * Known misses (`it.fails`) since change 312 (H41jt, docs/fabric-model.md 312): the joint change (303's d_t + the rest alike)
 * passed both, but failed splitFifo.test.ts, whose three-input merge needs the binding floor's alike split that 303's form
 * moves to the light turns; with 312 (each turn the larger of its train term and the alike share) the stair reads, per
 * review H41rv310 (this file's runs, seed 7): at 0.57 / 0.19 main e2f04c8's errors to the digit (a0 +2.9, b −4.8 %: the
 * alike share is the larger for b), at 0.77 / 0.13 a0 main's +12.4 % but b −14.9 % (main −25.7 %: there b's train term is
 * the larger). The simulator's 95 % half-widths: a0 ±2.2 / ±4.3 %, b ±1.0 / ±0.7 %, so b's miss is the firm one in both
 * (a0's at 0.77 is within its half-width of the 11 % limit). Which turns of a binding floor take its deficit is open
 * (entry 312); a form that passes these and splitFifo both turns them back into `it`. Measured per input (docs/fabric-model.md
 * entry 325, H42stair: sim-ready-heads.ts `stair-bare`, 5 replications): b's head lacks the link's early-registered next packets
 * (0.535 / 0.203 x at 0.77 / 0.57 against the code's train term 0.300 / 0.108) and its FIFO what that longer head queues; at 0.77
 * the heavy buffer's identity FIFO is 2.18 x against the simulator's 1.70 (the slots cut it; u holds the spill as well). Tries
 * 326–329 (i42stair-tried) bring b to +1.3 / −3.2 % but a0 stays +11.8 % at 0.77. The solve's convergence is checked
 * in a plain `it` first (review H41rv310): `it.fails` passes on any throw, and a solve that failed must not read as the
 * known accuracy miss.
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork, solveFabric } from '../../src/model/index.js';
import { simulate } from '../../src/index.js';
import { trainIntoOne } from '../helpers/twoSls.js';

const MTU_US = (2048 * 8) / 2.5e3; // one 2 KB packet on a 2.5 Gb/s link, µs
const ONE_VL = {
  vls: 1,
  slToVl: Array<number>(16).fill(0),
  arbitration: { high: [], low: [{ vl: 0, weight: 255 }], limitOfHighPriority: 0 },
  mtu: 2048,
  bufferBytes: 4 * 2048,
  switchLatencyNs: 100,
  cutThrough: true,
};

/** The model's and the simulator's (5 × 20,000 of b's packets, seed 7) mean latency of a0 and b, relative error; whether the model converged. */
function solve(heavy: number, light: number): { converged: boolean; a0: number; b: number } {
  const pps = (load: number) => load / (MTU_US * 1e-6);
  const flow = (h: string, load: number) => ({ name: h, source: h, destination: 'o', sl: 0, traffic: { kind: 'poisson' as const, rate: pps(load) }, packetBytes: 2048 });
  const params = { topology: trainIntoOne(), ...ONE_VL, flows: [...['a0', 'a1', 'a2'].map((h) => flow(h, heavy / 3)), flow('b', light)] };
  const until = 20000 / pps(light);
  const sim = simulate({ scenario: 'fabric', params } as never, { replications: 5, seed: 7, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number }> } };
  const r = solveFabric(fabricModelNetwork(params as never));
  const err = (n: string) => r.flows.find((f) => f.name === n)!.latency / sim.metrics.latency[n]!.mean - 1;
  return { converged: r.diagnostics.converged, a0: err('a0'), b: err('b') };
}

/** Each load's run once, shared by the convergence check and the accuracy case. */
const runs = new Map<string, ReturnType<typeof solve>>();
function errors(heavy: number, light: number): ReturnType<typeof solve> {
  const key = `${heavy}/${light}`;
  if (!runs.has(key)) runs.set(key, solve(heavy, light));
  return runs.get(key)!;
}

describe('change 284: a stair of a staircase merged with a light host', () => {
  it.each([[0.57, 0.19], [0.77, 0.13]])('links %d + host %d: the model converges and both errors are finite (the misses below are of accuracy)', (heavy, light) => {
    const e = errors(heavy, light);
    expect(e.converged).toBe(true);
    expect(Number.isFinite(e.a0) && Number.isFinite(e.b)).toBe(true);
  }, 300_000);

  it.fails('links 0.57 + host 0.19 (mesh8x8-bitcomp-1sl 90 %\'s peak): both flows within 3 % of the simulator (main and 312: +2.9, −4.8 %)', () => {
    const e = errors(0.57, 0.19);
    expect(Math.abs(e.a0), 'a0').toBeLessThan(0.03);
    expect(Math.abs(e.b), 'b').toBeLessThan(0.03);
  }, 300_000);

  it.fails('links 0.77 + host 0.13 (mesh8x8-transpose-1sl 90 %\'s top stair): both within 11 % (main: +12.4, −25.7 %; 312: +12.4, −14.9 %)', () => {
    const e = errors(0.77, 0.13);
    expect(Math.abs(e.a0), 'a0').toBeLessThan(0.11);
    expect(Math.abs(e.b), 'b').toBeLessThan(0.11);
  }, 300_000);
});
