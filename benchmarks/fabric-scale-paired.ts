/**
 * Issue 32's scale point, paired closely (session 29): bench:scale's two cases (fabric-scale.ts: the
 * fat-trees k = 16 and k = 32, a seeded random permutation of Poisson flows at 50 % load) built side by side
 * in **one** child process and run in alternating slices of their windows, so that each k = 32 slice has a
 * k = 16 slice beside it within a fraction of a second.
 *
 * Why: on this shared VM the rate of the same deterministic window moves by up to 2 × from one child
 * process to the next and, within one process, from one tenth of a second to the next (session 29: lean
 * k = 16 windows of 45 ms at 1.5–3.0 M packet-hops per CPU-second back to back). bench:scale's rounds run
 * the two sizes in children seconds apart (each builds its fabric first), so its per-round ratio carries that
 * drift: 0.44–0.98 in one quiet run. Here both sizes share the process (the same JIT code, the same heap),
 * and the ratio is taken slice by slice.
 *
 * A child builds both fabrics, warms each up (the warm-up µs), then runs `slices` pairs: slice i advances
 * k = 16 by window16 / slices µs and k = 32 by window32 / slices µs, in the order k = 16, k = 32 for even
 * i and the reverse for odd i; each slice's CPU time (process.cpuUsage) and packet-hops give its rate. The
 * two simulations are the ones bench:scale times (same seeds, same simulated spans), only cut in slices.
 * **The first pair is reported and left out of the medians**: it holds the JIT's tier-up (both sizes' first
 * slices run at about half the later rate, whichever comes first — measured, session 29).
 *
 * `--engine bound:CASE` runs the fourteenth pass's bound instead (fabric-scale-bound-cases.ts, e.g.
 * `bound:pack32:wheel`: the same traffic on minimal hand-laid-out state), to set the engines' ratio beside
 * what a minimal simulator of the case reaches under the same pairing.
 *
 * `--control` builds k = 16 twice instead (the same case twice): its ratio says what the pairing itself
 * does (slot order, the other fabric's lines in the caches); it should be ~1.
 *
 *     nice -n 10 npx tsx benchmarks/fabric-scale-paired.ts [children] [warm-up µs] [window k=16 µs] [window k=32 µs] [slices] [--engine lean|standard|bound:CASE] [--control]
 *     npx tsx benchmarks/fabric-scale-paired.ts 6 50 3000 500 10 --engine lean
 *
 * Printed: per child the slices' rates and ratios; over all children (pairs 2…) the median of the pair
 * ratios with its quartiles, the median rate per size and their ratio, peak RSS.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { scaleFlows } from './derangement.js';
import { boundCase, buildCase } from './fabric-scale-bound-cases.js';

interface Slice {
  readonly hops: number;
  readonly cpuSeconds: number;
}

interface ChildResult {
  /** Per pair: [first fabric (k = 16), second fabric (k = 32, or k = 16 under --control)]. */
  readonly pairs: readonly (readonly [Slice, Slice])[];
  readonly buildSeconds: number;
  readonly peakRssMiB: number;
}

interface Runner {
  run(until: number, resetAt?: number): void;
  measurements(): { readonly packetHops: number };
}

async function child(engine: string, warmUs: number, w16: number, w32: number, slices: number, control: boolean): Promise<void> {
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const N = await import(pathToFileURL(resolve(here, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(here, engine === 'lean' ? 'src/sim/fabric/lean/index.ts' : 'src/sim/fabric/index.ts')).href);
  const t0 = process.hrtime.bigint();
  const build = (k: number): Runner => {
    if (engine.startsWith('bound:')) {
      const b = buildCase(k, engine.slice('bound:'.length));
      let reset = 0;
      return {
        run: (until, resetAt) => {
          b.run(until);
          if (resetAt !== undefined) reset = b.counts().hops;
        },
        measurements: () => ({ packetHops: b.counts().hops - reset }),
      };
    }
    const topology = N.fatTreeTopology(k);
    return (engine === 'lean' ? F.buildLeanFabric : F.buildFabric)({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
  };
  const sizes = control ? [16, 16] : [16, 32];
  const fabrics = sizes.map(build);
  const buildSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const warm = warmUs * 1e-6;
  for (const f of fabrics) f.run(warm, warm);
  const step = sizes.map((k) => ((k === 16 ? w16 : w32) * 1e-6) / slices);
  const at = [warm, warm];
  const hopsBefore = [0, 0];
  const pairs: [Slice, Slice][] = [];
  for (let i = 0; i < slices; i++) {
    const got: Slice[] = [];
    for (const j of i % 2 === 0 ? [0, 1] : [1, 0]) {
      at[j] = at[j]! + step[j]!;
      const c0 = process.cpuUsage();
      fabrics[j]!.run(at[j]!);
      const c = process.cpuUsage(c0);
      const hops = fabrics[j]!.measurements().packetHops;
      got[j] = { hops: hops - hopsBefore[j]!, cpuSeconds: (c.user + c.system) / 1e6 };
      hopsBefore[j] = hops;
    }
    pairs.push([got[0]!, got[1]!]);
  }
  const result: ChildResult = { pairs, buildSeconds, peakRssMiB: process.resourceUsage().maxRSS / 1024 };
  console.log(JSON.stringify(result));
}

const quantile = (x: readonly number[], q: number): number => {
  const s = [...x].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(args[1]!, Number(args[2]), Number(args[3]), Number(args[4]), Number(args[5]), args[6] === 'control');
} else {
  const control = args.includes('--control');
  const e = args.indexOf('--engine');
  const engine = e >= 0 ? args[e + 1]! : 'lean';
  if (engine.startsWith('bound:')) boundCase(engine.slice('bound:'.length));
  else if (engine !== 'lean' && engine !== 'standard') throw new Error(`--engine: 'lean', 'standard' or 'bound:CASE', not '${engine}'`);
  const rest = args.filter((a, i) => a !== '--control' && (e < 0 || (i !== e && i !== e + 1)));
  const [childrenArg = '6', warmArg = '50', w16Arg = '3000', w32Arg = '500', slicesArg = '10'] = rest;
  const slices = Number(slicesArg);
  if (!Number.isInteger(slices) || slices < 2) throw new Error(`slices: an integer of at least 2, not '${slicesArg}'`);
  const second = control ? 'k=16 (control)' : 'k=32';
  console.log(
    `# fabric scale, paired slices — ${machineLine()}; engine ${engine}; warm-up ${warmArg} µs; windows k=16 ${w16Arg} µs, ${second} ${control ? w16Arg : w32Arg} µs in ${slices} slices each`,
  );
  console.log(`| child | pair | k=16 M/CPU-s | ${second} M/CPU-s | ratio | load |`);
  console.log('|---|---|---|---|---|---|');
  const rate = (s: Slice): number => s.hops / s.cpuSeconds / 1e6;
  const ratios: number[] = [];
  const rates: [number[], number[]] = [[], []];
  const childMedians: number[] = [];
  const script = fileURLToPath(import.meta.url);
  for (let c = 1; c <= Number(childrenArg); c++) {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', script, '--child', engine, warmArg, w16Arg, control ? w16Arg : w32Arg, slicesArg, control ? 'control' : '-'],
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    const r = JSON.parse(out.trim().split('\n').pop()!) as ChildResult;
    const mine: number[] = [];
    r.pairs.forEach(([a, b], i) => {
      const x = rate(b) / rate(a);
      console.log(`| ${c} | ${i + 1}${i === 0 ? ' (left out)' : ''} | ${rate(a).toFixed(3)} | ${rate(b).toFixed(3)} | ${x.toFixed(3)} | ${loadavg()[0]!.toFixed(1)} |`);
      if (i === 0) return;
      mine.push(x);
      ratios.push(x);
      rates[0].push(rate(a));
      rates[1].push(rate(b));
    });
    childMedians.push(quantile(mine, 0.5));
    console.log(`child ${c}: build ${r.buildSeconds.toFixed(1)} s, peak RSS ${r.peakRssMiB.toFixed(0)} MiB, median pair ratio ${quantile(mine, 0.5).toFixed(3)}`);
  }
  const m0 = quantile(rates[0], 0.5);
  const m1 = quantile(rates[1], 0.5);
  console.log(`children's median pair ratios: ${childMedians.map((x) => x.toFixed(3)).join(' / ')}`);
  console.log(
    `all pairs but each child's first (${ratios.length}): ${second} / k=16 median ${quantile(ratios, 0.5).toFixed(3)} (quartiles ${quantile(ratios, 0.25).toFixed(3)}–${quantile(ratios, 0.75).toFixed(3)}); median rates k=16 ${m0.toFixed(3)}, ${second} ${m1.toFixed(3)} M packet-hops/CPU-s, their ratio ${(m1 / m0).toFixed(3)}`,
  );
}
