/**
 * The `drb` scenario's metrics, checked against what they claim: the busiest link's throughput is a
 * link's, so never above the 2.5 Gb/s rate, and the received and offered load per node are the
 * pattern's (the `load` asked), the hot-spot flows reported apart; the seed's IB CC variant raises
 * its throttle level under the seed's recovery rule and never under a free-running timer at 800 Mb/s
 * (docs/drb.md: a rise needs 10 BECNs within one 100 µs period, more packets than such a flow sends).
 */
import { describe, expect, it } from 'vitest';
import { replicateDrbScenario, parseDrbScenario } from '../../../src/studies/index.js';
import { RandomStreams } from '../../../src/sim/random/streams.js';

type Metrics = Record<string, number & number[]>;
const run = (params: Record<string, unknown>, until: number, warmup = until / 5): Metrics =>
  replicateDrbScenario(parseDrbScenario(params), { streams: new RandomStreams(7), replication: 0, length: { until }, warmup }).metrics as unknown as Metrics;

describe('drb metrics', () => {
  it('peakLinkMbps of a saturated torus in 10 µs intervals → never above the link rate 2500 Mb/s', () => {
    const m = run({ size: '4x4', load: 2000, samples: 50 }, 0.0005);
    const peaks = m.peakLinkMbps as number[];
    expect(peaks.length).toBe(50);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(2500 * (1 + 1e-12));
    // Saturated: some interval has a link busy almost all the time.
    expect(Math.max(...peaks)).toBeGreaterThan(2000);
  });

  it('with hot-spot flows, throughputMbps and offeredMbps are the pattern senders\' (the load asked), the hot flows apart', () => {
    const m = run({ size: '4x4', load: 200, hotSpotAtUs: 0, hotSpotSources: 4, hotSpotLoad: 1500 }, 0.002);
    // Poisson arrivals at 200 Mb/s per node over 2 ms, 14 senders: ±15 % is several standard errors.
    expect(Math.abs(m.offeredMbps as number) / 200).toBeGreaterThan(0.85);
    expect(Math.abs(m.offeredMbps as number) / 200).toBeLessThan(1.15);
    expect(m.throughputMbps as number).toBeLessThan(200 * 1.15);
    expect(m.hotSpotThroughputMbps as number).toBeGreaterThan(500);
  });

  it("ibcc-drb-paper at 800 Mb/s on the 8×8 torus: throttle level rises with the seed's recovery, stays 0 with a free-running timer", () => {
    const quiet = run({ load: 800, cc: 'ibcc-drb-paper' }, 0.002, 0.0005);
    const timer = run({ load: 800, cc: 'ibcc-drb-paper', ccRecovery: 'timer' }, 0.002, 0.0005);
    expect(Math.max(...(quiet.throttleLevelMax as number[]))).toBeGreaterThanOrEqual(2);
    expect(Math.max(...(timer.throttleLevelMax as number[]))).toBeLessThanOrEqual(1);
  });
});

describe('marking scope (the seed §4.1: "mark all packets belonging to the virtual-channel buffer")', () => {
  it("'buffer' needs the input occupancy and FIFO input buffers; each refusal names its option", async () => {
    const { InvalidParameterError } = await import('../../../src/core/errors.js');
    const { buildFabric } = await import('../../../src/sim/fabric/index.js');
    const { singleSwitchTopology } = await import('../../../src/network/index.js');
    const spec = (marking: unknown, inputQueueing?: string) => () =>
      buildFabric({ topology: singleSwitchTopology(2), marking: marking as never, ...(inputQueueing ? { inputQueueing: inputQueueing as never } : {}), flows: [{ name: 'f', source: 'h0', destination: 'h1' }] });
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof InvalidParameterError ? e.parameter : String(e);
      }
      return 'no error';
    };
    expect(err(spec({ kind: 'ibcc', scope: 'buffer' }))).toBe('marking.scope');
    expect(err(spec({ kind: 'ibcc', occupancy: 'input', scope: 'all' }))).toBe('marking.scope');
    expect(err(spec({ kind: 'ibcc', occupancy: 'input', scope: 'buffer' }, 'voq'))).toBe('inputQueueing');
    expect(err(() => parseDrbScenario({ markingScope: 'buffer', markingOccupancy: 'output' }))).toBe('markingScope');
    expect(err(spec({ kind: 'ibcc', occupancy: 'input', scope: 'buffer' }))).toBe('no error');
  });

  it("'buffer' marks a superset of 'departing': a packet leaving a full buffer was in it when it filled", async () => {
    const { drbFabric } = await import('../../../src/studies/index.js');
    // DRB with one path: marking on, routing unchanged by marks, so both runs move the same packets.
    const marks = (markingScope: string) => {
      const f = drbFabric(parseDrbScenario({ size: '4x4', load: 1500, routing: 'drb', paths: 1, markingScope }), new RandomStreams(3));
      f.run(0.001, 0.0002);
      const m = f.measurements();
      return { marked: m.flows.reduce((a, x) => a + x.marked, 0), delivered: m.flows.reduce((a, x) => a + x.delivered, 0) };
    };
    const buffer = marks('buffer');
    const departing = marks('departing');
    expect(buffer.delivered).toBe(departing.delivered);
    expect(departing.marked).toBeGreaterThan(0);
    expect(buffer.marked).toBeGreaterThan(departing.marked);
  });
});
