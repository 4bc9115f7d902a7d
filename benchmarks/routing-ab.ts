/**
 * Routing A/B of two source trees (issue 30's one up*∕down*): the irregular networks (up*∕down*
 * tables, 4 sizes × 30 seeds), and on meshes, a torus with datelines, a fat-tree, the two-switch
 * network and irregular networks, `upDownForwarding` and `multipathRoutes` (2–4 paths, both escape
 * modes: ports, VL offsets, usable paths) compared entry for entry. Prints the number of checks and
 * any difference; exit code 1 on a difference.
 *
 *   npx tsx benchmarks/routing-ab.ts A_TREE B_TREE
 *   npx tsx benchmarks/routing-ab.ts /tmp/base .     # a tree: a directory with the project's src/ (git archive <commit> src)
 *
 * Either layout is read: src/network (issue 30 on) or src/sim/fabric (before).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [treeA, treeB] = process.argv.slice(2);
if (treeA === undefined || treeB === undefined) throw new Error('usage: routing-ab.ts A_TREE B_TREE');
const load = async (tree: string, rel: string) => import(pathToFileURL(resolve(tree, rel)).href);
const network = (tree: string) => (existsSync(resolve(tree, 'src/network/index.ts')) ? 'src/network/index.ts' : 'src/sim/fabric/index.ts');
const A = await load(treeA, network(treeA));
const Ar = await load(treeA, 'src/sim/random/streams.ts');
const B = await load(treeB, network(treeB));
const Br = await load(treeB, 'src/sim/random/streams.ts');
let checked = 0;
const same = (x: unknown, y: unknown, what: string) => {
  const a = JSON.stringify(x), b = JSON.stringify(y);
  if (a !== b) { console.log('DIFF', what); process.exitCode = 1; }
  checked++;
};
for (let seed = 1; seed <= 30; seed++) for (const switches of [8, 16, 32, 64]) {
  const ta = A.irregularTopology({ switches, routing: 'up-down' }, new Ar.RandomStreams(seed).stream('t'));
  const tb = B.irregularTopology({ switches, routing: 'up-down' }, new Br.RandomStreams(seed).stream('t'));
  same(ta, tb, `irregular ${seed} ${switches}`);
}
const topos: [string, unknown, unknown][] = [
  ['mesh 3x3', A.meshTopology(3, 3), B.meshTopology(3, 3)],
  ['mesh 8x4', A.meshTopology(8, 4), B.meshTopology(8, 4)],
  ['torus 4x4', A.meshTopology(4, 4, { torus: true, datelines: true }), B.meshTopology(4, 4, { torus: true, datelines: true })],
  ['fat-tree 4', A.fatTreeTopology(4), B.fatTreeTopology(4)],
  ['two-switch', A.twoSwitchTopology(), B.twoSwitchTopology()],
];
for (let seed = 1; seed <= 5; seed++) topos.push([`irregular16 ${seed}`, A.irregularTopology({ switches: 16, routing: 'up-down' }, new Ar.RandomStreams(seed).stream('t')), B.irregularTopology({ switches: 16, routing: 'up-down' }, new Br.RandomStreams(seed).stream('t'))]);
for (const [name, sa, sb] of topos) {
  const va = A.validateFabricTopology(sa), vb = B.validateFabricTopology(sb);
  same(A.upDownForwarding(va), B.upDownForwarding(vb), `upDown ${name}`);
  for (const paths of [2, 3, 4]) for (const escape of ['per-lid', 'shared']) {
    const ra = A.multipathRoutes(va, paths, { escape }), rb = B.multipathRoutes(vb, paths, { escape });
    same(ra.lids.map((l: any) => [Array.from(l.ports), Array.from(l.vlOffsets)]), rb.lids.map((l: any) => [Array.from(l.ports), Array.from(l.vlOffsets)]), `multipath ${name} ${paths} ${escape}`);
    same([ra.usable, ra.disjoint, ra.escapeVl, ra.vlCount], [rb.usable, rb.disjoint, rb.escapeVl, rb.vlCount], `usable ${name} ${paths} ${escape}`);
  }
}
console.log('checked', checked, process.exitCode ? 'DIFFERENCES' : 'all identical');
