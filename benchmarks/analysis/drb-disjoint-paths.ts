/**
 * Usable disjoint paths of DRB's alternative LIDs (docs/drb.md, "Disjoint paths: what exists"): for
 * the 8×8 torus and the 32-node mesh in both numberings, under the two routings of the alternatives
 * (the mesh/torus's other dimension orders on two VL classes, meshRoutes.ts; up*∕down* per LID,
 * multipath.ts), the mean over all pairs and how many perfect-shuffle pairs have 1, 2, 3, 4 paths
 * (the first four, as a DRB source uses them).
 *
 *   npx tsx benchmarks/analysis/drb-disjoint-paths.ts
 */
import { meshTopology, validateFabricTopology } from '../../src/network/index.js';
import { multipathRoutes } from '../../src/network/routing/multipath.js';
import { alternativeOrders, meshDimensionOrderLids } from '../../src/network/routing/meshRoutes.js';
import { permutationDestination } from '../../src/sim/traffic/patterns.js';

console.log('| topology | alternatives | LIDs | mean over all pairs (first 4) | perfect-shuffle pairs with 1 / 2 / 3 / 4 paths |\n|---|---|---|---|---|');
for (const [name, w, h, torus] of [
  ['torus 8×8', 8, 8, true],
  ['mesh 4×8', 4, 8, false],
  ['mesh 8×4', 8, 4, false],
] as const) {
  const topo = validateFabricTopology(meshTopology(w, h, { torus, datelines: torus }));
  for (const kind of ['dimension-order', 'up-down'] as const) {
    const lids = kind === 'dimension-order' ? 1 + alternativeOrders(torus).length : 4;
    const m = multipathRoutes(topo, lids, kind === 'dimension-order' ? { alternatives: meshDimensionOrderLids(w, h, torus) } : {});
    const n = w * h;
    let sum = 0;
    for (let s = 0; s < n; s++) for (let d = 0; d < n; d++) if (s !== d) sum += Math.min(4, m.usable[s]![d]!.length);
    const counts = [0, 0, 0, 0];
    for (let s = 0; s < n; s++) {
      const d = permutationDestination('perfect-shuffle', s, n);
      if (d !== s) counts[Math.min(4, m.usable[s]![d]!.length) - 1]!++;
    }
    console.log(`| ${name} | ${kind} | ${lids} | ${(sum / (n * (n - 1))).toFixed(2)} | ${counts.join(' / ')} |`);
  }
}
