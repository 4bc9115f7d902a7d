/**
 * The scenario of the rotation tests (test/model/visitRuns.test.ts, change 168/218; test/model/passThrough.test.ts, change
 * 270): hosts a0, a1 on S0 send SL 1 (VL 1) to b and c on S1, host e on S1 sends SL 0 (VL 0) to c, each offered the whole
 * 2.5 Gb/s link; VLArb 96 : 96, FIFO input buffers of four 2048-byte packets, cut-through. With `behindS2` host c hangs
 * off a third switch S2 (S1:3 → S2:1, S2:2 → c), whose port to c is fed by one link no faster than itself.
 * The exact shares are the same either way: a0 → b 1/4, a1 → c 1/4, e → c 3/4 of the link.
 */
export const LINK = 2.5; // Gb/s
const PPS = (LINK * 1e9) / 8 / 2048;

export function rotationChain(behindS2: boolean) {
  const toC = behindS2 ? [{ a: 'S1:3', b: 'S2:1', rateGbps: LINK }, { a: 'S2:2', b: 'c', rateGbps: LINK }] : [{ a: 'S1:3', b: 'c', rateGbps: LINK }];
  return {
    topology: {
      switches: [{ name: 'S0', ports: 3 }, { name: 'S1', ports: 4 }, ...(behindS2 ? [{ name: 'S2', ports: 2 }] : [])],
      hosts: [{ name: 'a0' }, { name: 'a1' }, { name: 'b' }, { name: 'c' }, { name: 'e' }],
      links: [
        { a: 'a0', b: 'S0:1', rateGbps: LINK },
        { a: 'a1', b: 'S0:2', rateGbps: LINK },
        { a: 'S0:3', b: 'S1:1', rateGbps: LINK },
        { a: 'S1:2', b: 'b', rateGbps: LINK },
        ...toC,
        { a: 'e', b: 'S1:4', rateGbps: LINK },
      ],
    },
    vls: 2,
    slToVl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    arbitration: { high: [], low: [{ vl: 0, weight: 96 }, { vl: 1, weight: 96 }], limitOfHighPriority: 0 },
    mtu: 2048,
    bufferBytes: 8192,
    switchLatencyNs: 100,
    cutThrough: true,
    flows: [
      { name: 'a0-b', source: 'a0', destination: 'b', sl: 1, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 },
      { name: 'a1-c', source: 'a1', destination: 'c', sl: 1, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 },
      { name: 'e-c', source: 'e', destination: 'c', sl: 0, traffic: { kind: 'poisson', rate: PPS }, packetBytes: 2048 },
    ],
  };
}

/** The exact shares of the link (the tests' module comments derive them). */
export const EXACT: Record<string, number> = { 'a0-b': 1 / 4, 'a1-c': 1 / 4, 'e-c': 3 / 4 };
