// H44d scratch: the turns whose spill / top-up move most under TRY404 (run twice: TRY404 unset and =1, compare).
import { fabricModelNetwork } from '../src/model/spec/scenario.js';
import { solveModel } from '../src/model/solve.js';
import { simCaseParams } from '../benchmarks/sim-case-params.js';
const [name, label] = process.argv.slice(2);
const { params } = simCaseParams(name!, label!);
const net = fabricModelNetwork(params);
const { m, s } = solveModel(net, 1e-7, 500, 1);
const V = m.V;
const rows = [];
for (let t = 0; t < m.turnIn.length; t++) {
  const u = m.turnIn[t]!, c = m.turnOut[t]!;
  const x = s.xbar[c]!;
  if (!(s.lamT[t]! > 0)) continue;
  rows.push({ k: `${net.ports[(u / V) | 0]!.name}/${u % V}→${net.ports[(c / V) | 0]!.name}/${c % V}`, lt: s.lamT[t]! * x, spill: s.floorSpill[t]!, extra: s.floorExtra[t]! / x, slots: 0 });
}
console.log(JSON.stringify(rows));
