/**
 * `ibqos sim`: the same option names as `ibqos me` / `ibqos credit` describe the same model, the
 * JSON uses the analytic field names and nesting, scenario files are validated field by field.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseResultJson } from '../../src/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';

type Interval = { mean: number; halfWidth: number; confidence: number };

const QUEUE = ['--lambda', '5', '--mu', '8,16', '--thresholds', '8', '--capacity', '16', '--ca2', '5', '--cs2', '7'];

describe('ibqos sim', () => {
  it('--help lists every scenario with its description, and says which scenario each model option belongs to', async () => {
    const { code, out } = await runCli(['sim', '--help']);
    expect(code).toBe(0);
    const flat = out.replace(/\s+/g, ' ');
    for (const name of ['gege1n', 'credit-tandem', 'congestion-spreading', 'fabric']) expect(out).toMatch(new RegExp(`^  ${name}: `, 'm'));
    expect(flat).toContain('--lambda <rate> offered arrival rate λ per unit time (gege1n: required; credit-tandem: default 5)');
    expect(flat).toContain('--until-us <µs> simulated time measured per replication of a fabric scenario, in µs');
    expect(flat).toContain('Deprecated for the fabric scenarios');
    expect(flat).toContain('(congestion-spreading; default 0.4)');
  });

  it('an infinite GE-type queue with λ ≥ μ (last regime) runs, with a note on stderr that its intervals mean nothing', async () => {
    const unstable = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '9', '--mu', '4,8', '--thresholds', '3', '--jobs', '2000', '--replications', '2']);
    expect(unstable.code).toBe(0);
    expect(unstable.err).toBe(
      'note: λ = 9 ≥ μ = 8 on an infinite buffer: the queue has no steady state, its means grow with the run length and their intervals mean nothing (docs/sim.md)\n',
    );
    const stable = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '7', '--mu', '4,8', '--thresholds', '3', '--jobs', '2000', '--replications', '2']);
    expect(stable.err).toBe('');
  });

  it('the credit tandem with --n inf and λ ≥ μ1·P(j < m) runs, with the same note (saturation 6·(1 − P(4)) = 5.3777… by hand for μ1 = 6, μ2 = 8, m = 4)', async () => {
    const unstable = await runCli(['sim', '--scenario', 'credit-tandem', '--lambda', '6', '--mu1', '6', '--mu2', '8', '--n', 'inf', '--m', '4', '--jobs', '2000', '--replications', '2']);
    expect(unstable.code).toBe(0);
    expect(unstable.err).toMatch(/^note: λ = 6 ≥ μ1·P\(j < m\) = 5\.3777\d* with an unbounded Node 1: the chain has no steady state/);
    const stable = await runCli(['sim', '--scenario', 'credit-tandem', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', 'inf', '--m', '4', '--jobs', '2000', '--replications', '2']);
    expect(stable.err).toBe('');
    const finite = await runCli(['sim', '--scenario', 'credit-tandem', '--lambda', '9', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '4', '--jobs', '2000', '--replications', '2']);
    expect(finite.err).toBe('');
  });

  it('a model-level run is measured in the model’s time units; a fabric run in µs (--until-us), each metric with its unit', async () => {
    const model = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '1', '--mu', '2', '--until', '100', '--replications', '2']);
    expect(model.err).toBe('');
    expect(model.out).toMatch(/^scenario gege1n: seed 1, 2 replications of 100 time units after a warm-up of 10 time units\nsimulated time 200 time units \(measured/);
    expect(model.out).toMatch(/^ *metric +unit +mean +± half-width$/m);
    expect(model.out).toMatch(/^ *throughput +jobs\/t /m);
    expect(model.out).toMatch(/^ *responseTime +t /m);
    const fabric = await runCli(['sim', '--scenario', 'congestion-spreading', '--until-us', '1000', '--replications', '2']);
    expect(fabric.err).toBe('');
    expect(fabric.out).toMatch(/^scenario congestion-spreading: seed 1, 2 replications of 1000 µs after a warm-up of 100 µs\nsimulated time 2000 µs \(measured/);
    expect(fabric.out).toMatch(/^ *throughput\.victim +Gb\/s /m);
    expect(fabric.out).toMatch(/^ *latency\.victim +µs /m);
    expect(fabric.out).toMatch(/^ *injectionRate\.victim +blocks\/s /m);
  });

  it('--until and --warmup in seconds on a fabric scenario: the old spelling, the same run, a deprecation note on stderr', async () => {
    const old = await runCli(['sim', '--scenario', 'congestion-spreading', '--until', '0.001', '--warmup', '0.0002', '--replications', '2']);
    const now = await runCli(['sim', '--scenario', 'congestion-spreading', '--until-us', '1000', '--warmup-us', '200', '--replications', '2']);
    expect(old.code).toBe(0);
    expect(old.out).toBe(now.out);
    expect(old.err).toBe(
      'note: --until in seconds is deprecated for the fabric scenarios; use --until-us 1000 (every fabric time is in µs)\n' +
        'note: --warmup in seconds is deprecated for the fabric scenarios; use --warmup-us 200 (every fabric time is in µs)\n',
    );
    const both = await runCli(['sim', '--scenario', 'congestion-spreading', '--until', '0.001', '--until-us', '1000']);
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/--until must be absent when --until-us is given/);
    const negative = await runCli(['sim', '--scenario', 'congestion-spreading', '--until-us', '-5']);
    expect(negative.code).toBe(2);
    expect(negative.err).toMatch(/--until-us must be .*got -5/);
    const model = await runCli(['sim', '--scenario', 'gege1n', '--lambda', '1', '--mu', '2', '--until-us', '100']);
    expect(model.code).toBe(2);
    expect(model.err).toMatch(/--until-us must be absent: scenario 'gege1n' counts time in a unit of its own, not µs/);
  });

  it("simulates the very queue `ibqos me --exact` solves with the same options (exact values inside the 99.9 % intervals)", async () => {
    const me = await runCli(['me', ...QUEUE, '--exact', '--json']);
    expect(me.code).toBe(0);
    const exact = (parseResultJson(me.out) as Record<string, unknown>[])[0]!;
    const sim = await runCli(['sim', '--scenario', 'gege1n', ...QUEUE, '--jobs', '100000', '--replications', '10', '--confidence', '0.999', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const r = parseResultJson(sim.out) as Record<string, unknown>;
    for (const key of ['meanQueueLength', 'blockingProbability', 'throughput', 'emptyProbability', 'fullProbability', 'utilization', 'responseTime']) {
      const ci = r[key] as Interval;
      expect(Object.keys(ci).sort()).toEqual(['confidence', 'halfWidth', 'mean']);
      expect(Math.abs(ci.mean - (exact[key] as number)), key).toBeLessThanOrEqual(ci.halfWidth);
    }
    expect((r.probabilities as Interval[]).length).toBe((exact.probabilities as number[]).length);
    expect((r.regimeProbabilities as Interval[]).length).toBe((exact.regimeProbabilities as number[]).length);
    expect(r.run).toMatchObject({ seed: 1, replications: 10, confidence: 0.999, length: { jobs: 100000 }, warmup: 10000 });
    expect((r.run as { events: number }).events).toBeGreaterThan(0);
    expect((r.run as { simulatedTime: number }).simulatedTime).toBeGreaterThan(0);
    expect(r.params).toMatchObject({ lambda: 5, mu: [8, 16], thresholds: [8], capacity: 16, ca2: 5, cs2: 7 });
  });

  it('the chain-only variants of `ibqos me --exact` (--batch-acceptance whole, --regime-cs2) simulate the same chain', async () => {
    const model = ['--lambda', '3', '--mu', '4,6', '--thresholds', '3', '--capacity', '6', '--ca2', '4', '--regime-cs2', '2,5', '--batch-acceptance', 'whole'];
    const me = await runCli(['me', ...model, '--exact', '--json']);
    expect(me.code, me.err).toBe(0);
    const exact = (parseResultJson(me.out) as Record<string, number>[])[0]!;
    const sim = await runCli(['sim', '--scenario', 'gege1n', ...model, '--jobs', '100000', '--confidence', '0.999', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const r = parseResultJson(sim.out) as Record<string, Interval> & { params: Record<string, unknown> };
    expect(r.params).toMatchObject({ regimeCs2: [2, 5], batchAcceptance: 'whole' });
    for (const key of ['meanQueueLength', 'blockingProbability', 'throughput']) {
      expect(Math.abs(r[key]!.mean - exact[key]!), key).toBeLessThanOrEqual(r[key]!.halfWidth);
    }
  });

  it('credit-tandem: the options of `ibqos credit`, its nesting (meanQueueLength.upstream, utilization.downstream)', async () => {
    const credit = await runCli(['credit', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '3', '--json']);
    const exact = (parseResultJson(credit.out) as Record<string, Record<string, number>>[])[0]!;
    const sim = await runCli(['sim', '--scenario', 'credit-tandem', '--lambda', '5', '--mu1', '6', '--mu2', '8', '--n', '12', '--m', '3',
      '--jobs', '50000', '--replications', '10', '--confidence', '0.999', '--json']);
    expect(sim.code, sim.err).toBe(0);
    const r = parseResultJson(sim.out) as Record<string, Record<string, Interval>>;
    for (const side of ['upstream', 'downstream', 'total']) {
      const ci = r.meanQueueLength![side]!;
      expect(Math.abs(ci.mean - exact.meanQueueLength![side]!), side).toBeLessThanOrEqual(ci.halfWidth);
    }
    expect(Object.keys(r.utilization!).sort()).toEqual(Object.keys(exact.utilization!).sort());
    expect(r.params).toEqual({ lambda: 5, mu1: 6, mu2: 8, upstreamCapacity: 12, downstreamCapacity: 3 });
  });

  it('the text report lists every metric with its half-width; same seed → same output', async () => {
    const args = ['sim', '--scenario', 'credit-tandem', '--m', '2', '--jobs', '2000', '--replications', '3', '--seed', '7'];
    const a = await runCli(args);
    expect(a.code).toBe(0);
    expect(a.out).toMatch(/^scenario credit-tandem: seed 7, 3 replications of 2000 jobs after a warm-up of 200 jobs$/m);
    expect(a.out).toMatch(/meanQueueLength\.upstream/);
    expect(a.out).toMatch(/probabilities\[12\]\[2\]/);
    expect((await runCli(args)).out).toBe(a.out);
    expect((await runCli([...args.slice(0, -1), '8'])).out).not.toBe(a.out);
  });

  it('sweeps a numeric option like ibqos me/credit: one record per point, each with its own derived seed', async () => {
    const r = await runCli(['sim', '--scenario', 'credit-tandem', '--m', '2:4', '--n', '6,inf', '--jobs', '3000', '--replications', '2', '--json']);
    expect(r.code, r.err).toBe(0);
    const records = parseResultJson(r.out) as { params: { upstreamCapacity: number; downstreamCapacity: number }; run: { seed: number } }[];
    expect(records.map((x) => [x.params.upstreamCapacity, x.params.downstreamCapacity])).toEqual([
      [6, 2], [6, 3], [6, 4], [Infinity, 2], [Infinity, 3], [Infinity, 4],
    ]);
    // Independent points: six distinct seeds derived from --seed 1 (the base is recorded as sweepSeed).
    expect(new Set(records.map((x) => x.run.seed)).size).toBe(6);
    expect(records.every((x) => (x.run as { sweepSeed?: number }).sweepSeed === 1)).toBe(true);
    // A point is reproduced alone with its recorded seed, whatever the other points of the sweep.
    const alone = await runCli(['sim', '--scenario', 'credit-tandem', '--m', '3', '--n', '6', '--jobs', '3000', '--replications', '2', '--seed', String(records[1]!.run.seed), '--json']);
    const one = parseResultJson(alone.out) as { meanQueueLength: unknown; run: { seed: number } };
    expect(one.meanQueueLength).toEqual((records[1] as unknown as { meanQueueLength: unknown }).meanQueueLength);
    // --common-random-numbers: every point with --seed itself.
    const crn = await runCli(['sim', '--scenario', 'credit-tandem', '--m', '2:3', '--jobs', '3000', '--replications', '2', '--seed', '4', '--common-random-numbers', '--json']);
    expect((parseResultJson(crn.out) as { run: { seed: number } }[]).map((x) => x.run.seed)).toEqual([4, 4]);
    const text = await runCli(['sim', '--scenario', 'credit-tandem', '--m', '2,3', '--jobs', '3000', '--replications', '2']);
    expect(text.out.split("\n")[1]).toMatch(/^downstreamCapacity\[jobs\] +seed +meanQueueLength.upstream\[jobs\]/);
    expect(text.out.split('\n')).toHaveLength(6);
  });

  it('bad input → exit 2 with the option named', async () => {
    const cases: [string[], RegExp][] = [
      [['sim', '--scenario', 'nope'], /--scenario must be one of 'gege1n', 'credit-tandem'/],
      [['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8', '--mu1', '3'], /--mu1 must be absent: not an option of scenario 'gege1n'/],
      [['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8:16'], /--mu must be a comma list of values, one per regime \(not a sweep range\)/],
      [['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8', '--seed', '1,2'], /--seed must be a single value/],
      [['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8', '--ca2', '0.5'], /--ca2 \(params.ca2\) must be a finite squared coefficient of variation >= 1, got 0.5/],
      [['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8,16', '--thresholds', '20', '--capacity', '16'], /--thresholds \(params.thresholds\[0\]\) must be an integer within 1..capacity\+1 = 1..17, got 20/],
      [['sim', '--scenario', 'gege1n', '--mu', '8'], /params.lambda must be a finite number > 0, got undefined/],
      [['sim', '--scenario', 'credit-tandem', '--jobs', '10', '--until', '5'], /--jobs must be absent/],
      [['sim', '--scenario', 'credit-tandem', '--replications', '1'], /--replications must be an integer >= 2/],
      [['sim', '--scenario', 'credit-tandem', '--n', '2.5'], /--n must be an integer/],
    ];
    for (const [args, message] of cases) {
      const r = await runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
  });
});

describe('scenario files', () => {
  const dir = tempDirForFile('sim');
  const file = (name: string, content: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  it('a file gives the scenario, its params and run options; the command line overrides them', async () => {
    const path = file('ok.json', { scenario: 'gege1n', params: { lambda: 0.8, mu: 1, capacity: 4 }, seed: 3, replications: 4, jobs: 5000 });
    const r = parseResultJson((await runCli(['sim', '--scenario', path, '--json'])).out) as { run: Record<string, unknown>; params: Record<string, unknown> };
    expect(r.run).toMatchObject({ seed: 3, replications: 4, length: { jobs: 5000 } });
    expect(r.params).toMatchObject({ lambda: 0.8, mu: 1, capacity: 4 });
    const o = parseResultJson((await runCli(['sim', '--scenario', path, '--lambda', '0.5', '--until', '100', '--json'])).out) as typeof r;
    expect(o.params.lambda).toBe(0.5);
    expect(o.run).toMatchObject({ length: { until: 100 }, seed: 3 });
  });

  it('errors name the file and the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ scenario: 'gege1n', params: { lambda: -1, mu: 1 } }, /bad\d.json.params.lambda must be a finite number > 0, got -1/],
      [{ scenario: 'gege1n', parms: {} }, /bad\d.json.parms must be absent/],
      [{ scenario: 'gege2n' }, /bad\d.json: scenario must be one of/],
      [{ scenario: 'gege1n', params: { lambda: 1, mu: 2 }, replications: 'ten' }, /--replications must be an integer >= 2, got "ten"/],
      ['{ "scenario": ', /bad\d.json must be valid JSON/],
    ];
    let i = 0;
    for (const [content, message] of cases) {
      const r = await runCli(['sim', '--scenario', file(`bad${i++}.json`, content)]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    }
    expect((await runCli(['sim', '--scenario', join(dir, 'missing.json')])).err).toMatch(/--scenario must be a registered scenario/);
  });
});
