/**
 * The model-level simulator of the two-node credit tandem (docs/models.md §6.1), with exactly the
 * semantics of the chain `solveCreditChain` solves:
 *
 * - Poisson arrivals at rate λ to Node 1 (capacity n, the packet in service included, or Infinity);
 *   an arrival finding i = n is lost.
 * - Node 1 forwards its head packet after an exponential time with rate μ1, but only while it holds
 *   a credit (j < m): with j = m it is credit-blocked and its clock stops; exponential forwarding
 *   times make "restart the clock when a credit returns" exact (memorylessness).
 * - Node 2 (capacity m = the number of credits) serves at exponential rate μ2; a departure returns
 *   its credit at once.
 *
 * Metrics, under the names of `CreditChainResult`: meanQueueLength { upstream, downstream, total },
 * throughput (packets leaving Node 2 per unit time), responseTime = L/T, upstreamLossProbability =
 * arrivals lost / arrivals offered (= Σ_j P(n, j) by PASTA), creditBlockedProbability (time with
 * i ≥ 1, j = m), utilization { upstream: time forwarding (i ≥ 1, j < m), downstream: P(j ≥ 1) }, and
 * for a finite Node 1 the time fractions P(i, j) as `probabilities` (rows i).
 *
 * Like {@link GeQueueKernel}, a specialised next-event loop: three clocks (arrival, forwarding,
 * Node 2 completion), one stream per component, events emitted to a {@link TandemRecorder}.
 * Measured (benchmarks/sim.ts): 5–7 million customers per second (three events and three
 * exponential draws per customer).
 */
import { InvalidParameterError } from '../../core/errors.js';
import { integerAtLeast, knownKeys, plainObject, positiveRate } from '../../core/guards.js';
import type { SimRandom } from '../random/streams.js';
import type { TandemRecorder } from './recorders.js';
import { recordParameter } from '../../core/shapes.js';

/** Parameters, with the names of `CreditChainParams`. */
export interface CreditTandemSimParams {
  /** λ: arrival rate at Node 1 (lost arrivals included), > 0. */
  readonly lambda: number;
  /** μ1: forwarding rate of Node 1 when it holds a credit, > 0. */
  readonly mu1: number;
  /** μ2: service rate of Node 2, > 0. */
  readonly mu2: number;
  /** n: Node 1 capacity, an integer ≥ 1 or Infinity ("inf"/"Infinity" in JSON files). */
  readonly upstreamCapacity: number | 'inf' | 'Infinity';
  /** m: Node 2 capacity = credits, an integer ≥ 1. */
  readonly downstreamCapacity: number;
}

/** The checked form. */
export interface CreditTandemSimSpec {
  readonly lambda: number;
  readonly mu1: number;
  readonly mu2: number;
  readonly upstreamCapacity: number;
  readonly downstreamCapacity: number;
}

/**
 * Checks the tandem's parameters.
 *
 * @throws InvalidParameterError naming the parameter, the rule and the value.
 * @example checkCreditTandemSimParams({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 'inf', downstreamCapacity: 4 }).upstreamCapacity; // Infinity
 */
export function checkCreditTandemSimParams(params: unknown): CreditTandemSimSpec {
  const p = plainObject('params', params);
  knownKeys('params', p, ['lambda', 'mu1', 'mu2', 'upstreamCapacity', 'downstreamCapacity']);
  const lambda = positiveRate('lambda', p.lambda);
  const mu1 = positiveRate('mu1', p.mu1);
  const mu2 = positiveRate('mu2', p.mu2);
  const u = p.upstreamCapacity;
  let upstreamCapacity: number;
  if (u === Infinity || u === 'inf' || u === 'Infinity') upstreamCapacity = Infinity;
  else {
    upstreamCapacity = integerAtLeast('upstreamCapacity', u, 1);
    if (upstreamCapacity > 1e9) throw new InvalidParameterError('upstreamCapacity', 'an integer in 1..1e9 or Infinity', u);
  }
  const downstreamCapacity = integerAtLeast('downstreamCapacity', p.downstreamCapacity, 1);
  if (downstreamCapacity > 1e7) throw new InvalidParameterError('downstreamCapacity', 'an integer in 1..1e7', downstreamCapacity);
  return { lambda, mu1, mu2, upstreamCapacity, downstreamCapacity };
}

/**
 * The simulation loop of the tandem; holds its state between `run` calls (warm-up, then measure).
 *
 * @example
 * const s = new RandomStreams(1);
 * const stats = new TandemStatistics(12, 4);
 * const k = new CreditTandemKernel(checkCreditTandemSimParams({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 4 }),
 *   s.stream('arrivals'), s.stream('forwarding'), s.stream('service'), stats);
 * k.run(Infinity, 1e6); stats.close(k.now); stats.meanLengths();
 */
export class CreditTandemKernel {
  now = 0;
  /** Packets at Node 1 (i) and Node 2 (j). */
  upstream = 0;
  downstream = 0;
  /** Arrivals offered so far (all calls). */
  offered = 0;
  events = 0;
  private tA: number;
  private tF = Infinity;
  private tD = Infinity;

  constructor(
    private readonly spec: CreditTandemSimSpec,
    private readonly arrivals: SimRandom,
    private readonly forwarding: SimRandom,
    private readonly service: SimRandom,
    private readonly recorder: TandemRecorder,
  ) {
    recordParameter('spec', spec);
    recordParameter('arrivals', arrivals, { next: 'function' });
    recordParameter('forwarding', forwarding, { next: 'function' });
    recordParameter('service', service, { next: 'function' });
    recordParameter('recorder', recorder, { arrival: 'function', forward: 'function', departure: 'function' });
    this.tA = -Math.log(1 - arrivals.next()) / spec.lambda;
  }

  /** Processes events while the next is before `until` and fewer than `maxOffered` arrivals were offered. */
  run(until: number, maxOffered: number): void {
    const { lambda, mu1, mu2, upstreamCapacity: n, downstreamCapacity: m } = this.spec;
    const arrivals = this.arrivals;
    const forwarding = this.forwarding;
    const service = this.service;
    const recorder = this.recorder;
    let t = this.now;
    let i = this.upstream;
    let j = this.downstream;
    let offered = this.offered;
    let events = this.events;
    let tA = this.tA;
    let tF = this.tF;
    let tD = this.tD;
    for (;;) {
      if (tA <= tF && tA <= tD) {
        if (!(tA < until) || offered >= maxOffered) break;
        t = tA;
        events++;
        offered++;
        tA = t - Math.log(1 - arrivals.next()) / lambda;
        if (i < n) {
          i++;
          if (i === 1 && j < m) tF = t - Math.log(1 - forwarding.next()) / mu1;
          recorder.arrival(t, i, j, true);
        } else recorder.arrival(t, i, j, false);
      } else if (tF <= tD) {
        if (!(tF < until)) break;
        t = tF;
        events++;
        i--;
        j++;
        if (j === 1) tD = t - Math.log(1 - service.next()) / mu2;
        tF = i >= 1 && j < m ? t - Math.log(1 - forwarding.next()) / mu1 : Infinity;
        recorder.forward(t, i, j);
      } else {
        if (!(tD < until)) break;
        t = tD;
        events++;
        const wasBlocked = j === m;
        j--;
        tD = j >= 1 ? t - Math.log(1 - service.next()) / mu2 : Infinity;
        // A credit came back: a blocked Node 1 starts forwarding (a fresh exponential clock).
        if (wasBlocked && i >= 1) tF = t - Math.log(1 - forwarding.next()) / mu1;
        recorder.departure(t, i, j);
      }
    }
    this.now = t;
    this.upstream = i;
    this.downstream = j;
    this.offered = offered;
    this.events = events;
    this.tA = tA;
    this.tF = tF;
    this.tD = tD;
  }
}
