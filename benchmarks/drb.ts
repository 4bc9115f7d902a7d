/**
 * What DRB costs the simulator: packet-hops per second of CPU time (process.cpuUsage, so waiting
 * for a core on a shared machine does not count) of the same `drb` run (8×8 torus, perfect shuffle,
 * seed 1) with static routing — without CC, and with the seed's IB CC (which marks packets and
 * acknowledges every one, as DRB does) — and with DRB (multipath LIDs on five VLs, per-packet path
 * choice, marking, an ACK per delivered packet, path timers). At 400 Mb/s per node DRB keeps one
 * path; at 1000 it opens several. Ratios are the static run's packet-hops/s over DRB's (1.30 = DRB
 * costs 30 % more CPU per packet-hop). ROUNDS (default 7) alternations after a JIT warm-up of all:
 * each round runs the three cases back to back and gives its own ratios, so a busy spell of a
 * shared machine slows the cases of one round alike; printed are the best rate of each case and the
 * median (min–max) of the per-round ratios.
 *
 *   npm run bench:drb
 */
import { drbFabric, parseDrbScenario } from '../src/studies/index.js';
import { machineLine } from './harness.js';

type Best = { hopsPerSecond: number; hops: number; events: number };
const ROUNDS = Number(process.env.ROUNDS ?? 7);
/** Simulated seconds per run: 10 ms (0.3–0.6 s of CPU), long enough that a GC pause or a scheduler tick is a small part. */
const UNTIL = Number(process.env.UNTIL ?? 0.01);
const CASES = [
  { label: 'static, no CC', routing: 'static', cc: 'none' },
  { label: 'static, IB CC (seed)', routing: 'static', cc: 'ibcc-drb-paper' },
  { label: 'DRB', routing: 'drb', cc: 'none' },
] as const;

function once(c: (typeof CASES)[number], load: number, until: number, best: Best, rates?: number[]): Best {
  const fabric = drbFabric(parseDrbScenario({ routing: c.routing, cc: c.cc, load }));
  // The tables' garbage is collected before the clock starts, so it is not billed to the run.
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = process.cpuUsage();
  fabric.run(until);
  const used = process.cpuUsage(t0);
  const seconds = (used.user + used.system) / 1e6;
  const m = fabric.measurements();
  rates?.push(m.packetHops / seconds);
  return m.packetHops / seconds > best.hopsPerSecond ? { hopsPerSecond: m.packetHops / seconds, hops: m.packetHops, events: m.events } : best;
}

/** The best rate of each case and, per round, the ratios static no CC / DRB and IB CC / DRB. */
function measure(load: number, until: number, rounds: number): { best: Best[]; ratios: [number[], number[]] } {
  const best: Best[] = CASES.map(() => ({ hopsPerSecond: 0, hops: 0, events: 0 }));
  const ratios: [number[], number[]] = [[], []];
  for (let i = 0; i < rounds; i++) {
    const rates: number[] = [];
    CASES.forEach((c, k) => (best[k] = once(c, load, until, best[k]!, rates)));
    ratios[0].push(rates[0]! / rates[2]!);
    ratios[1].push(rates[1]! / rates[2]!);
  }
  return { best, ratios };
}

/** Median (min–max) of per-round ratios. */
function spread(r: number[]): string {
  const s = [...r].sort((a, b) => a - b);
  const median = s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  return `${median.toFixed(2)} (${s[0]!.toFixed(2)}–${s.at(-1)!.toFixed(2)})`;
}

console.log(`# DRB cost benchmark — ${machineLine()}`);
console.log(`${ROUNDS} rounds per load; ratios: median (min–max) over the rounds`);
console.log(`| case | ${CASES.map((c) => `${c.label} (M hops/s CPU, best)`).join(' | ')} | events/hop (${CASES.map((c) => c.label).join(', ')}) | no CC / DRB | IB CC / DRB |`);
console.log(`|---|${CASES.map(() => '---|').join('')}---|---|---|`);
measure(400, 0.0005, 1); // JIT warm-up of every path
for (const load of [400, 1000]) {
  const { best: b, ratios } = measure(load, UNTIL, ROUNDS);
  console.log(
    `| torus 8×8, perfect shuffle, ${load} Mb/s per node, ${UNTIL * 1e3} ms | ${b.map((x) => (x.hopsPerSecond / 1e6).toFixed(2)).join(' | ')} | ${b.map((x) => (x.events / x.hops).toFixed(2)).join(', ')} | ${spread(ratios[0])} | ${spread(ratios[1])} |`,
  );
}
