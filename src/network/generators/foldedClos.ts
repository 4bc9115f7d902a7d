/**
 * The two-level folded Clos (a "three-stage fat-tree" when unfolded) of Gran et al. §IV: the
 * topology of the Sun Datacenter InfiniBand Switch 648, 54 radix-36 crossbars, 648 hosts. For a
 * radix k (even, ≥ 4) it has k leaf switches `L{i}` with k/2 hosts each and k/2 spine switches
 * `S{j}`; every leaf has one link to every spine, so the network is non-blocking (k²/2 hosts).
 *
 * Ports: leaf `L{i}` has host `h{i}_{j}` on port j+1 (j = 0..k/2−1) and spine `S{j}` on port
 * k/2+j+1; spine `S{j}` has leaf `L{i}` on port i+1. Host number i·k/2 + j is `h{i}_{j}`.
 *
 * Forwarding is destination-mod-k (D-mod-k) up*-down*: a leaf sends traffic for its own hosts down
 * to the host's port and traffic for host d of another leaf up to spine d mod (k/2) — which, with
 * k/2 hosts per leaf, is the spine numbered as the host's port on its leaf; a spine sends down to
 * the destination's leaf. Every spine-to-leaf link then carries the traffic of exactly one
 * destination, the balanced deterministic routing the fat-tree routing engines of OpenSM install
 * (Gran et al. says only "routing using linear forwarding tables").
 */
import { InvalidParameterError } from '../../core/errors.js';
import { link, type FabricLinkOptions } from './generators.js';
import type { FabricLinkSpec, FabricTopologySpec } from '../topology.js';

/**
 * Checks a folded-Clos radix: an even integer in 4..64.
 * @param name the option's name for the error (`radix`, `--radix`).
 * @throws InvalidParameterError naming it otherwise.
 */
export function checkRadix(name: string, radix: unknown): number {
  if (typeof radix !== 'number' || !Number.isInteger(radix) || radix < 4 || radix > 64 || radix % 2 !== 0) {
    throw new InvalidParameterError(name, 'an even integer in 4..64 (the switch radix)', radix);
  }
  return radix;
}

/** Number of hosts of the two-level folded Clos of radix k: k²/2 (648 for k = 36). */
export function foldedClosHosts(radix: number): number {
  checkRadix('radix', radix);
  return (radix * radix) / 2;
}

/**
 * The two-level folded Clos of switch radix k with its D-mod-k forwarding tables (see the module
 * comment). k = 36 gives the 648-host network of Gran et al..
 *
 * @throws InvalidParameterError if k is not an even integer in 4..64.
 * @example foldedClosTopology(36).hosts.length; // → 648
 * @example foldedClosTopology(4).switches.length; // → 6
 */
export function foldedClosTopology(radix: number, options: FabricLinkOptions = {}): FabricTopologySpec {
  const k = checkRadix('radix', radix);
  const half = k / 2;
  const switches: { name: string; ports: number }[] = [];
  const hosts: { name: string }[] = [];
  const links: FabricLinkSpec[] = [];
  for (let i = 0; i < k; i++) {
    switches.push({ name: `L${i}`, ports: k });
    for (let j = 0; j < half; j++) {
      hosts.push({ name: `h${i}_${j}` });
      links.push(link(`h${i}_${j}`, `L${i}:${j + 1}`, options));
    }
  }
  for (let j = 0; j < half; j++) {
    switches.push({ name: `S${j}`, ports: k });
    for (let i = 0; i < k; i++) links.push(link(`L${i}:${half + j + 1}`, `S${j}:${i + 1}`, options));
  }
  const forwarding: Record<string, Record<string, number>> = {};
  for (let i = 0; i < k; i++) {
    const row: Record<string, number> = {};
    for (let d = 0; d < hosts.length; d++) {
      const leaf = Math.floor(d / half);
      const position = d % half;
      row[hosts[d]!.name] = leaf === i ? position + 1 : half + position + 1;
    }
    forwarding[`L${i}`] = row;
  }
  for (let j = 0; j < half; j++) {
    const row: Record<string, number> = {};
    for (let d = 0; d < hosts.length; d++) row[hosts[d]!.name] = Math.floor(d / half) + 1;
    forwarding[`S${j}`] = row;
  }
  return { switches, hosts, links, forwarding };
}
