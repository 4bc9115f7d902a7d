/**
 * The thesis's experiment (λ = 5, μ1 = 6, μ2 = 8, n = 12, m = 2..11; Yan 2012, Figs. 4.5–4.8)
 * against reference values computed by SciPy (sparse LU) and GNU Octave's queueing package
 * (ctmc) from a generator built independently: test/fixtures/credit/make_reference.py, whose
 * output reference.json records the tool versions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { relativeDifference } from '../../src/core/tolerance.js';
import { solveCreditChain, type CreditSolverMethod } from '../../src/credit/index.js';
import { params, structuredReady } from './helpers.js';

interface RefMetrics {
  L1: number;
  L2: number;
  L: number;
  T: number;
  R: number;
  loss: number;
  blocked: number;
}
interface RefCase {
  lambda: number;
  mu1: number;
  mu2: number;
  n: number;
  m: number;
  scipy: RefMetrics;
  octave?: RefMetrics;
  p: number[];
}
const reference = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'credit', 'reference.json'), 'utf8')) as {
  tools: Record<string, string>;
  thesisExperiment: RefCase[];
  handCase: RefCase;
};

const methods: CreditSolverMethod[] = ['exact', 'dense', ...(structuredReady ? (['structured'] as const) : [])];

describe('reference values from an independent tool (SciPy, GNU Octave queueing)', () => {
  it('the fixture records its tools and covers m = 2..11', () => {
    expect(reference.tools.scipy).toBeDefined();
    expect(reference.thesisExperiment.map((c) => c.m)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  describe.each(methods)('%s', (method) => {
    it.each([...reference.thesisExperiment, reference.handCase].map((c) => [c.n, c.m, c] as const))(
      'n = %i, m = %i → L1, L2, L, T, R, loss, blocked and every P(i, j) to 1e-12 relative',
      (_n, _m, c) => {
        const r = solveCreditChain(params(c.lambda, c.mu1, c.mu2, c.n, c.m), { method });
        const ours: RefMetrics = {
          L1: r.meanQueueLength.upstream,
          L2: r.meanQueueLength.downstream,
          L: r.meanQueueLength.total,
          T: r.throughput,
          R: r.responseTime,
          loss: r.upstreamLossProbability,
          blocked: r.creditBlockedProbability,
        };
        for (const tool of ['scipy', 'octave'] as const) {
          const ref = c[tool];
          if (!ref) continue;
          for (const key of Object.keys(ours) as (keyof RefMetrics)[]) {
            expect(relativeDifference(ours[key], ref[key]), `${tool} ${key}`).toBeLessThanOrEqual(1e-12);
          }
        }
        if (r.distribution.kind !== 'finite') throw new Error('finite expected');
        // P to 1e-12 relative where it is not tiny; the references' LU errors are absolute (~1e-16).
        r.distribution.p.forEach((v, k) => expect(Math.abs(v - c.p[k]!)).toBeLessThanOrEqual(1e-12 * v + 1e-15));
      },
    );
  });

  it("the thesis's expected shape: L2 and T rise with m, L1 and R fall", () => {
    const rs = reference.thesisExperiment.map((c) => solveCreditChain(params(5, 6, 8, 12, c.m), { method: 'exact' }));
    for (let k = 1; k < rs.length; k++) {
      expect(rs[k]!.meanQueueLength.downstream).toBeGreaterThan(rs[k - 1]!.meanQueueLength.downstream);
      expect(rs[k]!.throughput).toBeGreaterThan(rs[k - 1]!.throughput);
      expect(rs[k]!.meanQueueLength.upstream).toBeLessThan(rs[k - 1]!.meanQueueLength.upstream);
      expect(rs[k]!.responseTime).toBeLessThan(rs[k - 1]!.responseTime);
    }
  });
});
