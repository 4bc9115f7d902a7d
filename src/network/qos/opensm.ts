/**
 * OpenSM's textual form of VL arbitration tables (opensm.conf: `qos_vlarb_high`, `qos_vlarb_low`,
 * `qos_high_limit`): a table is `"VL:weight,VL:weight,…"`, at most 64 pairs, VL 0..14, weight
 * 0..255; the high limit is an integer 0..255.
 */
import { InvalidParameterError } from '../../core/errors.js';
import { MAX_ENTRY_WEIGHT, TABLE_ENTRIES, type ArbitrationEntry } from './arbitrationTable.js';
import { checkKind, recordParameter } from '../../core/shapes.js';

/** Largest data VL (VL 15 is the management lane, never in an arbitration table). */
export const MAX_DATA_VL = 14;

/**
 * Parses an OpenSM arbitration table string such as `"0:4,1:0,2:64"` into 64 entries (missing
 * trailing entries are free: `{ vl: 0, weight: 0 }`; a free entry's VL is normalised to 0).
 * Spaces around the numbers are allowed; an empty string is an empty table.
 *
 * @param text the value of `qos_vlarb_high` or `qos_vlarb_low`.
 * @param name the parameter name used in errors (default 'vlarb').
 * @throws InvalidParameterError naming the pair that is malformed, has a VL outside 0..14, a weight
 *   outside 0..255, or when there are more than 64 pairs.
 * @example parseOpenSmVlarb('0:4,1:255')[1]   // → { vl: 1, weight: 255 }
 */
export function parseOpenSmVlarb(text: string, name = 'vlarb'): ArbitrationEntry[] {
  if (typeof text !== 'string') throw new InvalidParameterError(name, 'a string "VL:weight,VL:weight,..."', text);
  const entries: ArbitrationEntry[] = [];
  const trimmed = text.trim();
  const pairs = trimmed === '' ? [] : trimmed.split(',');
  if (pairs.length > TABLE_ENTRIES) {
    throw new InvalidParameterError(name, `at most ${TABLE_ENTRIES} VL:weight pairs`, text);
  }
  pairs.forEach((pair, k) => {
    const m = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(pair);
    if (!m) throw new InvalidParameterError(`${name}[${k}]`, 'a pair VL:weight of two integers', pair);
    const vl = Number(m[1]);
    const weight = Number(m[2]);
    if (vl > MAX_DATA_VL) throw new InvalidParameterError(`${name}[${k}].vl`, `a data VL 0..${MAX_DATA_VL}`, vl);
    if (weight > MAX_ENTRY_WEIGHT) {
      throw new InvalidParameterError(`${name}[${k}].weight`, `an integer 0..${MAX_ENTRY_WEIGHT}`, weight);
    }
    entries.push(weight === 0 ? { vl: 0, weight: 0 } : { vl, weight });
  });
  while (entries.length < TABLE_ENTRIES) entries.push({ vl: 0, weight: 0 });
  return entries;
}

/**
 * Writes entries in OpenSM's form, `"VL:weight,…"`, dropping trailing free entries (a free entry
 * before a used one is written `0:0`, so every entry keeps its position). Inverse of
 * {@link parseOpenSmVlarb} for tables whose free entries have VL 0.
 *
 * @example formatOpenSmVlarb([{ vl: 0, weight: 4 }, { vl: 0, weight: 0 }, { vl: 2, weight: 64 }])  // → "0:4,0:0,2:64"
 */
export function formatOpenSmVlarb(entries: readonly ArbitrationEntry[]): string {
  checkKind('entries', entries, 'array');
  let last = entries.length - 1;
  while (last >= 0 && entries[last]!.weight === 0) last--;
  return entries
    .slice(0, last + 1)
    .map((e) => (e.weight === 0 ? '0:0' : `${e.vl}:${e.weight}`))
    .join(',');
}

/**
 * Parses `qos_high_limit` (LimitOfHighPriority): an integer 0..255 given as a number or a string.
 * 255 means no limit; 0 means one high-priority packet between low-priority opportunities.
 *
 * @throws InvalidParameterError otherwise.
 */
export function parseHighLimit(value: unknown, name = 'limitOfHighPriority'): number {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 255) {
    throw new InvalidParameterError(name, 'an integer 0..255', value);
  }
  return n;
}

/** A whole port's configuration in opensm.conf lines. */
export interface OpenSmArbitration {
  readonly high: readonly ArbitrationEntry[];
  readonly low: readonly ArbitrationEntry[];
  readonly limitOfHighPriority: number;
}

/**
 * The three opensm.conf lines of a port: `qos_vlarb_high …`, `qos_vlarb_low …`,
 * `qos_high_limit …` (newline-separated, no trailing newline).
 */
export function formatOpenSmArbitration(a: OpenSmArbitration): string {
  recordParameter('arbitration', a, { high: 'array', low: 'array' });
  return [
    `qos_vlarb_high ${formatOpenSmVlarb(a.high)}`,
    `qos_vlarb_low ${formatOpenSmVlarb(a.low)}`,
    `qos_high_limit ${a.limitOfHighPriority}`,
  ].join('\n');
}

/**
 * Reads the three lines written by {@link formatOpenSmArbitration} (other lines, comments `#`
 * and blank lines are ignored; a missing line gives an empty table or limit 0, OpenSM's default).
 *
 * @throws InvalidParameterError for a malformed value.
 */
export function parseOpenSmArbitration(text: string): OpenSmArbitration {
  checkKind('text', text, 'string');
  let high: ArbitrationEntry[] = parseOpenSmVlarb('');
  let low: ArbitrationEntry[] = parseOpenSmVlarb('');
  let limitOfHighPriority = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const m = /^(qos_vlarb_high|qos_vlarb_low|qos_high_limit)\s*(.*)$/.exec(line);
    if (!m) continue;
    const value = m[2]!.replace(/^"(.*)"$/, '$1');
    if (m[1] === 'qos_vlarb_high') high = parseOpenSmVlarb(value, 'qos_vlarb_high');
    else if (m[1] === 'qos_vlarb_low') low = parseOpenSmVlarb(value, 'qos_vlarb_low');
    else limitOfHighPriority = parseHighLimit(value, 'qos_high_limit');
  }
  return { high, low, limitOfHighPriority };
}
