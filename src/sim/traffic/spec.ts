/**
 * The JSON form of an arrival process, so topologies and scenario files can name their traffic
 * (`{ "kind": "ge", "rate": 5, "ca2": 5 }`), and the one function that validates it and builds the
 * process.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { knownKeys, plainObject } from '../../core/guards.js';
import type { RandomStream } from '../../core/random.js';
import { ConstantRateArrivals, GeArrivals, OnOffArrivals, PoissonArrivals, type ArrivalProcess } from './arrivals.js';

/** An arrival process as a plain JSON object. Rates in jobs per unit time. */
export type ArrivalSpec =
  | { readonly kind: 'poisson'; readonly rate: number }
  | { readonly kind: 'ge'; readonly rate: number; readonly ca2: number }
  | { readonly kind: 'cbr'; readonly rate: number; readonly phase?: number }
  | {
      readonly kind: 'onoff';
      readonly peakRate: number;
      readonly meanOn: number;
      readonly meanOff: number;
      readonly pattern?: 'poisson' | 'cbr';
      readonly startOn?: boolean;
    };

const KEYS: Record<ArrivalSpec['kind'], readonly string[]> = {
  poisson: ['kind', 'rate'],
  ge: ['kind', 'rate', 'ca2'],
  cbr: ['kind', 'rate', 'phase'],
  onoff: ['kind', 'peakRate', 'meanOn', 'meanOff', 'pattern', 'startOn'],
};

/**
 * Validates an {@link ArrivalSpec} and builds its process.
 *
 * @param field the name used in error messages (e.g. 'flows[0].arrivals'); each key is reported as
 *   `field.key`.
 * @throws InvalidParameterError naming `field.<key>` for an unknown kind or key or a bad value.
 * @example arrivalProcess({ kind: 'ge', rate: 5, ca2: 5 }, stream).rate; // 5
 */
export function arrivalProcess(spec: ArrivalSpec, stream: RandomStream, field = 'arrivals'): ArrivalProcess {
  const o = plainObject(field, spec);
  const kind = o.kind as ArrivalSpec['kind'];
  if (typeof kind !== 'string' || !Object.hasOwn(KEYS, kind)) {
    throw new InvalidParameterError(`${field}.kind`, `one of ${Object.keys(KEYS).map((k) => `'${k}'`).join(', ')}`, o.kind);
  }
  knownKeys(field, o, KEYS[kind]);
  try {
    switch (kind) {
      case 'poisson':
        return new PoissonArrivals(o.rate as number, stream);
      case 'ge':
        return new GeArrivals({ rate: o.rate as number, ca2: o.ca2 as number }, stream);
      case 'cbr':
        return new ConstantRateArrivals({ rate: o.rate as number, ...(o.phase === undefined ? {} : { phase: o.phase as number }) });
      case 'onoff':
        return new OnOffArrivals(o as unknown as ConstructorParameters<typeof OnOffArrivals>[0], stream);
    }
  } catch (e) {
    // The classes name their own parameters; prefix the field so a file's error points at the line.
    if (e instanceof InvalidParameterError) throw new InvalidParameterError(`${field}.${e.parameter}`, e.rule, e.value);
    throw e;
  }
}
