/**
 * Every family's results carry a notebook display (Symbol.for('Jupyter.display')) that JSON and
 * structural equality do not see; each bundle has text, an HTML table, and SVG where a plot helps.
 */
import { describe, expect, it } from 'vitest';
import {
  BandwidthBroker,
  buildFabric,
  fimd,
  gege1,
  gege1n,
  jupyterDisplay,
  jupyterKernel,
  notebookProgress,
  parseResultJson,
  rateTrajectory,
  resultsToJson,
  simulate,
  singleSwitchTopology,
  solveCreditChain,
  solveGeQueueExact,
} from '../../src/index.js';

const kinds = (v: unknown) => Object.keys(jupyterDisplay(v) ?? {}).sort();

describe('family displays', () => {
  const credit = solveCreditChain({ lambda: 0.7, mu1: 1.5, mu2: 1, upstreamCapacity: 8, downstreamCapacity: 4 });
  const cases: [string, unknown, boolean][] = [
    ['credit', credit, true],
    ['credit, infinite Node 1', solveCreditChain({ lambda: 0.5, mu1: 1.5, mu2: 1, upstreamCapacity: Infinity, downstreamCapacity: 3 }), true],
    ['credit, unstable', solveCreditChain({ lambda: 5, mu1: 1.5, mu2: 1, upstreamCapacity: Infinity, downstreamCapacity: 3 }), false],
    ['GE/GE/1/N', gege1n({ lambda: 0.8, mu: 1, ca2: 5, cs2: 2, capacity: 8 }), true],
    ['GE/GE/1 unstable', gege1({ lambda: 2, mu: 1, ca2: 1, cs2: 1 }), false],
    ['exact chain', solveGeQueueExact({ lambda: 0.7, mu: 1, ca2: 3, cs2: 5, capacity: 6 }), true],
    ['trajectory', rateTrajectory(fimd({ rMin: 1000, rMax: 256000, n: 4 }), { marks: '0001', acks: 12 }), true],
    ['simulation', simulate({ scenario: 'gege1n', params: { lambda: 0.8, mu: 1, capacity: 4 } }, { seed: 1, jobs: 2000, replications: 3 }), false],
  ];
  it.each(cases)('%s → text/plain and an HTML table, SVG when a plot helps; JSON unchanged', (_name, result, svg) => {
    expect(kinds(result)).toEqual(svg ? ['image/svg+xml', 'text/html', 'text/plain'] : ['text/html', 'text/plain']);
    expect(jupyterDisplay(result)!['text/html']).toContain('<table class="ibqos">');
    expect(Object.keys(result as object)).not.toContain(Symbol.for('Jupyter.display'));
    // The display is not part of the record: a JSON round trip is structurally equal to it.
    expect(parseResultJson(resultsToJson(result))).toEqual(result);
    expect(structuredClone(result)).toEqual(result);
  });

  it('the credit display quotes the metrics it shows from the record (L = L1 + L2 row)', () => {
    const t = jupyterDisplay(credit)!['text/plain'];
    expect(t).toContain('n = 8, m = 4, λ = 0.7, μ1 = 1.5, μ2 = 1');
    expect(t).toMatch(/mean queue length, total \(L\)\s+[\d.]+\s+packets/);
  });

  it('admission: a refused verdict names the binding link and the rule; the broker shows its links with a plot', () => {
    const broker = new BandwidthBroker({ links: [{ id: 'a', bandwidth: 100 }] });
    expect(broker.admit({ id: 1, path: ['a'], sl: 0, bandwidth: 60 }).admitted).toBe(true);
    const refused = broker.admit({ id: 2, path: ['a'], sl: 0, bandwidth: 40 });
    expect(refused).toEqual({ id: 2, admitted: false, bindingLink: 'a', reason: 'link-capacity', slack: 0 });
    expect(jupyterDisplay(refused)!['text/plain']).toContain('Request 2: REFUSED on link a by the link-capacity rule');
    expect(kinds(broker)).toEqual(['image/svg+xml', 'text/html', 'text/plain']);
    expect(jupyterDisplay(broker)!['text/plain']).toMatch(/1 connections admitted on 1 links/);
  });

  it('fabric measurements: flows and ports tables and the latency histogram', () => {
    const fabric = buildFabric({ topology: singleSwitchTopology(2), flows: [{ name: 'f', source: 'h1', destination: 'h0' }] });
    fabric.run(0.001, 0.0001);
    const b = jupyterDisplay(fabric.measurements())!;
    expect(b['text/plain']).toMatch(/^Fabric measurements/);
    expect(b['image/svg+xml']).toContain('Latency distribution per flow');
  });

  it('outside Deno’s kernel there is no kernel and no notebook progress (the CLI draws its own bars)', () => {
    expect(jupyterKernel()).toBeUndefined();
    expect(notebookProgress('tasks')).toBeUndefined();
  });
});
