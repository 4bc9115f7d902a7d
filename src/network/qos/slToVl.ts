/**
 * The SL→VL table of a fabric description: 16 entries, one VL per service level (IBA §7.6.6). One
 * check for every reader of the `fabric` params — the simulator's build and the analytic model.
 */
import { InvalidParameterError } from '../../core/errors.js';

/**
 * The SL→VL table given as `slToVl` (16 integers in 0..vls−1), or the default SL mod vls when absent.
 * @param vls data VLs per port (an integer ≥ 1, checked by the caller).
 * @throws InvalidParameterError naming `slToVl` or `slToVl[i]`, the rule and the value.
 * @example slToVlTable(2, undefined).slice(0, 4); // → [0, 1, 0, 1]
 */
export function slToVlTable(vls: number, given: unknown): number[] {
  if (given === undefined) return Array.from({ length: 16 }, (_, sl) => sl % vls);
  if (!Array.isArray(given) || given.length !== 16) throw new InvalidParameterError('slToVl', 'an array of 16 VLs', given);
  return given.map((v: unknown, i: number) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= vls) throw new InvalidParameterError(`slToVl[${i}]`, `a VL in 0..${vls - 1}`, v);
    return v;
  });
}
