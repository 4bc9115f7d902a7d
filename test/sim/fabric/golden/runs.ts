/**
 * The golden runs of the fabric split's regression check (issue 14): seeded runs whose per-flow
 * figures must stay equal to the last digit when the fabric's code is reorganised. Shared by
 * make_golden.ts (writes golden.json) and golden.test.ts (re-runs and compares).
 */
import { fatTreeTopology } from '../../../../src/network/index.js';
import { buildFabric, type Fabric } from '../../../../src/sim/fabric/index.js';
import { CONGESTION_SPREADING_FORMER_SET_UP, congestionSpreadingFabric, parseCongestionSpreading } from '../../../../src/studies/index.js';
import { RandomStreams } from '../../../../src/sim/random/streams.js';

/** Per-flow figures of one golden run, plus the run's totals. */
export interface GoldenRun {
  readonly packetHops: number;
  readonly events: number;
  readonly flows: readonly { readonly name: string; readonly delivered: number; readonly meanLatencyUs: number; readonly marked: number }[];
}

function record(fabric: Fabric, until: number, warmUp: number): GoldenRun {
  fabric.run(until, warmUp);
  const m = fabric.measurements();
  return {
    packetHops: m.packetHops,
    events: m.events,
    flows: m.flows.map((f) => ({ name: f.name, delivered: f.delivered, meanLatencyUs: f.meanLatencyUs, marked: f.marked })),
  };
}

/**
 * congestion-spreading (thesis Fig. 3.1) as the fabric first ran it — local high and remote low,
 * victim controlled, 16-packet VL buffers, rates in packets/s starting at R_max, Santos et al.'s
 * marking (the scenario's defaults before issue 15, each now a switch) — with no rate control and
 * with FIMD (ECN) and IB CC marking.
 */
function spreading(rateControl: 'none' | 'fimd' | 'ibcc'): GoldenRun {
  const params = parseCongestionSpreading({ rateControl, ...CONGESTION_SPREADING_FORMER_SET_UP });
  return record(congestionSpreadingFabric(params, new RandomStreams(20261124)), 0.03, 0.005);
}

/** A k = 4 fat-tree (16 hosts), two VLs, Poisson uniform traffic at 70 % of the link, mixed sizes. */
function fatTree(): GoldenRun {
  const topology = fatTreeTopology(4);
  const R = 2.5e9 / 8 / 2048;
  const fabric = buildFabric({
    topology,
    seed: 4242,
    flows: topology.hosts.map((h, i) => ({
      name: h.name,
      source: h.name,
      destination: 'uniform',
      sl: i % 2,
      traffic: { kind: 'poisson' as const, rate: 0.7 * R },
      packetBytes: { kind: 'mix' as const, bytes: [256, 1024, 2048], weights: [1, 1, 2] },
      sendQueuePackets: 64,
    })),
  });
  return record(fabric, 0.01, 0.001);
}

/** Every golden run by name. */
export function goldenRuns(): Record<string, GoldenRun> {
  return {
    'congestion-spreading none': spreading('none'),
    'congestion-spreading fimd': spreading('fimd'),
    'congestion-spreading ibcc': spreading('ibcc'),
    'fat-tree k=4 uniform 70 %': fatTree(),
  };
}
