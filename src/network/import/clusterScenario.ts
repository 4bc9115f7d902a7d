/**
 * An imported cluster as a runnable `fabric` scenario file: the topology (with the LFTs as its
 * forwarding tables), the QoS tables when given, and one flow per host sending Poisson traffic to
 * uniformly chosen other hosts at a fraction of its link's rate (the fabric's `uniform` pattern),
 * so that `ibqos sim --scenario cluster.json` runs at once; edit the flows for other traffic.
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { ImportedCluster } from './cluster.js';
import { optionsParameter, recordParameter } from '../../core/shapes.js';

/** Options of {@link clusterScenario}. */
export interface ClusterScenarioOptions {
  /** Offered load of each host, a fraction of its link's data rate in (0, 1] (default 0.3). */
  readonly load?: number;
  /** MTU and packet size in bytes (default 2048, the fabric's). */
  readonly mtu?: number;
  /** Simulated seconds (default 0.001). */
  readonly until?: number;
}

/**
 * The scenario file (JSON object) of an imported cluster.
 * @throws InvalidParameterError naming `load` when it is not in (0, 1].
 */
export function clusterScenario(cluster: ImportedCluster, options: ClusterScenarioOptions = {}): Record<string, unknown> {
  recordParameter('cluster', cluster, { topology: 'object', lids: 'object' });
  optionsParameter('options', options);
  const load = options.load ?? 0.3;
  if (typeof load !== 'number' || !(load > 0 && load <= 1)) throw new InvalidParameterError('load', 'a fraction in (0, 1]', load);
  const mtu = options.mtu ?? 2048;
  const hostRate = new Map<string, number>();
  for (const l of cluster.topology.links) {
    for (const end of [l.a, l.b]) if (!end.includes(':')) hostRate.set(end, l.rateGbps!);
  }
  const flows =
    cluster.topology.hosts.length < 2
      ? []
      : cluster.topology.hosts.map((h) => ({
          name: h.name,
          source: h.name,
          destination: 'uniform',
          traffic: { kind: 'poisson', rate: Math.round((load * hostRate.get(h.name)! * 1e9) / 8 / mtu) },
        }));
  const q = cluster.qos;
  // qos_sw2sw_: the tables of every switch port cabled to a switch, both ends.
  const interSwitch = q?.interSwitchArbitration;
  const portArbitration =
    interSwitch === undefined ? undefined : Object.fromEntries(cluster.topology.links.filter((l) => l.a.includes(':') && l.b.includes(':')).flatMap((l) => [[l.a, interSwitch], [l.b, interSwitch]]));
  return {
    scenario: 'fabric',
    params: {
      topology: cluster.topology,
      ...(mtu !== 2048 ? { mtu } : {}),
      ...(q === undefined ? {} : { vls: q.vls, slToVl: q.slToVl, arbitration: q.arbitration, hostArbitration: q.hostArbitration }),
      ...(portArbitration === undefined ? {} : { portArbitration }),
      flows,
    },
    until: options.until ?? 0.001,
  };
}
