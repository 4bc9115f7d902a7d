/**
 * Importing a cluster (issue 20): a 648-host two-level fat-tree of 36-port switches (36 leaves with
 * 18 hosts and 18 uplinks each, 18 spines; the classic 648-port non-blocking fabric) written out as
 * `ibnetdiscover` output and `ibroute` LFTs (all 54 switches × 702 LIDs), then read back with
 * importCluster. Prints the median of 9 runs of: parsing the ibnetdiscover file; the whole import
 * with LFTs; that plus validateFabricTopology of the result (what `topology import` checks before
 * writing); all that `ibqos topology import` does before writing (the scenario built once); and, as a peer in the same run, JSON.parse of the cluster scenario the import writes.
 *
 *     npm run bench:import
 */
import { performance } from 'node:perf_hooks';
import {
  clusterScenario,
  importCluster,
  parseFabricScenario,
  parseIbnetdiscover,
  validateFabricTopology,
  writeIbnetdiscover,
  writeLfts,
  type FabricLinkSpec,
  type FabricTopologySpec,
} from '../src/index.js';
import { machineLine } from './harness.js';

function fatTree648(): FabricTopologySpec {
  const links: FabricLinkSpec[] = [];
  const hosts: { name: string }[] = [];
  const switches: { name: string; ports: number }[] = [];
  for (let l = 0; l < 36; l++) {
    switches.push({ name: `leaf${l}`, ports: 36 });
    for (let i = 0; i < 18; i++) {
      const name = `node${String(18 * l + i + 1).padStart(3, '0')}`;
      hosts.push({ name });
      links.push({ a: name, b: `leaf${l}:${i + 1}`, rateGbps: 100 });
    }
    for (let s = 0; s < 18; s++) links.push({ a: `leaf${l}:${19 + s}`, b: `spine${s}:${l + 1}`, rateGbps: 100 });
  }
  for (let s = 0; s < 18; s++) switches.push({ name: `spine${s}`, ports: 36 });
  return { switches, hosts, links };
}

function median(label: string, runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const m = times[Math.floor(runs / 2)]!;
  console.log(`${label.padEnd(58)} ${m.toFixed(1).padStart(8)} ms  (min ${times[0]!.toFixed(1)}, max ${times[runs - 1]!.toFixed(1)})`);
  return m;
}

const topology = validateFabricTopology(fatTree648());
const ibnetdiscover = writeIbnetdiscover(topology);
const lfts = writeLfts(topology, 'ibroute');
console.log(machineLine());
console.log(
  `648-host fat-tree: ${topology.switches.length} switches, ${topology.links.length} links; ibnetdiscover ${(ibnetdiscover.length / 1024).toFixed(0)} KiB, ` +
    `LFTs ${(lfts.length / 1024).toFixed(0)} KiB (${lfts.split('\n').length} lines)`,
);
const scenarioText = JSON.stringify(clusterScenario(importCluster({ ibnetdiscover, lfts })), null, 2);
const runs = 9;
const peer = median('peer: JSON.parse of the written cluster scenario', runs, () => JSON.parse(scenarioText));
const parse = median('parseIbnetdiscover', runs, () => parseIbnetdiscover(ibnetdiscover));
const full = median('importCluster with LFTs', runs, () => importCluster({ ibnetdiscover, lfts }));
const checked = median('importCluster with LFTs + validateFabricTopology', runs, () => validateFabricTopology(importCluster({ ibnetdiscover, lfts }).topology));
const cli = median('… + scenario + parseFabricScenario (all of topology import)', runs, () => parseFabricScenario(clusterScenario(importCluster({ ibnetdiscover, lfts })).params));
console.log(
  `ratios to the peer: parse ${(parse / peer).toFixed(1)}, import ${(full / peer).toFixed(1)}, import + validate ${(checked / peer).toFixed(1)}, topology import ${(cli / peer).toFixed(1)}`,
);
