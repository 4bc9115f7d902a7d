/**
 * The core pieces together, the way the fabric uses them: a GE/GE/1/K queue written on the general
 * engine (GeArrivals through attachSource, service completions as calendar events, a
 * StateOccupancy and counters observing from outside) against the exact chain of docs/models.md §5. An
 * independent second implementation of the semantics of docs/models.md §1.3 beside GeQueueKernel.
 */
import { describe, expect, it } from 'vitest';
import {
  Engine,
  GeArrivals,
  RandomStreams,
  StateOccupancy,
  attachSource,
  confidenceInterval,
  solveGeQueueExact,
  type ScheduledEvent,
} from '../../src/index.js';
import { expectCovers, rescale } from './helpers.js';

interface Run {
  readonly meanQueueLength: number;
  readonly blockingProbability: number;
  readonly distribution: number[];
}

/** One replication: Ca², Cs², one rate, capacity K; warm-up then measure, by time. */
function replicate(seed: number, r: number, p: { lambda: number; mu: number; ca2: number; cs2: number; capacity: number }, warmup: number, until: number): Run {
  const streams = new RandomStreams(seed);
  const service = streams.stream('service', r);
  const sigma = 2 / (1 + p.cs2);
  const engine = new Engine();
  const occupancy = new StateOccupancy(p.capacity + 1);
  let n = 0;
  let offered = 0;
  let lost = 0;
  let completion: ScheduledEvent | null = null;
  const startService = (e: Engine): void => {
    // A job starts: zero work with probability 1 − σ (it leaves at once), else Exp(σμ).
    while (n > 0) {
      if (service.next() < sigma) {
        completion = e.schedule(service.exponential(sigma * p.mu), complete);
        return;
      }
      n--;
    }
    completion = null;
  };
  const complete = (e: Engine): void => {
    n--;
    startService(e);
    occupancy.observe(e.now, n);
  };
  attachSource(engine, new GeArrivals({ rate: p.lambda, ca2: p.ca2 }, streams.stream('arrivals', r)), (batch, e) => {
    for (let k = 0; k < batch; k++) {
      offered++;
      if (n >= p.capacity) {
        lost++;
        continue;
      }
      n++;
      if (completion === null) startService(e); // idle server: the job may leave at once
    }
    occupancy.observe(e.now, n);
  });
  engine.run({ until: warmup });
  occupancy.reset(warmup);
  offered = 0;
  lost = 0;
  engine.run({ until: warmup + until });
  const end = warmup + until;
  return { meanQueueLength: occupancy.mean(end), blockingProbability: lost / offered, distribution: occupancy.distribution(end) };
}

describe('GE/GE/1/K on the general engine', () => {
  it('agrees with the exact chain: L, blocking and every P(n) inside Bonferroni 99 % intervals', () => {
    const p = { lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 }; // docs/models.md §3's GE/GE/1/6
    const exact = solveGeQueueExact(p);
    const runs = Array.from({ length: 10 }, (_, r) => replicate(77, r, p, 2_000, 20_000));
    const checks = 2 + exact.probabilities.length;
    const level = 1 - 0.01 / checks;
    const ci = (values: number[]) => rescale(confidenceInterval(values, 0.99), 10, level);
    expectCovers(ci(runs.map((x) => x.meanQueueLength)), exact.meanQueueLength, 'meanQueueLength');
    expectCovers(ci(runs.map((x) => x.blockingProbability)), exact.blockingProbability, 'blockingProbability');
    exact.probabilities.forEach((pn, k) => expectCovers(ci(runs.map((x) => x.distribution[k] ?? 0)), pn, `P(${k})`));
  });

  it('is deterministic for a seed', () => {
    const p = { lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 };
    expect(replicate(5, 0, p, 100, 1000)).toEqual(replicate(5, 0, p, 100, 1000));
    expect(replicate(6, 0, p, 100, 1000)).not.toEqual(replicate(5, 0, p, 100, 1000));
  });
});
