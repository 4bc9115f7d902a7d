/**
 * Each flow's throughput over replications of a fabric scenario, as a fraction of a link: seeds 1 … n, each run for
 * `untilS` with `warmupS` warm-up (the share tests' simulator side: test/model/shares.test.ts, visitRuns.test.ts).
 */
import { buildFabric } from '../../src/sim/fabric/index.js';

export function replicatedThroughputs(params: object, linkGbps: number, replications = 5, untilS = 0.02, warmupS = 0.002): Record<string, number[]> {
  const runs: Record<string, number[]> = {};
  for (let seed = 1; seed <= replications; seed++) {
    const fabric = buildFabric({ ...params, seed } as never);
    fabric.run(untilS, warmupS);
    for (const f of fabric.measurements().flows) (runs[f.name] ??= []).push(f.throughputGbps / linkGbps);
  }
  return runs;
}
