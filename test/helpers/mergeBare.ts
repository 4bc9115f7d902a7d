/**
 * The bare merge of docs/fabric-model.md measurement 140 (H31hi) and method change 145 (H33sp), shared by
 * benchmarks/merge-bare.ts and test/model/splitFifo.test.ts: one switch s whose output to host o carries 4λ. Hosts a and b
 * send λ each (Poisson); the third input brings 2λ from host c (two flows c-1, c-2) or, `fed`, from an upstream switch t
 * fed by hosts c and d. `split` (implies `fed`): a's input is instead a link from switch u carrying two flows, p (host p → o,
 * the busy output) and q (host q → host i, an idle output of s). The fixtures' switch: 2 KB packets, 2.5 Gb/s, one VL,
 * four-packet buffers, cut-through.
 */

/** One 2 KB packet on a 2.5 Gb/s link, µs. */
export const MTU_US = (2048 * 8) / 2.5e3;

/** The fabric scenario's parameters at λ = `lx` transmissions per transmission time per flow, and that rate (packets/s). */
export function mergeBare(lx: number, fed: boolean, split: boolean) {
  const r = lx / (MTU_US * 1e-6);
  const link = (a: string, b: string) => ({ a, b, rateGbps: 2.5 });
  const topology = fed || split
    ? { switches: [{ name: 's', ports: 4 }, { name: 't', ports: 3 }], hosts: ['a', 'b', 'c', 'd', 'o'].map((name) => ({ name })),
        links: [link('a', 's:1'), link('b', 's:2'), link('t:3', 's:3'), link('o', 's:4'), link('c', 't:1'), link('d', 't:2')] }
    : { switches: [{ name: 's', ports: 4 }], hosts: ['a', 'b', 'c', 'o'].map((name) => ({ name })),
        links: [link('a', 's:1'), link('b', 's:2'), link('c', 's:3'), link('o', 's:4')] };
  if (split) {
    topology.switches[0]!.ports = 5;
    topology.switches.push({ name: 'u', ports: 3 });
    topology.hosts = topology.hosts.filter((h) => h.name !== 'a').concat(['p', 'q', 'i'].map((name) => ({ name })));
    topology.links = topology.links.filter((l) => l.a !== 'a').concat([link('u:3', 's:1'), link('p', 'u:1'), link('q', 'u:2'), link('i', 's:5')]);
  }
  const named = [...(split ? [['p', 'p'], ['q', 'q']] : [['a', 'a']]), ['b', 'b'], ['c-1', 'c'], [fed || split ? 'd' : 'c-2', fed || split ? 'd' : 'c']];
  const flows = named.map(([name, source]) => ({ name: name!, source: source!, destination: name === 'q' ? 'i' : 'o', sl: 0 }));
  return {
    rate: r,
    params: {
      topology, vls: 1, slToVl: Array<number>(16).fill(0),
      arbitration: { high: [], low: [{ vl: 0, weight: 32 }], limitOfHighPriority: 0 },
      mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true,
      flows: flows.map((f) => ({ ...f, traffic: { kind: 'poisson' as const, rate: r }, packetBytes: 2048 })),
    },
  };
}
