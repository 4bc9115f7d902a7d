/**
 * Is the k = 32 hop slower because of the CODE V8 made for it or because of the MEMORY it walks? (issue 32; session
 * 26, H43prof). bench:scale's case (fabric-scale.ts) at k = 16 and k = 32 in ONE process, one after the other (each
 * built, warmed up and timed over a window; the first fabric dropped and collected before the second is built), in
 * both orders, each order in its own child. The second size runs the code V8 optimized on the first size's type
 * feedback and call counts (and re-optimizes only where that code deopts): if a size's ns per hop is the same first
 * and second, its time is not in its own code's shape.
 *
 *     nice -n 19 node --expose-gc --import tsx benchmarks/fabric-scale-cross.ts [rounds] [warm-up µs] [window k=16 µs] [window k=32 µs]
 *     nice -n 19 node --expose-gc --import tsx benchmarks/fabric-scale-cross.ts 3 100 3000 250
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { machineLine } from './harness.js';
import { scaleFlows } from './derangement.js';

const here = resolve(fileURLToPath(import.meta.url), '../..');

/** Child: the sizes in the given order; one JSON line of ns per hop per size. */
async function child(order: number[], warmUs: number, windows: Record<number, number>): Promise<void> {
  const N = await import(pathToFileURL(resolve(here, 'src/network/index.ts')).href);
  const F = await import(pathToFileURL(resolve(here, 'src/sim/fabric/index.ts')).href);
  const out: Record<number, number> = {};
  for (const k of order) {
    (globalThis as { gc?: () => void }).gc?.();
    const topology = N.fatTreeTopology(k);
    const fabric = F.buildFabric({ topology, seed: 1, flows: scaleFlows(topology.hosts) });
    const warm = warmUs * 1e-6;
    fabric.run(warm, warm);
    const c0 = process.cpuUsage();
    fabric.run(warm + windows[k]! * 1e-6);
    const c = process.cpuUsage(c0);
    out[k] = ((c.user + c.system) * 1e3) / fabric.measurements().packetHops;
  }
  console.log(JSON.stringify(out));
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(args[1]!.split(',').map(Number), Number(args[2]), { 16: Number(args[3]), 32: Number(args[4]) });
} else {
  const [roundsArg = '3', warm = '100', w16 = '3000', w32 = '250'] = args;
  const script = fileURLToPath(import.meta.url);
  console.log(`# fabric-scale-cross — ${machineLine()}; warm-up ${warm} µs; windows k=16 ${w16} µs, k=32 ${w32} µs`);
  console.log('| round | order | k = 16 ns/hop | k = 32 ns/hop | load | time (UTC) |');
  console.log('|---|---|---|---|---|---|');
  for (let round = 1; round <= Number(roundsArg); round++) {
    for (const order of round % 2 === 1 ? ['16,32', '32,16'] : ['32,16', '16,32']) {
      const line = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', script, '--child', order, warm, w16, w32], { cwd: here, encoding: 'utf8' });
      const r = JSON.parse(line.trim().split('\n').pop()!) as Record<number, number>;
      console.log(`| ${round} | ${order.replace(',', ' then ')} | ${r[16]!.toFixed(0)} | ${r[32]!.toFixed(0)} | ${loadavg()[0]!.toFixed(1)} | ${new Date().toISOString().slice(11, 19)} |`);
    }
  }
}
