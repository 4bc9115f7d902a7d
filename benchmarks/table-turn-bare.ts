/**
 * H42tp (change 321, docs/fabric-model.md): the table's turn after another input's packet that ends its visit, bare. A train of
 * three hosts over one link into s:1 on VLs 0 and 1 (`heavy` of the link, half on each VL), a light host b into s:2 on VLs 0 and 1
 * (`light`, half each), all to o, the 2-SL table 32 : 96 (mesh8x8-transpose-2sl's s1_0 at 50 %: 0.41 / 0.07). Prints the
 * simulator's latency per flow (mean ± 95 % half-width, `--reps` replications of `--packets` packets per light flow, `--seed`)
 * beside the fabric model's (whatever TRY switches the environment sets). A measuring aid, not a score.
 *
 *     nice -n 19 npx tsx benchmarks/table-turn-bare.ts [--heavy 0.41] [--light 0.068] [--reps 5] [--packets 20000] [--seed 7] [--model-only]
 */
import { simulate } from '../src/index.js';
import { fabricModelNetwork, solveFabric } from '../src/model/index.js';
import { TWO_SLS, trainIntoOne } from '../test/helpers/twoSls.js';

const args = process.argv.slice(2);
const opt = (name: string, d: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : d;
};
const heavy = Number(opt('--heavy', '0.41'));
const light = Number(opt('--light', '0.068'));
const reps = Number(opt('--reps', '5'));
const packets = Number(opt('--packets', '20000'));
const seed = Number(opt('--seed', '7'));
const X_US = (2048 * 8) / 2.5e3;
const pps = (load: number) => load / (X_US * 1e-6);
const flow = (h: string, sl: number, load: number) => ({ name: `${h}-sl${sl}`, source: h, destination: 'o', sl, traffic: { kind: 'poisson' as const, rate: pps(load) }, packetBytes: 2048 });
const params = { topology: trainIntoOne(), ...TWO_SLS, flows: [...['a0', 'a1', 'a2'].flatMap((h) => [0, 1].map((sl) => flow(h, sl, heavy / 6))), ...[0, 1].map((sl) => flow('b', sl, light / 2))] };
const r = solveFabric(fabricModelNetwork(params as never));
const names = ['a0-sl0', 'a0-sl1', 'b-sl0', 'b-sl1'];
let sim: Record<string, { mean: number; halfWidth: number }> | undefined;
if (!args.includes('--model-only')) {
  const until = packets / pps(light / 2);
  sim = (simulate({ scenario: 'fabric', params } as never, { replications: reps, seed, until, warmup: until / 5 }) as unknown as { metrics: { latency: Record<string, { mean: number; halfWidth: number }> } }).metrics.latency;
}
console.log(`heavy ${heavy} light ${light}: latency in x (${X_US.toFixed(3)} µs)`);
for (const n of names) {
  const m = r.flows.find((f) => f.name === n)!.latency / X_US;
  const s = sim?.[n];
  console.log(`${n}: model ${m.toFixed(3)}` + (s ? ` sim ${(s.mean / X_US).toFixed(3)} ± ${((s.halfWidth / s.mean) * 100).toFixed(1)} % err ${((m / (s.mean / X_US) - 1) * 100).toFixed(1)} %` : ''));
}
