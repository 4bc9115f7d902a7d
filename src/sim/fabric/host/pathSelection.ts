/**
 * Path selection at the source adapter: which of the destination's LIDs (see multipath.ts) the next
 * packet of a flow is addressed to. The fabric asks {@link PathSelection.nextLid} when a packet
 * leaves the host, and, for every delivered packet, hands the acknowledgement back (out of band,
 * after the reverse path's latency, as the rate controllers' ACKs) with the LID it travelled on,
 * its FECN mark (echoed as BECN) and its latency. Implementations must not allocate per call.
 */
import { maxOf } from '../../../core/arrays.js';
import { DrbSource, type DrbShare } from '../../../congestion/index.js';
import { InvalidParameterError } from '../../../core/errors.js';
import { knownKeys, plainObject, positiveRate } from '../../../core/guards.js';
import type { RandomStream } from '../../../core/random.js';
import { checkKind, recordParameter } from '../../../core/shapes.js';

/**
 * A flow's path selection (buildFabric `flows[i].pathSelection`): `static` (LID 0 always; the
 * default) or `drb` (congestion's DrbSource; defaults are the seed's: 4 paths, 10 notifications per
 * path, a 100 µs timer). DRB needs the fabric's `multipath` and a flow with a fixed destination.
 */
export type PathSelectionSpec =
  | { readonly kind: 'static' }
  | {
      readonly kind: 'drb';
      readonly maxPaths?: number;
      readonly notificationsPerPath?: number;
      /** Timer period, µs (default 100). */
      readonly timerUs?: number;
      readonly share?: DrbShare;
      readonly decay?: number;
      readonly latencyWeight?: number;
    };

/** A flow's path choice, driven by acknowledgements. */
export interface PathSelection {
  /** The LID offset (0 = the original path) of the next packet leaving at `now` (seconds). */
  nextLid(now: number): number;
  /** A packet sent to LID offset `lid` was acknowledged at `now`; `marked` = BECN; `latency` in seconds. */
  onAck(lid: number, marked: boolean, latency: number, now: number): void;
  /** When {@link onTimer} is wanted next (seconds), or Infinity. */
  readonly nextTimer: number;
  onTimer(now: number): void;
  /** Paths open now. */
  readonly openPaths: number;
  /** Paths it may use at most (the pair's disjoint paths, up to what was asked). */
  readonly usablePaths: number;
}

/**
 * DRB at the source (congestion's {@link DrbSource}) over the LIDs usable for this source–destination
 * pair: path i of the DRB source is LID `lids[i]`. The DRB source opens at most `lids.length` paths
 * (fewer disjoint paths than asked: the source uses what exists). The timer is asked for only while
 * more than one path is open (with one path open an expiry changes nothing the next packet sees).
 *
 * @example
 * const sel = new DrbPathSelection(new DrbSource({ maxPaths: 2 }), [0, 3], stream);
 * sel.nextLid(0); // → 0 (one path open)
 */
export class DrbPathSelection implements PathSelection {
  private readonly lidToPath: Int32Array;

  constructor(
    readonly drb: DrbSource,
    readonly lids: readonly number[],
    private readonly stream: RandomStream,
  ) {
    recordParameter('drb', drb);
    checkKind('lids', lids, 'array');
    recordParameter('stream', stream, { next: 'function' });
    this.lidToPath = new Int32Array(maxOf(lids) + 1).fill(-1);
    lids.forEach((lid, i) => (this.lidToPath[lid] = i));
  }

  get openPaths(): number {
    return this.drb.openPaths;
  }

  get usablePaths(): number {
    return this.drb.maxPaths;
  }

  get nextTimer(): number {
    return this.drb.openPaths > 1 ? this.drb.nextTimerExpiry : Infinity;
  }

  nextLid(now: number): number {
    this.drb.advance(now);
    return this.lids[this.drb.choosePath(this.drb.openPaths > 1 ? this.stream.next() : 0)]!;
  }

  onAck(lid: number, marked: boolean, latency: number, now: number): void {
    const path = lid < this.lidToPath.length ? this.lidToPath[lid]! : -1;
    this.drb.onAck(path < 0 ? this.drb.maxPaths : path, marked, latency, now);
  }

  onTimer(now: number): void {
    this.drb.advance(now);
  }
}

/**
 * Builds a flow's path selection from its spec (`null` for static routing): `lids` are the pair's
 * usable LID offsets; a DRB source opens at most min(maxPaths, lids.length) paths.
 * @throws InvalidParameterError naming `field.…`.
 */
export function pathSelection(field: string, spec: unknown, lids: readonly number[] | null, stream: RandomStream, start: number): PathSelection | null {
  if (spec === undefined) return null;
  const o = plainObject(field, spec);
  if (o.kind === 'static') {
    knownKeys(field, o, ['kind']);
    return null;
  }
  if (o.kind !== 'drb') throw new InvalidParameterError(`${field}.kind`, "one of 'static', 'drb'", o.kind);
  knownKeys(field, o, ['kind', 'maxPaths', 'notificationsPerPath', 'timerUs', 'share', 'decay', 'latencyWeight']);
  if (lids === null) throw new InvalidParameterError(`${field}.kind`, "'static' unless the fabric has multipath and the flow a fixed destination", o.kind);
  const params: Record<string, unknown> = { timerStart: start };
  for (const k of ['notificationsPerPath', 'share', 'decay', 'latencyWeight'] as const) if (o[k] !== undefined) params[k] = o[k];
  if (o.timerUs !== undefined) params.timerPeriod = positiveRate(`${field}.timerUs`, o.timerUs) * 1e-6;
  try {
    const asked = new DrbSource({ ...params, ...(o.maxPaths === undefined ? {} : { maxPaths: o.maxPaths }) } as never).maxPaths;
    return new DrbPathSelection(new DrbSource({ ...params, maxPaths: Math.min(asked, lids.length) } as never), lids.slice(0, asked), stream);
  } catch (e) {
    if (e instanceof InvalidParameterError) throw new InvalidParameterError(`${field}.${e.parameter}`, e.rule, e.value);
    throw e;
  }
}
