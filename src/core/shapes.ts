/**
 * Shape checks for the library's front doors (issue 33): a record, an array, a string or a
 * function given where the signature asks for one, with the fields a function reads first. They
 * catch the wrong type (`undefined`, `{}`, `'x'`) with an {@link InvalidParameterError} naming the
 * parameter (or `parameter.field`), the rule and the value, before the code behind the door reads
 * a property of it; they do not validate values (the domain checks of each model still do that).
 * Each costs a few property reads, so they sit at exported entries, never in hot loops.
 */
import { InvalidParameterError } from './errors.js';

/** What a field must be: `'array'` (an Array), `'arrayLike'` (an Array or a typed array), `'object'` (non-null, not an array). */
export type FieldKind = 'array' | 'arrayLike' | 'object' | 'number' | 'string' | 'function' | 'boolean' | 'bigint';

const RULES: Readonly<Record<FieldKind, string>> = {
  array: 'an array',
  arrayLike: 'an array or a typed array',
  object: 'an object',
  number: 'a number',
  string: 'a string',
  function: 'a function',
  boolean: 'a boolean',
  bigint: 'a bigint',
};

function hasKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'array':
      return Array.isArray(value);
    case 'arrayLike':
      return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    default:
      return typeof value === kind;
  }
}

/**
 * Checks that `value` is of `kind`.
 *
 * @throws InvalidParameterError naming `name`.
 * @example checkKind('svgs', ['<svg/>'], 'array')
 */
export function checkKind<T = unknown>(name: string, value: unknown, kind: FieldKind): T {
  if (!hasKind(value, kind)) throw new InvalidParameterError(name, RULES[kind], value);
  return value as T;
}

/**
 * Checks that `value` is an object (not null, not an array) whose listed fields are of the stated
 * kinds; other fields are not looked at.
 *
 * @throws InvalidParameterError naming `name` or `name.field`.
 * @example recordParameter('topology', topology, { switches: 'array', hosts: 'array', links: 'array' })
 */
export function recordParameter<T = unknown>(
  name: string,
  value: unknown,
  fields: Readonly<Record<string, FieldKind>> = {},
): T {
  if (!hasKind(value, 'object')) throw new InvalidParameterError(name, 'an object', value);
  const record = value as Record<string, unknown>;
  for (const [field, kind] of Object.entries(fields)) {
    if (!hasKind(record[field], kind)) throw new InvalidParameterError(`${name}.${field}`, RULES[kind], record[field]);
  }
  return value as T;
}

/**
 * Checks an optional options object: `undefined` stands for all defaults; anything else must be an
 * object.
 *
 * @throws InvalidParameterError naming `name`.
 */
export function optionsParameter<T = unknown>(name: string, value: unknown): T | undefined {
  if (value === undefined) return undefined;
  return recordParameter<T>(name, value);
}
