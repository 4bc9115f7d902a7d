/**
 * Method change 337 (H43hi; first tried as change 285, H41wel, whose test this is; docs/fabric-model.md, docs/models.md §13.5):
 * the host-fed buffer's tandem queue with the first of a
 * busy period apart (src/model/queues/hostFed.ts). (1) Welch's M/G/1 with an exceptional first service against an independent
 * simulation of that queue (test/fixtures/welch/make_welch_reference.py, Lindley's recursion, ten replications), and P-K for
 * the same mean service outside it; (2) on 4ary2tree-uniform-1sl at 90 % the model's send queue and host-fed buffer together
 * (hostWait + FIFO wait + S − x, λ-weighted over the host channels) within the simulator's five replications
 * (test/fixtures/welch/host_sum_reference.json: benchmarks/sim-host-waits.ts, seeds 1–5, pooled by sim-host-waits-ci.py
 * --json) — main's P-K form gave 4.460 x against 4.207 ± 0.105 — and at 70 % within 3 % of it (the simulator's half-width is
 * 1.1 %; the model 1.221 against 1.246); (3) the first head's extra is positive where the buffer feeds several outputs and
 * zero where it feeds one (the one-link cases stay as they were).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/index.js';
import { solveModel } from '../../src/model/solve.js';
import { firstHeadExtra, registeredAhead, registeredEarly, welchLessPk } from '../../src/model/queues/hostFed.js';
import { readReferenceCase, scenarioAtPoint } from '../helpers/fabricModelReference.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'welch');
interface WelchCase { lam: number; S: number; variance: number; delta: number; wait: number; halfWidth: number }
const welch = JSON.parse(readFileSync(join(DIR, 'welch_reference.json'), 'utf8')) as { cases: WelchCase[] };
interface HostRow { case: string; label: string; vl: number; sum: [number, number]; delta: [number, number] }
const hostRef = JSON.parse(readFileSync(join(DIR, 'host_sum_reference.json'), 'utf8')) as { rows: HostRow[] };

const pk = (c: WelchCase) => (c.lam * (c.S * c.S + c.variance)) / (2 * (1 - c.lam * c.S));

describe('Welch’s exceptional first service (hostFed.ts welchLessPk)', () => {
  it.each(welch.cases.map((c, i) => [i, c] as const))('case %i: P-K + welchLessPk within 2.5 half-widths of the simulated queue', (_i, c) => {
    const w = pk(c) + welchLessPk(c.lam, c.S, c.S * c.S + c.variance, c.delta);
    expect(Math.abs(w - c.wait)).toBeLessThan(2.5 * c.halfWidth);
  });
  it('the simulated queues tell Welch from P-K (P-K alone more than 3 half-widths off where δ is large)', () => {
    for (const c of welch.cases.filter((k) => k.delta >= 0.3)) expect(Math.abs(pk(c) - c.wait)).toBeGreaterThan(3 * c.halfWidth);
  });
  it('zero without an exceptional first service; Infinity at λS ≥ 1', () => {
    expect(welchLessPk(0.5, 1.2, 1.6, 0)).toBe(0);
    expect(welchLessPk(1, 1, 1.2, 0.1)).toBe(Infinity);
  });
});

/** The model's host-fed send queue + buffer (hostWait + FIFO wait + S − x, λ-weighted, in x) and δ, at one point of a reference case. */
function hostSum(name: string, label: string): { sum: number; delta: number; deltas: number[] } {
  const c = readReferenceCase(name);
  const point = c.points.find((p) => p.label === label)!;
  const { params } = scenarioAtPoint(c, point);
  const { m, s } = solveModel(fabricModelNetwork(params as never), 1e-7, 500, 1);
  let l = 0;
  let sum = 0;
  let delta = 0;
  const deltas: number[] = [];
  for (let u = 0; u < m.C; u++) {
    if (m.hostChannel[u] !== 1 || !(s.lam[u]! > 0)) continue;
    const x = s.xbar[u]!;
    const d = firstHeadExtra(m, s, u) / x;
    l += s.lam[u]!;
    sum += (s.lam[u]! * (s.hostWait[u]! + s.fifoWait[u]! + s.headTime[u]! - x)) / x;
    delta += s.lam[u]! * d;
    deltas.push(d);
  }
  return { sum: sum / l, delta: delta / l, deltas };
}

describe('the host-fed buffers of 4ary2tree-uniform-1sl against the simulator (change 285)', () => {
  const ref = (label: string) => hostRef.rows.find((r) => r.case === '4ary2tree-uniform-1sl' && r.label === label)!;
  it('90 %: send queue + buffer within the simulator’s 95 % interval (main’s P-K: 4.460 x against 4.207 ± 0.105)', () => {
    const { sum, delta } = hostSum('4ary2tree-uniform-1sl', '90%');
    const [mean, hw] = ref('90%').sum;
    expect(Math.abs(sum - mean)).toBeLessThan(hw);
    // Change 362: δ within the measured first-of-busy-period split's interval (0.106 against 0.106 ± 0.004; change 337's rule
    // without the requests registered before their port frees: 0.069, below it).
    const [d, dhw] = ref('90%').delta;
    expect(Math.abs(delta - d)).toBeLessThan(dhw);
  });
  it('70 %: send queue + buffer within 3 % of the simulator’s, δ within 20 % of the measured split', () => {
    const { sum, delta } = hostSum('4ary2tree-uniform-1sl', '70%');
    expect(Math.abs(sum / ref('70%').sum[0] - 1)).toBeLessThan(0.03);
    // Change 337's limit, kept (review H43rv2): 362 puts δ +19.98 % high (0.0488 against 0.0407 ± 0.0009; 337's rule −9 %),
    // inside by 0.02 %. No measured reason moves the limit: the weights' bias entry 362 names was measured at 90 % only.
    expect(Math.abs(delta / ref('70%').delta[0] - 1)).toBeLessThan(0.2);
  });
  it('every host buffer of the tree feeds several outputs: δ > 0 at each', () => {
    expect(hostSum('4ary2tree-uniform-1sl', '90%').deltas.every((d) => d > 0)).toBe(true);
  });
});

/**
 * Review H43rv2 (entry 362's "does not hold" (1)): at 8ary2tree-uniform-1sl 90 % the simulator's split (the 8ary2tree row
 * of host_sum_reference.json, from the raw runs beside it) is δ 0.095 ± 0.005; change 337's rule gave 0.092 (−3 %), 362
 * gives 0.118 (+24 %). Marked as a known failure with the 4-ary row's 20 %: 362's pairwise weights p_t p_t′ take every packet
 * after the first as a successor of an independent turn (0.87 against the simulator's 0.64 successors for another output,
 * entry 340's classes). When a law for those weights brings δ inside, this `it.fails` fails: make it an `it`.
 */
describe('the host-fed buffers of 8ary2tree-uniform-1sl at 90 % against the simulator (review H43rv2)', () => {
  const ref = hostRef.rows.find((r) => r.case === '8ary2tree-uniform-1sl' && r.label === '90%')!;
  it.fails('δ within 20 % of the measured split (fails: 362 +24 %, the pairwise weights)', () => {
    const { delta } = hostSum('8ary2tree-uniform-1sl', '90%');
    expect(Math.abs(delta / ref.delta[0] - 1)).toBeLessThan(0.2);
  });
});

/**
 * Change 362 (H43fp; entry 340's measurement, H43hi): a fresh head with its port free finds ahead Little's A plus the requests
 * registered before their own port frees that go first (hostFed.ts registeredAhead), and a buffer's head is registered before
 * its port frees for q_v/(λ_v x) per packet (registeredEarly). Reference: the simulator's VL 0 heads by class
 * (test/fixtures/welch/first_head_reference.json, pooled from the raw runs beside it by benchmarks/sim-head-ready-ci.ts).
 */
interface ClassRow { share: number; regToReady: number }
interface FirstRow { case: string; label: string; freshSentBefore: Record<'host' | 'switch', [number, number]>; classes: Record<'host' | 'switch', Record<string, ClassRow>> }
const firstRef = JSON.parse(readFileSync(join(DIR, 'first_head_reference.json'), 'utf8')) as { rows: FirstRow[] };

/** λ-weighted over one kind's buffers: a fresh head's requests ahead (Little's A, and A + 362's E) and the time registered before ready, in x. */
function firstHeadAhead(name: string, label: string, host: boolean): { little: number; first: number; early: number } {
  const c = readReferenceCase(name);
  const { params } = scenarioAtPoint(c, c.points.find((p) => p.label === label)!);
  const { m, s } = solveModel(fabricModelNetwork(params as never), 1e-7, 500, 1);
  let lt = 0, little = 0, first = 0, lu = 0, early = 0;
  for (let u = 0; u < m.C; u++) {
    if ((m.hostChannel[u] === 1) !== host || !(s.lam[u]! > 0) || m.turnsStart[u] === m.turnsStart[u + 1]) continue;
    const x = s.xbar[u]!;
    lu += s.lam[u]!;
    early += registeredEarly(m, s, u) / x;
    for (let i = m.turnsStart[u]!; i < m.turnsStart[u + 1]!; i++) {
      const t = m.turnsOf[i]!;
      const c2 = m.turnOut[t]!;
      const h = s.headWait[t]!;
      const b = s.headWaitProb[t]!;
      const a = Math.max(0, h - (b * s.x2[c2]!) / (2 * s.xbar[c2]!));
      lt += s.lamT[t]!;
      little += (s.lamT[t]! * a) / x;
      first += (s.lamT[t]! * (a + (b > 0 ? registeredAhead(m, s, c2, (u / m.V) | 0, b, h / b) : 0))) / x;
    }
  }
  return { little: little / lt, first: first / lt, early: early / lu };
}

describe('change 362: the requests a first head finds ahead (simulator, entry 340)', () => {
  it.each(firstRef.rows.map((r) => r.case))('%s at 90 percent: host-fed A within 15 % (Little’s A alone > 25 % short), time registered before ready within 8 %', (name) => {
    const r = firstRef.rows.find((k) => k.case === name)!;
    for (const kind of ['host', 'switch'] as const) {
      const got = firstHeadAhead(r.case, r.label, kind === 'host');
      const early = Object.values(r.classes[kind]).reduce((a, k) => a + k.share * k.regToReady, 0);
      expect(Math.abs(got.early / early - 1)).toBeLessThan(0.08); // the model −1 … −6 % (0.693 / 0.270 / 0.537 / 0.234 against 0.702 / 0.283 / 0.556 / 0.249)
      if (kind === 'host') {
        const [sent] = r.freshSentBefore.host;
        expect(Math.abs(got.first / sent - 1)).toBeLessThan(0.15);
        expect(got.little / sent).toBeLessThan(0.75);
      }
    }
  });
});

