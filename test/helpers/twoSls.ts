/**
 * The bare-mechanism set-ups shared by the fabric model's tests (test/model) and benchmarks
 * (benchmarks/*-bare.ts): the reference cases' switch settings with two SLs, and the two small
 * networks the heads' and floors' checks simulate. 2 KB packets, 2.5 Gb/s links.
 */

/** Two SLs on VLs 0 and 1, VLArb weights 32 : 96 (one 2 KB packet of VL 0 a visit, three of VL 1), buffers of four packets, cut-through. */
export const TWO_SLS = {
  vls: 2,
  slToVl: [0, 1, ...Array<number>(14).fill(0)],
  arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }], limitOfHighPriority: 0 },
  mtu: 2048,
  bufferBytes: 4 * 2048,
  switchLatencyNs: 100,
  cutThrough: true,
};

/** One switch s: hosts a and b on ports 1 and 2 send towards o on port 3. */
export function twoIntoOne() {
  return {
    switches: [{ name: 's', ports: 3 }],
    hosts: [{ name: 'a' }, { name: 'b' }, { name: 'o' }],
    links: [{ a: 'a', b: 's:1', rateGbps: 2.5 }, { a: 'b', b: 's:2', rateGbps: 2.5 }, { a: 'o', b: 's:3', rateGbps: 2.5 }],
  };
}

/** Hosts a0–a2 on switch u, whose port 4 links to s:1 (a train over one link); host b on s:2 and o on s:3. */
export function trainIntoOne() {
  return {
    switches: [{ name: 'u', ports: 4 }, { name: 's', ports: 3 }],
    hosts: [{ name: 'a0' }, { name: 'a1' }, { name: 'a2' }, { name: 'b' }, { name: 'o' }],
    links: [
      ...[0, 1, 2].map((i) => ({ a: `a${i}`, b: `u:${i + 1}`, rateGbps: 2.5 })),
      { a: 'u:4', b: 's:1', rateGbps: 2.5 },
      { a: 'b', b: 's:2', rateGbps: 2.5 },
      { a: 'o', b: 's:3', rateGbps: 2.5 },
    ],
  };
}
