/**
 * The lower VLs' run at a freed input port (docs/models.md §13.4, change 41 of docs/fabric-model.md):
 * with several lower VLs the chance that one more of their packets keeps the port is the chance that
 * at least one has it, 1 − Π(1 − p_w), not Σ p_w; and the run is at most 1/(1 − ρ_lower). Checked on
 * a state set by hand (one switch, one input port with four VL buffers), against the equation worked
 * out here by hand.
 */
import { describe, expect, it } from 'vitest';
import { fabricModelNetwork } from '../../src/model/index.js';
import { compileModel } from '../../src/model/spec/compile.js';
import { newState } from '../../src/model/fixedPoint/state.js';
import { otherVlsReadout } from '../../src/model/queues/portReadout.js';
import { singleSwitchTopology } from '../../src/network/index.js';

/** h0 sends SLs 0–2 (VLs 0–2) to h1 and SL 3 (VL 3) to h2: VL 3's head waits for h0's port behind the lower VLs' packets to h1. */
function setUp(lowerLoad: number, behind: number) {
  const flows = [0, 1, 2, 3].map((sl) => ({ name: `f${sl}`, source: 'h0', destination: sl < 3 ? 'h1' : 'h2', sl, traffic: { kind: 'poisson' as const, rate: 1000 } }));
  const net = fabricModelNetwork({ topology: singleSwitchTopology(3), vls: 4, slToVl: [0, 1, 2, 3, ...Array<number>(12).fill(0)], bufferBytes: 4 * 2048, flows });
  const m = compileModel(net);
  const s = newState(m);
  const x = (2048 * 8) / 2.5e9; // one packet on every link, s
  const h0 = net.ports.findIndex((p) => p.name === 'h0');
  const u = (v: number) => h0 * m.V + v;
  for (let v = 0; v < 4; v++) {
    const c = u(v);
    const l = (v < 3 ? lowerLoad / 3 : 0.1) / x;
    s.lam[c] = l;
    s.xbar[c] = x;
    // λ(S − x) = behind: the chance the VL's next packet is already in its buffer.
    s.headTime[c] = x + behind / l;
    for (let i = m.turnsStart[c]!; i < m.turnsStart[c + 1]!; i++) {
      const t = m.turnsOf[i]!;
      s.lamT[t] = l;
      s.headWaitProb[t] = 0; // the output free: every such packet keeps the port
      s.xbar[m.turnOut[t]!] = x;
      s.x2[m.turnOut[t]!] = x * x; // fixed transmissions
      s.x3[m.turnOut[t]!] = x * x * x;
    }
  }
  const out = new Float64Array(8);
  otherVlsReadout(m, s, u(3), out, new Float64Array(3 * m.P));
  return { e: out[0]!, x };
}

describe("the lower VLs' run at a freed input port (change 41)", () => {
  it.each([
    // ρ_lower, q (each lower VL's chance to have its next packet): run = min(1/(1 − q)³, 1/(1 − ρ_lower))
    [0.75, 0.5, Math.min(1 / 0.125, 1 / 0.25)], // Σ q = 1.5 (the old form: a run of 10⁹); the load bound 4 binds
    [0.3, 0.5, Math.min(1 / 0.125, 1 / 0.7)], // the load bound 1.43 binds
    [0.9, 0.2, Math.min(1 / 0.8 ** 3, 1 / 0.1)], // "at least one of three": 1.95, below Σ's 1/(1 − 0.6) = 2.5
  ])('ρ_lower %d, q %d: the port wait is Σ_w run · λ_w q x²/2 (a lower packet is delayed with chance q)', (rho, q, run) => {
    const { e, x } = setUp(rho, q);
    const expected = 3 * run * (rho / 3 / x) * q * (x * x) / 2;
    expect(Math.abs(e - expected) / expected).toBeLessThan(1e-12);
  });
});
