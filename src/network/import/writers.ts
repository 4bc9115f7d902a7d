/**
 * Writers of the tools' formats, the inverse of the importers: a validated fabric topology written
 * as `ibnetdiscover` would print it and its forwarding tables as `ibroute` (what `dump_lfts.sh`
 * concatenates) or OpenSM's LFT dump would. They let the tests and the fixture script produce cluster
 * files of known content and check the round trip; GUIDs and LIDs are assigned in order (switches
 * first, then hosts), descriptions are the node names.
 */
import { InvalidParameterError } from '../../core/errors.js';
import type { FabricTopology } from '../topology.js';
import { linkCodeOfRate } from './linkRate.js';
import { recordParameter } from '../../core/shapes.js';

/** GUIDs and LIDs the writers give a topology's nodes. */
export interface ClusterIdentities {
  /** Node name → node GUID (16 hex digits). */
  readonly guid: ReadonlyMap<string, string>;
  /** Node name → LID (a switch's port 0, a host's port 1). */
  readonly lid: ReadonlyMap<string, number>;
}

/** Switch i gets GUID 0x0002c9000000…(i+1) and LID i+1; host j GUID 0x0002c9010000…(j+1), LID S+j+1. */
export function clusterIdentities(topology: FabricTopology): ClusterIdentities {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const guid = new Map<string, string>();
  const lid = new Map<string, number>();
  topology.switches.forEach((s, i) => {
    guid.set(s.name, `0002c900${(i + 1).toString(16).padStart(8, '0')}`);
    lid.set(s.name, i + 1);
  });
  topology.hosts.forEach((h, j) => {
    guid.set(h.name, `0002c901${(j + 1).toString(16).padStart(8, '0')}`);
    lid.set(h.name, topology.switches.length + j + 1);
  });
  return { guid, lid };
}

/** A CA's port GUID: its node GUID + 1, without leading zeros (as ibnetdiscover prints it). */
function portGuid(nodeGuid: string): string {
  return (BigInt(`0x${nodeGuid}`) + 1n).toString(16);
}

/**
 * The topology as an `ibnetdiscover` topology file: a block per switch (in order), then a block per
 * host (a CA of one port); every link printed from both ends with its width × speed code.
 *
 * @throws InvalidParameterError naming `links[i].rateGbps` when a rate is no InfiniBand width × speed
 *   data rate (e.g. 32 = 4xQDR, 100 = 4xEDR).
 */
export function writeIbnetdiscover(topology: FabricTopology, ids: ClusterIdentities = clusterIdentities(topology)): string {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const isSwitch = new Set(topology.switches.map((s) => s.name));
  const id = (name: string): string => `${isSwitch.has(name) ? 'S' : 'H'}-${ids.guid.get(name)!}`;
  const ports = new Map<string, { port: number; peer: string; peerPort: number; code: string }[]>();
  topology.links.forEach((l, i) => {
    const code = linkCodeOfRate(l.rateGbps);
    if (code === undefined) throw new InvalidParameterError(`links[${i}].rateGbps`, 'an InfiniBand data rate (width × lane rate × coding, e.g. 8 = 4xSDR, 32 = 4xQDR, 100 = 4xEDR)', l.rateGbps);
    for (const [x, y] of [[l.a, l.b], [l.b, l.a]] as const) {
      const list = ports.get(x.node) ?? [];
      list.push({ port: x.port, peer: y.node, peerPort: y.port, code });
      ports.set(x.node, list);
    }
  });
  const out: string[] = ['#', '# Topology file: written by ibqos (writeIbnetdiscover)', '#', ''];
  for (const s of topology.switches) {
    const g = ids.guid.get(s.name)!;
    out.push('vendid=0x2c9', 'devid=0xc738', `sysimgguid=0x${g}`, `switchguid=0x${g}(${g.replace(/^0+/, '')})`);
    out.push(`Switch\t${s.ports} "${id(s.name)}"\t\t# "${s.name}" enhanced port 0 lid ${ids.lid.get(s.name)!} lmc 0`);
    for (const p of (ports.get(s.name) ?? []).sort((x, y) => x.port - y.port)) {
      const peerGuid = isSwitch.has(p.peer) ? '' : `(${portGuid(ids.guid.get(p.peer)!)})`;
      out.push(`[${p.port}]\t"${id(p.peer)}"[${p.peerPort}]${peerGuid}\t\t# "${p.peer}" lid ${ids.lid.get(p.peer)!} ${p.code}`);
    }
    out.push('');
  }
  for (const h of topology.hosts) {
    const g = ids.guid.get(h.name)!;
    out.push('vendid=0x2c9', 'devid=0x1017', `sysimgguid=0x${g}`, `caguid=0x${g}`);
    out.push(`Ca\t1 "${id(h.name)}"\t\t# "${h.name}"`);
    for (const p of ports.get(h.name) ?? []) {
      out.push(`[1](${portGuid(g)}) \t"${id(p.peer)}"[${p.peerPort}]\t\t# lid ${ids.lid.get(h.name)!} lmc 0 "${p.peer}" lid ${ids.lid.get(p.peer)!} ${p.code}`);
    }
    out.push('');
  }
  return out.join('\n');
}

/**
 * The topology's forwarding tables as an LFT dump: `'ibroute'` (the output of `ibroute` for every
 * switch, as `dump_lfts.sh` gives it) or `'opensm'` (OpenSM's opensm-lfts.dump). Each switch lists
 * its own LID (port 0) and every host's LID; other switches' LIDs are not routed by the fabric's
 * tables and are left out.
 */
export function writeLfts(topology: FabricTopology, style: 'ibroute' | 'opensm' = 'ibroute', ids: ClusterIdentities = clusterIdentities(topology)): string {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const out: string[] = [];
  const top = topology.switches.length + topology.hosts.length;
  for (const s of topology.switches) {
    const entries: [number, number, string, string][] = [[ids.lid.get(s.name)!, 0, 'Switch', s.name]];
    for (const h of topology.hosts) entries.push([ids.lid.get(h.name)!, topology.forwarding[s.name]![h.name]!, 'Channel Adapter', h.name]);
    entries.sort((x, y) => x[0] - y[0]);
    const guid = ids.guid.get(s.name)!;
    const hex = (n: number) => `0x${n.toString(16).padStart(4, '0')}`;
    if (style === 'ibroute') {
      out.push(`Unicast lids [0x0-0x${top.toString(16)}] of switch Lid ${ids.lid.get(s.name)!} guid 0x${guid} (${s.name}):`, '  Lid  Out   Destination', '       Port     Info ');
      for (const [lid, port, kind, name] of entries) {
        const pg = kind === 'Switch' ? guid : portGuid(ids.guid.get(name)!).padStart(16, '0');
        out.push(`${hex(lid)} ${String(port).padStart(3, '0')} : (${kind} portguid 0x${pg}: '${name}')`);
      }
      out.push(`${entries.length} valid lids dumped `);
    } else {
      out.push(`Unicast lids [0x0-0x${top.toString(16)}] of switch Lid ${ids.lid.get(s.name)!} guid 0x${guid} ('${s.name}'):`);
      for (const [lid, port, kind, name] of entries) {
        const pg = kind === 'Switch' ? guid : portGuid(ids.guid.get(name)!).padStart(16, '0');
        out.push(`${hex(lid)} ${String(port).padStart(3, '0')} # portguid 0x${pg}: '${name}'`);
      }
      out.push(`${entries.length} lids dumped`);
    }
    out.push('');
  }
  return out.join('\n');
}

/**
 * The topology as `ibnetdiscover -p` prints it (the ports report; ibnetPorts.ts reads it): for every
 * node, switches first, every port from the highest down, the local end and, for a linked port, the
 * remote end and both names; a switch port without a link lists the local end and the name only.
 *
 * @throws InvalidParameterError as {@link writeIbnetdiscover} for a rate with no InfiniBand code.
 */
export function writeIbnetdiscoverPorts(topology: FabricTopology, ids: ClusterIdentities = clusterIdentities(topology)): string {
  recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' });
  const isSwitch = new Set(topology.switches.map((s) => s.name));
  const peers = new Map<string, { peer: string; peerPort: number; code: string }>();
  topology.links.forEach((l, i) => {
    const code = linkCodeOfRate(l.rateGbps);
    if (code === undefined) throw new InvalidParameterError(`links[${i}].rateGbps`, 'an InfiniBand data rate (width × lane rate × coding)', l.rateGbps);
    peers.set(`${l.a.node}:${l.a.port}`, { peer: l.b.node, peerPort: l.b.port, code });
    peers.set(`${l.b.node}:${l.b.port}`, { peer: l.a.node, peerPort: l.a.port, code });
  });
  // A switch's ports carry its node GUID; a CA's port its node GUID + 1.
  const guid = (name: string): string => (isSwitch.has(name) ? ids.guid.get(name)! : portGuid(ids.guid.get(name)!).padStart(16, '0'));
  const end = (name: string, port: number): string => `${isSwitch.has(name) ? 'SW' : 'CA'} ${String(ids.lid.get(name)!).padStart(5)} ${String(port).padStart(2)} 0x${guid(name)}`;
  const out: string[] = [];
  const nodes: [string, number][] = [...topology.switches.map((s) => [s.name, s.ports] as [string, number]), ...topology.hosts.map((h) => [h.name, 1] as [string, number])];
  for (const [name, ports] of nodes) {
    for (let p = ports; p >= 1; p--) {
      const q = peers.get(`${name}:${p}`);
      const [width, speed] = q === undefined ? ['4x', 'SDR'] : [q.code.replace(/x.*/, 'x'), q.code.replace(/^\d+x/, '')];
      if (q === undefined) out.push(`${end(name, p)} ${width} ${speed}${' '.repeat(36)}'${name}'`);
      else out.push(`${end(name, p)} ${width} ${speed} - ${end(q.peer, q.peerPort)} ( '${name}' - '${q.peer}' )`);
    }
  }
  return `${out.join('\n')}\n`;
}
