/**
 * FabricTopology generators: the two-switch congestion-spreading network of the thesis (Fig. 3.1), a single
 * switch, a k-ary three-level fat-tree and a 2-D mesh or torus. Each returns a plain
 * {@link FabricTopologySpec} (JSON) that {@link validateFabricTopology} accepts; pass it there to fill in the
 * forwarding tables (mesh and torus come with dimension-order tables).
 */
import { integerAtLeast } from '../../core/guards.js';
import { InvalidParameterError } from '../../core/errors.js';
import type { FabricLinkSpec, FabricTopologySpec } from '../topology.js';
import { dimensionOrderTables } from '../routing/meshRoutes.js';
import { recordParameter } from '../../core/shapes.js';

/** Options shared by the generators: the link parameters applied to every link. */
export interface FabricLinkOptions {
  /** Data rate, Gb/s (default 2.5). */
  readonly rateGbps?: number;
  /** Propagation delay, ns (default 10). */
  readonly delayNs?: number;
}

/** One link spec with the generator options (rate, delay) that are set. */
export function link(a: string, b: string, o: FabricLinkOptions): FabricLinkSpec {
  return {
    a,
    b,
    ...(o.rateGbps !== undefined ? { rateGbps: o.rateGbps } : {}),
    ...(o.delayNs !== undefined ? { delayNs: o.delayNs } : {}),
  };
}

/**
 * Thesis Fig. 3.1: switches A and B joined by one link (A:1–B:1); hosts A1 (A:2) and Av (A:3) on A;
 * B1 (B:2), Bc (B:3) and Bv (B:4) on B. Flows: local B1→Bc, remote A1→Bc, victim Av→Bv.
 *
 * @example twoSwitchTopology().hosts.length; // → 5
 */
export function twoSwitchTopology(options: FabricLinkOptions = {}): FabricTopologySpec {
  recordParameter('options', options);
  return {
    switches: [
      { name: 'A', ports: 3 },
      { name: 'B', ports: 4 },
    ],
    hosts: [{ name: 'A1' }, { name: 'Av' }, { name: 'B1' }, { name: 'Bc' }, { name: 'Bv' }],
    links: [
      link('A:1', 'B:1', options),
      link('A1', 'A:2', options),
      link('Av', 'A:3', options),
      link('B1', 'B:2', options),
      link('Bc', 'B:3', options),
      link('Bv', 'B:4', options),
    ],
  };
}

/**
 * One switch `S` with `hosts` hosts `h0 … h(n−1)` on ports 1..n.
 *
 * @throws InvalidParameterError if hosts is not an integer in 1..254.
 * @example singleSwitchTopology(2).links; // → [{ a: 'h0', b: 'S:1' }, { a: 'h1', b: 'S:2' }]
 */
export function singleSwitchTopology(hosts: number, options: FabricLinkOptions = {}): FabricTopologySpec {
  integerAtLeast('hosts', hosts, 1);
  if (hosts > 254) throw new InvalidParameterError('hosts', 'an integer in 1..254', hosts);
  return {
    switches: [{ name: 'S', ports: hosts }],
    hosts: Array.from({ length: hosts }, (_, i) => ({ name: `h${i}` })),
    links: Array.from({ length: hosts }, (_, i) => link(`h${i}`, `S:${i + 1}`, options)),
  };
}

/**
 * The k-ary three-level fat-tree of Al-Fares et al. (SIGCOMM 2008): k pods, each with k/2 edge
 * and k/2 aggregation switches of k ports; (k/2)² core switches; k³/4 hosts. Edge switch `e{p}_{i}`
 * has hosts on ports 1..k/2 and aggregation switches on ports k/2+1..k; aggregation switch
 * `a{p}_{i}` has edges on ports 1..k/2 and cores `c{i}_{j}` (j = 0..k/2−1) on ports k/2+1..k.
 * Hosts are `h{p}_{e}_{i}`. k = 8 gives 128 hosts.
 *
 * @throws InvalidParameterError if k is not an even integer in 2..64.
 * @example fatTreeTopology(4).hosts.length; // → 16
 */
export function fatTreeTopology(k: number, options: FabricLinkOptions = {}): FabricTopologySpec {
  if (!Number.isInteger(k) || k < 2 || k > 64 || k % 2 !== 0) {
    throw new InvalidParameterError('k', 'an even integer in 2..64', k);
  }
  const h = k / 2;
  const switches: { name: string; ports: number }[] = [];
  const hosts: { name: string }[] = [];
  const links: FabricLinkSpec[] = [];
  for (let p = 0; p < k; p++) {
    for (let e = 0; e < h; e++) {
      switches.push({ name: `e${p}_${e}`, ports: k });
      for (let i = 0; i < h; i++) {
        hosts.push({ name: `h${p}_${e}_${i}` });
        links.push(link(`h${p}_${e}_${i}`, `e${p}_${e}:${i + 1}`, options));
      }
    }
    for (let a = 0; a < h; a++) {
      switches.push({ name: `a${p}_${a}`, ports: k });
      for (let e = 0; e < h; e++) links.push(link(`e${p}_${e}:${h + a + 1}`, `a${p}_${a}:${e + 1}`, options));
    }
  }
  for (let i = 0; i < h; i++) {
    for (let j = 0; j < h; j++) {
      switches.push({ name: `c${i}_${j}`, ports: k });
      for (let p = 0; p < k; p++) links.push(link(`a${p}_${i}:${h + j + 1}`, `c${i}_${j}:${p + 1}`, options));
    }
  }
  return { switches, hosts, links };
}

/** Options of {@link meshTopology}. */
export interface FabricMeshOptions extends FabricLinkOptions {
  /** Wrap-around links in both dimensions (default false: a mesh). */
  readonly torus?: boolean;
  /**
   * Dateline virtual lanes on a torus (default false): the topology's `virtualLanes` table puts a
   * hop on VL offset 1 while the rest of the packet's path in the current dimension still crosses
   * that dimension's wrap-around link (the dateline, between coordinate size−1 and 0), else on 0.
   * This breaks each ring's cycle of channel dependencies (Dally & Seitz 1987): dimension-order
   * routing on the torus becomes deadlock-free with two VLs. Ignored on a mesh (no wrap-around).
   */
  readonly datelines?: boolean;
}

/**
 * A 2-D mesh (or torus) of `width × height` switches `s{x}_{y}`, each with one host `h{x}_{y}` on
 * port 1 and neighbours on ports 2 (+x), 3 (−x), 4 (+y), 5 (−y). Forwarding is dimension-order (X
 * then Y), the shorter way round on a torus (ties go +). Dimension-order routing is deadlock-free on
 * a mesh; on a torus the wrap-around closes a cycle of channel dependencies, so a torus under heavy
 * load can deadlock (deliveries then stop while packets stay in the buffers) unless `datelines` adds
 * the dateline virtual lanes that prevent it (a `virtualLanes` table: the fabric then needs 2 VLs).
 *
 * @throws InvalidParameterError if width or height is not an integer ≥ 1 (≥ 3 for a torus), or the
 *   network has a single switch.
 * @example meshTopology(2, 2).switches.length; // → 4
 */
export function meshTopology(width: number, height: number, options: FabricMeshOptions = {}): FabricTopologySpec {
  const torus = options.torus ?? false;
  integerAtLeast('width', width, torus ? 3 : 1);
  integerAtLeast('height', height, torus ? 3 : 1);
  if (width * height < 2) throw new InvalidParameterError('width', 'such that width × height >= 2', width);
  const name = (x: number, y: number): string => `s${x}_${y}`;
  const switches = [];
  const hosts = [];
  const links: FabricLinkSpec[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      switches.push({ name: name(x, y), ports: 5 });
      hosts.push({ name: `h${x}_${y}` });
      links.push(link(`h${x}_${y}`, `${name(x, y)}:1`, options));
      if (x + 1 < width || (torus && width > 1)) links.push(link(`${name(x, y)}:2`, `${name((x + 1) % width, y)}:3`, options));
      if (y + 1 < height || (torus && height > 1)) links.push(link(`${name(x, y)}:4`, `${name(x, (y + 1) % height)}:5`, options));
    }
  }
  const datelines = torus && (options.datelines ?? false);
  // X then Y, the shorter way round (ties +), dateline VL offsets: meshRoutes.ts's order of LID 0.
  const { forwarding, virtualLanes } = dimensionOrderTables(width, height, torus, { first: 'x', x: 'short', y: 'short' }, 0);
  return datelines ? { switches, hosts, links, forwarding, virtualLanes } : { switches, hosts, links, forwarding };
}
