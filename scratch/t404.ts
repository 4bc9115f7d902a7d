import { bufferSpill, bufferSpillTail, tailDecay } from '/work/wt44d/src/model/queues/floor.ts';
const rho = 0.761, L = 0.761 + 0.761 * 1.062, phi = 0.571 / 0.761;
const r = tailDecay(rho);
console.log('decay', r, 'geometric r', 1 - rho / L, 'spill geo', bufferSpill(rho, L, phi, 4), 'spill tail', bufferSpillTail(rho, L, phi, 4, r));
// consistency: with r = 1 − ρ/L the tail form equals the geometric
console.log(bufferSpill(rho, L, phi, 4), bufferSpillTail(rho, L, phi, 4, 1 - rho / L));
