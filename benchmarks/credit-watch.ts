/**
 * The hooks sim-credit-tree.ts (H42sat) and sim-stall-heads.ts (H42ph) share, watching the simulator from outside (src/sim is
 * not changed): FifoInputQueues push/freed wrapped for each watched buffer's time-weighted occupancy in packets (header
 * entry to the tail's blocks freed; bins 0..8, the last 8 or more) and each packet's entry time; popHead flagged
 * (sim-hooks.ts flagPops); FabricStats stallBegins/endStall wrapped for each output port's credit stalls (cumulated
 * time, and per stall period in the measured window n, Σ length, Σ length²). `onStall` runs first at each edge (the
 * port's stall state still the one before it).
 */
import { FifoInputQueues } from '../src/sim/fabric/switch/inputFifo.js';
import { FabricStats } from '../src/sim/fabric/measure/measurements.js';
import { flagPops, runWithWarmUp, type PopFlag } from './sim-hooks.js';

export interface Occupancy {
  blocks: number;
  since: number;
  readonly hist: number[];
}

export interface Stalls {
  acc: number;
  since: number;
  n: number;
  s1: number;
  s2: number;
}

export interface CreditWatch {
  /** The FIFO input queues the hooks last saw (null before the first push). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly inst: () => any;
  /** Each packet's entry time into its buffer, by packet number. */
  readonly entry: Map<number, number>;
  /** Each watched buffer's occupancy, by buffer number. */
  readonly occ: Map<number, Occupancy>;
  readonly pops: PopFlag;
  /** The output ports' stall records, by port. */
  readonly st: Map<number, Stalls>;
  /** Output port g's stall record. */
  readonly stOf: (g: number) => Stalls;
  /** Output port g's cumulated stall time up to now. */
  readonly cum: (g: number) => number;
}

export function watchCredits(o: {
  readonly now: () => number;
  readonly measuring: () => boolean;
  /** Whether buffer q lies at a watched input port. */
  readonly watched: (q: number) => boolean;
  readonly onStall?: (g: number, edge: 'begin' | 'end') => void;
}): CreditWatch {
  const { now, measuring, watched, onStall } = o;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let inst: any = null;
  const entry = new Map<number, number>();
  const occ = new Map<number, Occupancy>();
  const bump = (q: number, d: number) => {
    if (!watched(q)) return;
    let b = occ.get(q);
    if (!b) occ.set(q, (b = { blocks: 0, since: now(), hist: new Array(9).fill(0) }));
    if (measuring()) b.hist[Math.min(8, Math.ceil(b.blocks / 32))]! += now() - b.since;
    b.since = now();
    b.blocks += d;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fifo = FifoInputQueues.prototype as any;
  const push = fifo.push;
  fifo.push = function (x: number, p: number) {
    inst = this;
    entry.set(p, now());
    bump(this.bufferOf(x), this.pool.blocks(p));
    return push.call(this, x, p);
  };
  const freed = fifo.freed;
  fifo.freed = function (x: number, b: number) {
    bump(this.bufferOf(x), -b);
    return freed.call(this, x, b);
  };
  const pops = flagPops(fifo);
  const st = new Map<number, Stalls>();
  const stOf = (g: number) => {
    let s = st.get(g);
    if (!s) st.set(g, (s = { acc: 0, since: -1, n: 0, s1: 0, s2: 0 }));
    return s;
  };
  const cum = (g: number) => {
    const s = stOf(g);
    return s.acc + (s.since >= 0 ? now() - s.since : 0);
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const fsp = FabricStats.prototype as any;
  const sb = fsp.stallBegins;
  fsp.stallBegins = function (g: number) {
    onStall?.(g, 'begin');
    const s = stOf(g);
    if (s.since < 0) s.since = now();
    return sb.call(this, g);
  };
  const es = fsp.endStall;
  fsp.endStall = function (g: number) {
    onStall?.(g, 'end');
    const s = stOf(g);
    if (s.since >= 0) {
      const d = now() - s.since;
      s.acc += d;
      if (measuring()) {
        s.n++;
        s.s1 += d;
        s.s2 += d * d;
      }
      s.since = -1;
    }
    return es.call(this, g);
  };
  return { inst: () => inst, entry, occ, pops, st, stOf, cum };
}

/** What {@link runWatched} reads after the run. */
export interface WatchedRun {
  /** The measured run's length (s). */
  readonly until: number;
  /** Each output port's stall periods in the measured window: [count, Σ length, Σ length²], by port name. */
  readonly stalls: Record<string, number[]>;
  /** Each watched buffer's occupancy histogram (bins 0..8, fractions of the run), keyed `port/VL`. */
  readonly occ: Record<string, number[]>;
  /** Each port's credit-stall fraction, by port name. */
  readonly stall: Record<string, number>;
}

/**
 * One replication of the two aids: the fabric built with `seed`, `packets / pps` seconds measured after a fifth of that
 * as warm-up; `start` gets the simulator's clock and port names before the run, `measure` is called as the window
 * opens (the watched occupancies restart there and are closed at the end).
 */
export function runWatched(o: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly params: any;
  readonly pps: number;
  readonly packets: number;
  readonly seed: number;
  readonly V: number;
  readonly watch: Pick<CreditWatch, 'occ' | 'st'>;
  readonly start: (clock: () => number, names: readonly string[]) => void;
  readonly measure: () => void;
}): WatchedRun {
  const until = o.packets / o.pps;
  const { occ, st } = o.watch;
  let clock = () => 0;
  let names: readonly string[] = [];
  const f = runWithWarmUp({
    params: o.params,
    seed: o.seed,
    until,
    start: (c, n) => {
      [clock, names] = [c, n];
      o.start(c, n);
    },
    measure: () => {
      o.measure();
      for (const b of occ.values()) b.since = clock();
    },
  });
  for (const b of occ.values()) {
    b.hist[Math.min(8, Math.ceil(b.blocks / 32))]! += clock() - b.since;
    b.since = clock();
  }
  const meas = f.measurements();
  const stall: Record<string, number> = {};
  for (const p of meas.ports) stall[p.name] = p.creditStallTime / meas.duration;
  const stalls = Object.fromEntries([...st].filter(([, s]) => s.n > 0).map(([g, s]) => [names[g]!, [s.n, s.s1, s.s2]]));
  const occupancy = Object.fromEntries([...occ].map(([q, b]) => [`${names[(q / o.V) | 0]}/${q % o.V}`, b.hist.map((h) => h / until)]));
  return { until, stalls, occ: occupancy, stall };
}
