/**
 * The simulator's parameters for the head-time aids (sim-head-times.ts, sim-ready-heads.ts): a fixture
 * case of test/fixtures/fabric-model at one of its load points (every flow Poisson at that point's rate),
 * or one switch alone — `switch8-2sl` / `switch8-1sl` / `switch4-2sl` / `switch4-1sl` with LABEL the load
 * per host: a host on each port, two flows per host (SL 0, SL 1; on one VL for `-1sl`) to uniform
 * destinations, 2.5 Gb/s, buffers of four 2 KB packets, VL weights 1 : 3. `bufferBytes` > 0 resizes
 * the input buffers (H31z: the credit limit's part in a buffer's time). `wrr4to4-2sl[-equal]`: fabric-model-wrr-switch.ts's set-up.
 * `merge2-bare` (H44e): two hosts a, b on one switch s (ports 1, 2) sending to host o (port 3), LABEL each flow's λx; one VL,
 * four 2 KB slots, 2.5 Gb/s, cut-through — the two-input merge whose heads the oldest-first rule alone orders.
 * `merge3-bare` (H44b, moved here from sim-merge-split.ts by H46a): LABEL `LA/LB/LH/LS`, one switch s, output o (s:4), side host
 * i (s:5); inputs s:1, s:2 links from switches ta, tb each fed by one host (a, b: λx LA, LB to o), s:3 a link from switch th fed
 * by hosts c, d (LH/2 each to o) and e (LS to i); one VL, four 2 KB slots, 2.5 Gb/s, cut-through; `pps` the rate of a λx of 1.
 * `merge-bare-split` (H41shf): change 145's bare mechanism (test/helpers/mergeBare.ts, split) with LABEL each flow's λx.
 * `stair-bare` (H42stair): test/model/stairMerge.test.ts's bare stair (hosts a0–a2 over link u:4 → s:1, host b on s:2, both
 * to o; one VL, four 2 KB slots) with LABEL `HEAVY/LIGHT`, the link's and b's λx (e.g. 0.77/0.13); `pps` is b's rate.
 * `leaf-merge-2sl` / `leaf-merge-sw-2sl` (H44a, entry 371): the 4-ary 2-tree's leaf output to a host as a bare merge — switch s
 * with output o (to a host), a heavy input sending only to o and three light hosts l1–l3 each sending 1/15 of their packets to
 * o and the rest to their own sink k1–k3; both SLs alike (VLs 1 : 3, four 2 KB slots); LABEL `HEAVY/LIGHT` the heavy input's
 * and each light host's λx, both SLs together (the tree at 90 %: 0.552/0.69). The heavy input is a host on s (`leaf-merge`) or
 * the link from switch u, fed by three hosts a0–a2 each sending a third of it (`-sw`: switch-fed, as the tree's top switch).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wrrSwitchParams } from './fabric-model-wrr-switch.js';
import { mergeBare } from '../test/helpers/mergeBare.js';
import { trainIntoOne } from '../test/helpers/twoSls.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function simCaseParams(name: string, label: string, bufferBytes = 0): { params: any; pps: number } {
  // One switch, h0–h3 each sending both SLs to each of h4–h7 at LABEL of the links (fabric-model-wrr-switch.ts; H35lat).
  if (name === 'wrr4to4-2sl' || name === 'wrr4to4-2sl-equal') return wrrSwitchParams(Number(label), name.endsWith('-equal'));
  if (name === 'merge2-bare') {
    const pps = (Number(label) * 2.5e9) / (2048 * 8);
    const link = (a: string, b: string) => ({ a, b, rateGbps: 2.5 });
    const params = {
      topology: { switches: [{ name: 's', ports: 3 }], hosts: ['a', 'b', 'o'].map((name) => ({ name })), links: [link('a', 's:1'), link('b', 's:2'), link('o', 's:3')] },
      vls: 1, slToVl: Array<number>(16).fill(0),
      arbitration: { high: [], low: [{ vl: 0, weight: 255 }], limitOfHighPriority: 0 },
      mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true,
      flows: ['a', 'b'].map((h) => ({ name: h, source: h, destination: 'o', sl: 0, traffic: { kind: 'poisson', rate: pps }, packetBytes: 2048 })),
    };
    return { params, pps };
  }
  if (name === 'merge3-bare') return merge3Bare(label);
  if (name === 'merge-bare-split') {
    const bare = mergeBare(Number(label), true, true);
    return { params: bare.params, pps: bare.rate };
  }
  if (name === 'stair-bare') {
    const [heavy, light] = label.split('/').map(Number) as [number, number];
    const pps = (load: number) => (load * 2.5e9) / (2048 * 8);
    const flow = (h: string, load: number) => ({ name: h, source: h, destination: 'o', sl: 0, traffic: { kind: 'poisson', rate: pps(load) }, packetBytes: 2048 });
    const params = {
      topology: trainIntoOne(), vls: 1, slToVl: Array<number>(16).fill(0),
      arbitration: { high: [], low: [{ vl: 0, weight: 255 }], limitOfHighPriority: 0 },
      mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true,
      flows: [...['a0', 'a1', 'a2'].map((h) => flow(h, heavy / 3)), flow('b', light)],
    };
    return { params, pps: pps(light) };
  }
  if (name === 'leaf-merge-2sl' || name === 'leaf-merge-sw-2sl') return leafMerge(label, name === 'leaf-merge-sw-2sl');
  if (name.startsWith('switch8-') || name.startsWith('switch4-')) {
    const vls = name.endsWith('2sl') ? 2 : 1;
    const ports = name.startsWith('switch4-') ? 4 : 8;
    const pps = ((Number(label) / 2) * 2.5e9) / (2048 * 8);
    const params = {
      topology: { switches: [{ name: 's', ports }], hosts: Array.from({ length: ports }, (_, i) => ({ name: `h${i}` })), links: Array.from({ length: ports }, (_, i) => ({ a: `h${i}`, b: `s:${i + 1}`, rateGbps: 2.5 })) },
      vls,
      slToVl: [0, vls - 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }].slice(0, vls), limitOfHighPriority: 0 },
      mtu: 2048,
      bufferBytes: bufferBytes > 0 ? bufferBytes : 4 * 2048,
      switchLatencyNs: 100,
      cutThrough: true,
      flows: Array.from({ length: ports }, (_, i) => [0, 1].map((sl) => ({ name: `h${i}-sl${sl}`, source: `h${i}`, destination: 'uniform', sl, traffic: { kind: 'poisson', rate: pps }, packetBytes: 2048 }))).flat(),
    };
    return { params, pps };
  }
  const dir = join(import.meta.dirname, '..', 'test', 'fixtures', 'fabric-model');
  const c = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
  const sc = JSON.parse(readFileSync(join(dir, c.scenarioFile), 'utf8'));
  const pt = c.points.find((p: { label: string }) => p.label === label);
  if (pt === undefined) throw new Error(`${name}: no point labelled ${label}`);
  const pps: number = pt.flowRatePps;
  return { params: { ...sc.params, ...(bufferBytes > 0 ? { bufferBytes } : {}), flows: sc.params.flows.map((f: object) => ({ ...f, traffic: { kind: 'poisson', rate: pps } })) }, pps };
}

/** The bare leaf merge of entry 371 (see simCaseParams). */
function leafMerge(label: string, switchFed: boolean): { params: object; pps: number } {
  const [heavy, light] = label.split('/').map(Number) as [number, number];
  const pps = (load: number) => (load * 2.5e9) / (2048 * 8);
  const hosts = ['o', 'l1', 'l2', 'l3', 'k1', 'k2', 'k3', ...(switchFed ? ['a0', 'a1', 'a2'] : ['h'])];
  const links = [
    ...(switchFed ? [{ a: 'u:4', b: 's:1' }, ...[0, 1, 2].map((i) => ({ a: `a${i}`, b: `u:${i + 1}` }))] : [{ a: 'h', b: 's:1' }]),
    ...[1, 2, 3].map((i) => ({ a: `l${i}`, b: `s:${i + 1}` })),
    { a: 'o', b: 's:5' },
    ...[1, 2, 3].map((i) => ({ a: `k${i}`, b: `s:${i + 5}` })),
  ].map((l) => ({ ...l, rateGbps: 2.5 }));
  const flow = (src: string, dst: string, load: number) => [0, 1].map((sl) => ({ name: `${src}-${dst}-sl${sl}`, source: src, destination: dst, sl, traffic: { kind: 'poisson', rate: pps(load / 2) }, packetBytes: 2048 }));
  const flows = [
    ...(switchFed ? ['a0', 'a1', 'a2'].flatMap((a) => flow(a, 'o', heavy / 3)) : flow('h', 'o', heavy)),
    ...[1, 2, 3].flatMap((i) => [...flow(`l${i}`, 'o', light / 15), ...flow(`l${i}`, `k${i}`, (light * 14) / 15)]),
  ];
  const params = {
    topology: { switches: [{ name: 's', ports: 8 }, ...(switchFed ? [{ name: 'u', ports: 4 }] : [])], hosts: hosts.map((name) => ({ name })), links },
    vls: 2,
    slToVl: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    arbitration: { high: [], low: [{ vl: 0, weight: 32 }, { vl: 1, weight: 96 }], limitOfHighPriority: 0 },
    mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true, flows,
  };
  return { params, pps: pps(light / 30) };
}

/** merge3-bare's parameters (see simCaseParams; moved here from sim-merge-split.ts by H46a); `pps` the rate of a λx of 1. */
export function merge3Bare(lab: string) {
  const [la, lb, lh, ls] = lab.split('/').map(Number) as [number, number, number, number];
  const pps = 2.5e9 / (2048 * 8);
  const link = (a: string, b: string) => ({ a, b, rateGbps: 2.5 });
  const topology = {
    switches: [{ name: 's', ports: 5 }, { name: 'ta', ports: 2 }, { name: 'tb', ports: 2 }, { name: 'th', ports: 4 }],
    hosts: ['a', 'b', 'c', 'd', 'e', 'o', 'i'].map((n) => ({ name: n })),
    links: [link('ta:2', 's:1'), link('tb:2', 's:2'), link('th:4', 's:3'), link('o', 's:4'), link('i', 's:5'), link('a', 'ta:1'), link('b', 'tb:1'), link('c', 'th:1'), link('d', 'th:2'), link('e', 'th:3')],
  };
  const flow = (src: string, dst: string, lx: number) => ({ name: src, source: src, destination: dst, sl: 0, traffic: { kind: 'poisson', rate: lx * pps }, packetBytes: 2048 });
  const flows = [flow('a', 'o', la), flow('b', 'o', lb), flow('c', 'o', lh / 2), flow('d', 'o', lh / 2), flow('e', 'i', ls)].filter((fl) => fl.traffic.rate > 0);
  return {
    params: { topology, vls: 1, slToVl: Array<number>(16).fill(0), arbitration: { high: [], low: [{ vl: 0, weight: 255 }], limitOfHighPriority: 0 }, mtu: 2048, bufferBytes: 4 * 2048, switchLatencyNs: 100, cutThrough: true, flows },
    pps: Math.min(...[la, lb, lh / 2].filter((l) => l > 0)) * pps,
  };
}
