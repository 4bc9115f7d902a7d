/**
 * Dimension-order routes on a 2-D mesh or torus of {@link meshTopology}'s shape (switch `s{x}_{y}`,
 * host `h{x}_{y}` on port 1, ports 2 +x, 3 −x, 4 +y, 5 −y), in the orders a subnet manager could give
 * the alternative LIDs of a host: X then Y or Y then X, and on a torus each ring travelled the
 * shorter way or always in one direction.
 *
 * Used as DRB's alternative paths (the DRB paper (Lugones et al.), §4.1: the SM gives each port 2^LMC LIDs
 * and "a method to perform a multipath searching ... to select disjoint paths only"; §4.2.2: "An IBA
 * physical channel supports the multiplexing of 16 logical or virtual channels in order to avoid
 * Deadlock"). Each order is destination-based (the next hop depends on the switch and the
 * destination only), so it fits one LID's forwarding table. (The "other way round" of a pair cannot
 * be one LID's table: a ring's routes to one destination form an in-tree, and the way round it gives
 * a source depends on where the tree is cut; always + or always − are the in-trees that give every
 * source one fixed way.)
 *
 * Deadlock freedom: all X-then-Y orders share two VLs and all Y-then-X orders two others. Within a
 * class a packet never turns back in a dimension and finishes X before Y (or Y before X), and each
 * ring direction's channels are cut at the dateline (VL offset + 1 while the rest of the hop's path
 * in that dimension still crosses the wrap-around; Dally & Seitz 1987), so the class's channel
 * dependencies have no cycle whichever direction each packet takes; the two classes share no
 * buffer and a packet keeps its LID's class, so the union is deadlock-free.
 *
 * For a pair that differs in both coordinates on a torus, with (sx, sy) the shorter directions, the
 * routes XY(sx, sy), YX(sx, sy), XY(−sx, −sy) and YX(−sx, −sy) leave the source by four different
 * ports, enter the destination by four different ports, and use each row and column in opposite
 * directions two by two: four link-disjoint paths. On a mesh XY and YX give two.
 */
import { integerAtLeast } from '../../core/guards.js';

/** How a dimension is travelled: the shorter way (ties +), or on a torus always + or always −. */
export type RingWay = 'short' | '+' | '-';

/** One dimension order: which coordinate first, and the way along each. */
export interface DimensionOrder {
  /** 'x' (X then Y) or 'y' (Y then X). */
  readonly first: 'x' | 'y';
  readonly x: RingWay;
  readonly y: RingWay;
}

/** Forwarding and VL offsets of one order, keyed by switch and host names. */
export interface DimensionOrderTables {
  readonly forwarding: Record<string, Record<string, number>>;
  readonly virtualLanes: Record<string, Record<string, number>>;
}

/**
 * The tables of one dimension order on a `width × height` mesh or torus. On a torus the hop's VL
 * offset is `vlBase` + 1 while the rest of its path in the current dimension still crosses that
 * dimension's wrap-around link (the dateline), else `vlBase`; on a mesh always `vlBase` (and every
 * way is the short one: a mesh has no other).
 *
 * @throws InvalidParameterError for sizes outside meshTopology's rules.
 * @example dimensionOrderTables(4, 4, true, { first: 'x', x: '-', y: '-' }, 0).forwarding['s0_0']['h1_0']; // → 3 (−x)
 */
export function dimensionOrderTables(width: number, height: number, torus: boolean, order: DimensionOrder, vlBase: number): DimensionOrderTables {
  integerAtLeast('width', width, torus ? 3 : 1);
  integerAtLeast('height', height, torus ? 3 : 1);
  /** Direction (+1, −1, 0) from coordinate `from` to `to` on a ring (torus) or a line (mesh) of `size`. */
  const step = (from: number, to: number, size: number, way: RingWay): number => {
    if (from === to) return 0;
    if (!torus) return to > from ? 1 : -1;
    if (way !== 'short') return way === '+' ? 1 : -1;
    const forward = (to - from + size) % size;
    return forward <= size - forward ? 1 : -1;
  };
  const crosses = (from: number, to: number, dir: number): boolean => torus && (dir > 0 ? to < from : to > from);
  const forwarding: Record<string, Record<string, number>> = {};
  const virtualLanes: Record<string, Record<string, number>> = {};
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const row: Record<string, number> = {};
      const vls: Record<string, number> = {};
      for (let ty = 0; ty < height; ty++) {
        for (let tx = 0; tx < width; tx++) {
          const dx = step(x, tx, width, order.x);
          const dy = step(y, ty, height, order.y);
          const host = `h${tx}_${ty}`;
          const moveX = dx !== 0 && (order.first === 'x' || dy === 0);
          const moveY = !moveX && dy !== 0;
          row[host] = moveX ? (dx > 0 ? 2 : 3) : moveY ? (dy > 0 ? 4 : 5) : 1;
          vls[host] = vlBase + (moveX ? Number(crosses(x, tx, dx)) : moveY ? Number(crosses(y, ty, dy)) : 0);
        }
      }
      forwarding[`s${x}_${y}`] = row;
      virtualLanes[`s${x}_${y}`] = vls;
    }
  }
  return { forwarding, virtualLanes };
}

/**
 * The orders of the alternative LIDs after LID 0 (X then Y the short way), at most 7 (LMC 3):
 * a torus: YX short, then XY and YX always + and always −, then XY (+, −) and (−, +) — for every pair
 * that differs in both coordinates, the four disjoint routes of the module comment are among the
 * first seven LIDs unless its shorter ways are (+, −) or (−, +) for YX; a mesh: YX.
 */
export function alternativeOrders(torus: boolean): readonly DimensionOrder[] {
  if (!torus) return [{ first: 'y', x: 'short', y: 'short' }];
  return [
    { first: 'y', x: 'short', y: 'short' },
    { first: 'x', x: '+', y: '+' },
    { first: 'x', x: '-', y: '-' },
    { first: 'y', x: '+', y: '+' },
    { first: 'y', x: '-', y: '-' },
    { first: 'x', x: '+', y: '-' },
    { first: 'x', x: '-', y: '+' },
  ];
}

/**
 * The alternative LIDs of a mesh or torus (LIDs 1, 2, … after the topology's own X-then-Y tables):
 * {@link alternativeOrders}, X-then-Y orders on LID 0's VLs (offsets 0, 1 on a torus with datelines;
 * 0 on a mesh) and Y-then-X orders on the next (2, 3 on a torus; 1 on a mesh).
 *
 * @example meshDimensionOrderLids(4, 4, true).length; // → 7
 */
export function meshDimensionOrderLids(width: number, height: number, torus: boolean): DimensionOrderTables[] {
  const perClass = torus ? 2 : 1;
  return alternativeOrders(torus).map((o) => dimensionOrderTables(width, height, torus, o, o.first === 'x' ? 0 : perClass));
}
