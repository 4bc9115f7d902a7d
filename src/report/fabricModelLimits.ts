/**
 * The fabric-model section's two ends: where the model can be checked exactly (the thesis's two
 * switches: an exact Markov chain of two switches in a row, src/model/exact/exactTwoSwitch.ts, beside the
 * decomposition's own numbers) and where it fails (Gran's hotspots with and without IB CC: the
 * simulator's stored runs of benchmarks/fabric-model-reference/hotspot.ts, the model run live on the
 * same scenario, per flow class).
 */
import { fabricModelNetwork, solveFabric, type FabricModelResult } from '../model/index.js';
import { modelResult } from '../model/results/assemble.js';
import { solveModel } from '../model/solve.js';
import { solveTwoSwitchChain, twoSwitchScenario, TWO_SWITCH_CASES as TWO_SWITCH, type TwoSwitchChainParams } from '../model/exact/exactTwoSwitch.js';
import { quantile, readHotspot, type StoredHotspot } from './fabricModelData.js';
import type { AnyExperiment, Experiment, ExperimentResult } from './types.js';
import { maxOf, minOf } from '../core/arrays.js';

type ChainPoint = { readonly index: number; readonly m: number; readonly flows: number };
type HotspotPoint = { readonly cc: string; readonly load: number; readonly cls: string };

const DECOMPOSITION = 'decomposition';
const EXACT = 'exact chain';
const MODEL = 'fabric model';
const SIM = 'simulator (stored runs)';
const CLASSES = ['hotspot', 'victim', 'other'] as const;
const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(0)} %`;
const g3 = (x: number) => String(Number(x.toPrecision(3)));

/** Per flow (f0, f1, f2) of a two-switch case: [exact, decomposition] latency (µs) and throughput (packets/µs). */
function chainRecords(p: TwoSwitchChainParams): { exact: Record<string, Record<string, number>>; model: Record<string, Record<string, number>> } {
  const c = solveTwoSwitchChain(p);
  const r = modelResult(solveModel(fabricModelNetwork(twoSwitchScenario(p)), 1e-10, 500, 0.5));
  const exact: Record<string, Record<string, number>> = { latency: {}, throughput: {} };
  const model: Record<string, Record<string, number>> = { latency: {}, throughput: {} };
  for (const f of r.flows) {
    const i = Number(f.name.slice(1));
    exact.latency![f.name] = c.responseTime[i]!;
    exact.throughput![f.name] = c.throughput[i]!;
    model.latency![f.name] = f.latency;
    model.throughput![f.name] = (f.throughput * 1e3) / (2048 * 8);
  }
  return { exact, model };
}

/** The section's first and last experiments: the exact two-switch chain, the hotspot and IB CC runs. */
export function fabricModelLimitExperiments(options: { readonly quick: boolean; readonly dir?: string }): readonly AnyExperiment[] {
  const chains = new Map<number, ReturnType<typeof chainRecords>>();
  const chain = (i: number) => {
    if (!chains.has(i)) chains.set(i, chainRecords(TWO_SWITCH[i]!));
    return chains.get(i)!;
  };
  const twoSwitch: Experiment<ChainPoint> = {
    id: 'fabric-model-two-switch',
    title: "The fabric model on two switches in a row, against the exact Markov chain",
    source: 'issue 31 ("exact where it can be"); src/model/exact/exactTwoSwitch.ts; docs/fabric-model.md, "Where the model is exact"',
    description: [
      "The network: h0 and h1 → S1 → S2 → h3, with h2 joining at S2 (flows f0, f1 over both switches, f2 over S2 only; a rate of 0 leaves f1 out). Poisson arrivals, exponential links, store-and-forward, no delays, send queues of n packets, input buffers of m = 1 or 2 packets with credits: small enough for an exact continuous-time Markov chain (up to 918 states, solved by GTH). The chain's idle outputs pick a waiting input at random (the simulator takes the older request). Each marker is one flow: x the chain's mean sojourn (admission to delivery), y the decomposition's (the model without its exact one-link path).",
    ],
    points: () => TWO_SWITCH.map((p, index) => ({ index, m: p.m, flows: p.lambda.filter((l) => l > 0).length })),
    label: (p) => {
      const q = TWO_SWITCH[p.index]!;
      return `λ=${q.lambda.join('/')}, μ=${q.mu.join('/')}, μ12=${q.mu12}, μout=${q.muOut}, n=${q.n}, m=${q.m}`;
    },
    analytic: (p) => ({ [DECOMPOSITION]: chain(p.index).model, [EXACT]: chain(p.index).exact }),
    reference: (p) => ({ [EXACT]: chain(p.index).exact }),
    referenceNote: 'the exact chain (src/model/exact/exactTwoSwitch.ts; checked against the credit chain and the one-switch merge chain in their limits, test/model/exactTwoSwitch.test.ts), also drawn as an analytic series for the table.',
    comparedMetrics: [],
    contrasts: [
      {
        title: 'Decomposition against the exact chain, per flow',
        series: DECOMPOSITION,
        reference: EXACT,
        metrics: [
          { path: 'latency.f0', label: 'f0 sojourn (µs)' },
          { path: 'latency.f2', label: 'f2 sojourn (µs)' },
          { path: 'throughput.f0', label: 'f0 throughput (per µs)' },
          { path: 'throughput.f2', label: 'f2 throughput (per µs)' },
        ],
      },
    ],
    findings: (points) => {
      const errs = points.flatMap((p) => Object.keys((p.analytic[EXACT] as { latency: Record<string, number> }).latency).map((f) => {
        const e = (p.analytic[EXACT] as Record<string, Record<string, number>>).latency![f]!;
        const d = (p.analytic[DECOMPOSITION] as Record<string, Record<string, number>>).latency![f]!;
        return 100 * (d - e) / e;
      }));
      const over = errs.filter((e) => Math.abs(e) > 10).length;
      return [`Sojourn error of the decomposition, per flow: from ${pct(minOf(errs))} to ${pct(maxOf(errs))}; ${over} of ${errs.length} flows off by more than 10 % — where credits bind hard (one-packet buffers, a flow joining at the second switch) blocking couples the queues more than an effective service time carries.`];
    },
    figures: [
      {
        kind: 'scatter',
        id: 'sojourn',
        title: 'Mean sojourn per flow: decomposition against the exact chain of two switches',
        subtitle: 'one marker per flow; colour: input buffers of one or two packets; the dashed line is y = x',
        xLabel: 'exact chain',
        xUnit: 'µs',
        yLabel: 'decomposition',
        yUnit: 'µs',
        group: (p) => `buffers of ${p.m} packet${p.m > 1 ? 's' : ''}`,
        pairs: ({ analytic }) => {
          const e = (analytic[EXACT] as Record<string, Record<string, number>>).latency!;
          const d = (analytic[DECOMPOSITION] as Record<string, Record<string, number>>).latency!;
          return Object.keys(e).map((f) => [e[f]!, d[f]!] as const);
        },
      },
    ],
  };

  const radix = options.quick ? 12 : 36;
  const runs = new Map<string, { stored: StoredHotspot; model: FabricModelResult } | undefined>();
  const run = (cc: string, load: number) => {
    const key = `${cc}@${load}`;
    if (!runs.has(key)) {
      const stored = readHotspot(radix, cc as 'on' | 'off', load, options.dir === undefined ? undefined : options.dir);
      runs.set(key, stored && { stored, model: solveFabric(fabricModelNetwork(stored.params)) });
    }
    return runs.get(key);
  };
  const classRecord = (p: HotspotPoint) => {
    const r = run(p.cc, p.load)!;
    const names = Object.keys(r.stored.classes).filter((n) => r.stored.classes[n] === p.cls);
    const byName = new Map(r.model.flows.map((f) => [f.name, f]));
    const flagged = (flag: string) => names.filter((n) => byName.get(n)!.flags.includes(flag as never)).length;
    // Hurt in the simulator: under 95 % delivered, or a latency over twice the class-`other` median (as hotspot.ts counts).
    const calm = quantile(Object.keys(r.stored.classes).filter((n) => r.stored.classes[n] === 'other').map((n) => r.stored.flows[n]![2]!), 0.5);
    const hurt = names.filter((n) => r.stored.flows[n]![4]! < 0.95 || r.stored.flows[n]![2]! > 2 * calm);
    const warned = (n: string) => byName.get(n)!.flags.some((g) => g === 'congestion-tree' || g === 'saturated');
    return {
      sim: { throughput: quantile(names.map((n) => r.stored.flows[n]![0]!), 0.5), latency: quantile(names.map((n) => r.stored.flows[n]![2]!), 0.5) },
      model: {
        throughput: quantile(names.map((n) => byName.get(n)!.throughput), 0.5),
        latency: quantile(names.map((n) => byName.get(n)!.latency), 0.5),
        flows: names.length,
        congestionTree: flagged('congestion-tree'),
        saturated: flagged('saturated'),
        rateControl: flagged('rate-control'),
        hurt: hurt.length,
        hurtFlagged: hurt.filter(warned).length,
        flaggedNotHurt: names.filter((n) => !hurt.includes(n) && warned(n)).length,
        converged: r.model.diagnostics.converged ? 1 : 0,
      },
      pairs: names.map((n) => [r.stored.flows[n]!, byName.get(n)!] as const),
    };
  };
  const log = (x: number) => Math.log10(Math.max(x, 1e-6));
  const hotspot: Experiment<HotspotPoint> = {
    id: 'fabric-model-hotspot',
    title: "Where the fabric model fails: Gran's hotspots, with and without IB CC",
    source: 'issue 31 ("where it fails is shown"); benchmarks/fabric-model-reference/hotspot.ts; docs/fabric-model.md',
    description: [
      `Gran et al.'s set-up (src/studies/gran) as \`fabric\` scenario flows, so that the simulator and the model read the same JSON: a two-level folded Clos of radix ${radix} (${(radix * radix) / 2} hosts${options.quick ? "; the full report runs Gran's radix 36, 648 hosts" : ''}), 16 Gb/s links, VoQ switches, 8192-byte buffers, hosts injecting at most 13.5 Gb/s; 80 % of the hosts (C nodes) send Poisson traffic at the given load to one of 8 hotspots (send queues of 16 packets), 20 % (V nodes) to one fixed host that is not a hotspot. Classes: hotspot flows; victims (V flows whose path shares a link with a hotspot flow: they cross the congestion tree); others. With CC: every flow under IB CC, switches marking with Gran's threshold 15. The simulator's runs: 5 replications of 10 ms after a 5 ms warm-up (with CC still a transient: the paper measures 0.1 s). Markers: one per flow, log10 of the simulator's value (x) and of the model's (y).`,
    ],
    points: () =>
      ['off', 'on'].flatMap((cc) => [0.3, 0.6].flatMap((load) => (run(cc, load) === undefined ? [] : CLASSES.map((cls) => ({ cc, load, cls }))))),
    label: (p) => `CC ${p.cc}, load ${p.load}, ${p.cls} flows`,
    analytic: (p) => ({ [MODEL]: classRecord(p).model }),
    reference: (p) => ({ [SIM]: classRecord(p).sim }),
    referenceNote: `the simulator's stored runs, test/fixtures/fabric-model/hotspot/radix${radix}-cc<on|off>-<load>.json (medians over the class's flows).`,
    comparedMetrics: [],
    findings: (points) => (points.length === 0 ? [`Not drawn: no stored runs for radix ${radix} (benchmarks/fabric-model-reference/hotspot.ts writes them).`] : hotspotFindings(points)),
    figures: (['throughput', 'latency'] as const).flatMap((metric) =>
      ['off', 'on'].map((cc) => ({
        kind: 'scatter' as const,
        id: `${metric}-cc-${cc}`,
        title: `Per-flow ${metric}, model against simulator, IB CC ${cc}`,
        subtitle: 'one marker per flow (both loads), one colour per class; log10 axes; the dashed line is y = x',
        xLabel: `simulator ${metric} (log10 ${metric === 'throughput' ? 'Gb/s' : 'µs'})`,
        yLabel: `model ${metric} (log10 ${metric === 'throughput' ? 'Gb/s' : 'µs'})`,
        include: (p: HotspotPoint) => p.cc === cc,
        group: (p: HotspotPoint) => `${p.cls} flows`,
        pairs: ({ point }: { readonly point: HotspotPoint }) =>
          classRecord(point).pairs.map(([s, f]) => [log(metric === 'throughput' ? s[0]! : s[2]!), log(metric === 'throughput' ? f.throughput : f.latency)] as const),
      })),
    ),
  };
  return [twoSwitch, hotspot];
}

/**
 * One sentence per run: each class's medians, simulator against model, the flags the model set, and
 * whether they fall on the flows the simulator shows hurt (flagged = congestion-tree or saturated).
 */
function hotspotFindings(points: ExperimentResult['points']): string[] {
  const runs = [...new Set(points.map((p) => `${p.point.cc}|${p.point.load}`))];
  return runs.map((key) => {
    const [cc, load] = key.split('|');
    const parts = points
      .filter((p) => `${p.point.cc}|${p.point.load}` === key)
      .map((p) => {
        const s = p.reference![SIM] as { throughput: number; latency: number };
        const m = p.analytic[MODEL] as { throughput: number; latency: number; flows: number; congestionTree: number; saturated: number; rateControl: number; converged: number; hurt: number; hurtFlagged: number; flaggedNotHurt: number };
        const e = (a: number, b: number) => pct((100 * (a - b)) / b);
        return `${p.point.cls} flows (${m.flows}): throughput ${g3(s.throughput)} → ${g3(m.throughput)} Gb/s (${e(m.throughput, s.throughput)}), latency ${g3(s.latency)} → ${g3(m.latency)} µs (${e(m.latency, s.latency)}); flagged congestion-tree ${m.congestionTree}, saturated ${m.saturated}${cc === 'on' ? `, rate-control ${m.rateControl}` : ''}; hurt in the simulator ${m.hurt}, of them flagged ${m.hurtFlagged}; flagged but not hurt ${m.flaggedNotHurt}`;
      });
    const converged = (points.find((p) => `${p.point.cc}|${p.point.load}` === key)!.analytic[MODEL] as { converged: number }).converged;
    return `IB CC ${cc}, load ${load} (simulator → model, the class's medians and the error between them): ${parts.join('; ')}.${converged ? '' : ' The model did not converge (every flow flagged not-converged).'}`;
  });
}
