import { describe, expect, it } from 'vitest';
import { linkClasses } from '../../../src/sim/fabric/link/linkClasses.js';

// Session 26 (issue 32): a port record names its link class; the class must give back the port's own rate and delay
// (the inputs themselves are the reference) and whether its peer is a host.
describe('linkClasses', () => {
  const rate = Float64Array.from([3.125e8, 1.25e9, 3.125e8, 3.125e8, 0.1 + 0.2, 1.25e9]);
  const delay = Float64Array.from([1e-8, 1e-8, 2.5e-8, 1e-8, 0.3, 1e-8]);
  const peer = Int32Array.from([1, 0, 3, 2, -1, 0]);
  const portSwitch = Int32Array.from([0, 1, 1, -1, 0, -1]);
  const classes = linkClasses(rate, delay, peer, portSwitch);

  it('gives every port its own rate and delay, bit for bit', () => {
    for (let g = 0; g < peer.length; g++) {
      const k = classes.code[g]! & ~1;
      expect(Object.is(classes.f64[k], rate[g])).toBe(true);
      expect(Object.is(classes.f64[k + 1], delay[g])).toBe(true);
    }
  });

  it('shares a class between equal (rate, delay) pairs only', () => {
    const cls = Array.from(classes.code, (c) => c >> 1);
    expect(cls[0]).toBe(cls[3]); // 3.125e8, 1e-8
    expect(cls[1]).toBe(cls[5]); // 1.25e9, 1e-8
    expect(new Set(cls).size).toBe(4);
    expect(classes.f64.length).toBe(8);
  });

  it('marks the ports whose peer is a host, and no unconnected one', () => {
    expect(Array.from(classes.code, (c) => c & 1)).toEqual([0, 0, 1, 0, 0, 0]);
  });
});
