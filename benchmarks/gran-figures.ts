/**
 * Gran et al.'s Figs. 5, 8 and 9(a) at 648 hosts (radix 36, 8 hotspots), a few points each, one
 * replication per cell, 0.1 s from t = 0 — the full report's reading, each point seeded as the report
 * seeds it (the base seed and the point's params) — through the sweep machinery's `runReplication`
 * (what `ibqos report --only gran` runs per replication). Prints one JSON line per cell with the CPU
 * seconds and packet-hops per CPU-second. The figures in docs/gran.md ("At 648 hosts") came from it.
 *
 *   npm run build && node --import tsx benchmarks/gran-figures.ts [--figs 5,8,9a] [--part K/N] [--seed 1]
 *
 * `--part K/N` runs every N-th cell from the K-th (to spread the cells over processes).
 */
const distTask = '../dist/sweep/task.js';
const distSim = '../dist/sim/index.js';
const { runReplication } = (await import(distTask)) as typeof import('../src/sweep/task.js');
const { canonicalKey, deriveSeed } = (await import(distSim)) as typeof import('../src/sim/index.js');

function option(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}
const figs = option('figs', '5,8,9a').split(',');
const [part, parts] = option('part', '0/1').split('/').map(Number) as [number, number];
const seed = Number(option('seed', '1'));

const base = { radix: 36, hotspots: 8 };
const cells: { fig: string; params: Record<string, unknown> }[] = [];
for (const cc of ['off', 'on']) {
  for (const p of [0, 60, 100]) {
    if (figs.includes('5')) cells.push({ fig: '5', params: { ...base, cc, victims: 0.15, contributors: 0.6, bNodes: 0.25, p } });
    if (figs.includes('8')) cells.push({ fig: '8', params: { ...base, cc, victims: 0, contributors: 0, bNodes: 1, p } });
  }
  for (const hotspotLifetimeMs of [10, 1]) if (figs.includes('9a')) cells.push({ fig: '9a', params: { ...base, cc, victims: 0.2, contributors: 0.8, bNodes: 0, p: 0, hotspotLifetimeMs } });
}
cells.forEach(({ fig, params }, i) => {
  if (i % parts !== part) return;
  const spec = { scenario: 'ibcc-fat-tree', params };
  const c0 = process.cpuUsage();
  const out = runReplication({ scenario: 'ibcc-fat-tree', params, seed: deriveSeed(seed, canonicalKey(spec)), replication: 0, run: { until: 0.1, warmup: 0 } });
  const c = process.cpuUsage(c0);
  const cpu = (c.user + c.system) / 1e6;
  const hops = (out.metrics as Record<string, number>).packetHops ?? 0;
  console.log(JSON.stringify({ fig, ...params, cpuSeconds: cpu, packetHopsPerCpuSecond: hops / cpu, metrics: out.metrics }));
});
