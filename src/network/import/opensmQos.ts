/**
 * Reads OpenSM's QoS options (opensm.conf / opensm.opts; OpenSM's "QoS management in OpenSM",
 * §7 "SL2VL Mapping and VL Arbitration"): for each port type (`qos_ca_` CAs, `qos_swe_` switch
 * external ports, `qos_sw0_` switch port 0, `qos_rtr_` routers, and `qos_sw2sw_` switch ports
 * cabled to another switch, which newer OpenSM releases configure apart from the other external
 * ports) and for all of them (`qos_`), the options `max_vls`, `high_limit`, `vlarb_high`,
 * `vlarb_low` and `sl2vl`. A port type takes its own option, else (`sw2sw` only) the `swe_` one,
 * else the unprefixed one, else OpenSM's hard-coded default (the values §7 lists: 15 VLs, high
 * limit 0, high table `0:4`, low table `1:4` … `14:4`, SL→VL `0,1,…,14,7`).
 *
 * A complete options file ends with a newline (OpenSM writes one after every option): a file whose
 * last line has none was cut, perhaps inside a number (`0:6` of `0:64`), and is refused. A VL
 * arbitration entry naming a VL at or above the port type's `max_vls` (the port has no such VL, so
 * the hardware never serves it) is dropped with a warning naming the option's line — as happens with
 * OpenSM's default tables (VLs up to 14) under a smaller `max_vls`.
 *
 * The VL arbitration values are read by the admission module's {@link parseOpenSmVlarb} and
 * {@link parseHighLimit}, the same functions that check what `ibqos admit --opensm` writes, so the
 * tables it writes read back exactly. `(null)`, and -1 or 0 for the numbers, are OpenSM's "not set".
 */
import type { ArbitrationEntry } from '../qos/arbitrationTable.js';
import { parseHighLimit, parseOpenSmVlarb } from '../qos/opensm.js';
import { InvalidParameterError } from '../../core/errors.js';
import { ClusterFormatError, importLines, type ImportWarning } from './importError.js';
import { checkKind } from '../../core/shapes.js';

/** The QoS settings of one port type, every option resolved. */
export interface PortQos {
  readonly maxVls: number;
  readonly limitOfHighPriority: number;
  /** 64 entries each (free entries `{ vl: 0, weight: 0 }`). */
  readonly high: readonly ArbitrationEntry[];
  readonly low: readonly ArbitrationEntry[];
  /** 16 entries, SL 0..15; VL 15 means the port drops that SL. */
  readonly slToVl: readonly number[];
}

/** The port types OpenSM configures separately. */
export const QOS_PORT_TYPES = ['ca', 'swe', 'sw0', 'rtr', 'sw2sw'] as const;
export type QosPortType = (typeof QOS_PORT_TYPES)[number];

/** What an OpenSM options file sets: per port type, and which lines set it. */
export interface OpenSmQos {
  readonly ports: Readonly<Record<QosPortType, PortQos>>;
  /** The `qos` option (TRUE/FALSE), when given: OpenSM programs the tables only when it is TRUE. */
  readonly enabled: boolean | undefined;
  /** `option name → line` for every QoS option the file set. */
  readonly lines: ReadonlyMap<string, number>;
  /** Arbitration entries dropped for naming a VL at or above max_vls, and a CRLF or byte-order-mark note. */
  readonly warnings: readonly ImportWarning[];
}

const FIELDS = ['max_vls', 'high_limit', 'vlarb_high', 'vlarb_low', 'sl2vl'] as const;
type Field = (typeof FIELDS)[number];

/** OpenSM's hard-coded defaults (QoS management in OpenSM, §7). */
const DEFAULTS: Readonly<Record<Field, string>> = {
  max_vls: '15',
  high_limit: '0',
  vlarb_high: '0:4,1:0,2:0,3:0,4:0,5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,13:0,14:0',
  vlarb_low: '0:0,1:4,2:4,3:4,4:4,5:4,6:4,7:4,8:4,9:4,10:4,11:4,12:4,13:4,14:4',
  sl2vl: '0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,7',
};

const OPTION = /^qos_(?:(ca|swe|sw0|rtr|sw2sw)_)?(max_vls|high_limit|vlarb_high|vlarb_low|sl2vl)(?:\s+(.*))?$/;

/** Parses `qos_sl2vl`: 16 comma-separated VLs 0..15. */
export function parseOpenSmSl2vl(text: string, name = 'sl2vl'): number[] {
  checkKind('text', text, 'string');
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length !== 16) throw new InvalidParameterError(name, 'a list of 16 VLs (one per SL 0..15) separated by commas', text);
  return parts.map((p, sl) => {
    if (!/^\d+$/.test(p) || Number(p) > 15) throw new InvalidParameterError(`${name}[${sl}]`, 'a VL in 0..15 (15 = drop)', p);
    return Number(p);
  });
}

/** Writes an SL→VL table as OpenSM's `qos_sl2vl` value. */
export function formatOpenSmSl2vl(slToVl: readonly number[]): string {
  checkKind('slToVl', slToVl, 'array');
  return slToVl.join(',');
}

function resolve(field: Field, value: string, name: string = field): PortQos[keyof PortQos] {
  switch (field) {
    case 'max_vls': {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(n >= 1 && n <= 15)) throw new InvalidParameterError(name, 'an integer in 1..15', value);
      return n;
    }
    case 'high_limit':
      return parseHighLimit(value, name);
    case 'vlarb_high':
    case 'vlarb_low':
      return parseOpenSmVlarb(value, name);
    case 'sl2vl':
      return parseOpenSmSl2vl(value, name);
  }
}

/**
 * Whether a value is OpenSM's "not set": `(null)`, or empty, -1 or 0 for the numbers. An empty
 * arbitration table is a table with no entries (what `ibqos admit --opensm` writes for a port
 * whose table is empty), not an unset one.
 */
function unset(field: Field, value: string): boolean {
  if (value === '(null)') return true;
  if (field === 'max_vls') return value === '' || value === '0';
  if (field === 'high_limit') return value === '' || value === '-1';
  return false;
}

/**
 * Parses the QoS options of an OpenSM options file. Other options, comments (`#`) and blank lines
 * are ignored; an option given twice for the same port type is an error (OpenSM would keep the
 * last, silently).
 *
 * @param file a name for messages (default 'qos').
 * @throws ClusterFormatError naming the line and the rule (the admission module's rule for a VL
 *   arbitration table: pairs VL:weight, VL 0..14, weight 0..255, at most 64 pairs).
 * @example readOpenSmQos('qos_ca_sl2vl 0,1,0,1,0,1,0,1,0,1,0,1,0,1,0,1').ports.ca.slToVl[3]; // → 1
 */
export function readOpenSmQos(text: string, file = 'qos'): OpenSmQos {
  const warnings: ImportWarning[] = [];
  const lines = importLines('qos', file, text, warnings);
  const given = new Map<string, { value: string; line: number }>();
  let enabled: boolean | undefined;
  lines.forEach((raw, k) => {
    const n = k + 1;
    const line = raw.replace(/#.*$/, '').trim();
    if (line === '') return;
    const q = /^qos\s+(\S+)$/.exec(line);
    if (q) {
      const v = q[1]!.toUpperCase();
      if (v !== 'TRUE' && v !== 'FALSE') throw new ClusterFormatError('qos', file, n, `qos must be TRUE or FALSE, got ${q[1]}`);
      enabled = v === 'TRUE';
      return;
    }
    if (!line.startsWith('qos_') || /^qos_policy_file\b/.test(line)) return;
    const m = OPTION.exec(line);
    if (!m) throw new ClusterFormatError('qos', file, n, `a QoS option must be qos_[ca_|swe_|sw0_|rtr_|sw2sw_](max_vls|high_limit|vlarb_high|vlarb_low|sl2vl) <value>, got ${JSON.stringify(line.slice(0, 80))}`);
    const key = `qos_${m[1] === undefined ? '' : `${m[1]}_`}${m[2]}`;
    const prior = given.get(key);
    if (prior !== undefined) throw new ClusterFormatError('qos', file, n, `an option must be given once: ${key} is already set at line ${prior.line}`);
    const value = (m[3] ?? '').trim().replace(/^"(.*)"$/, '$1');
    try {
      if (!unset(m[2] as Field, value)) resolve(m[2] as Field, value, key);
    } catch (e) {
      if (e instanceof InvalidParameterError) throw new ClusterFormatError('qos', file, n, e.message);
      throw e;
    }
    given.set(key, { value, line: n });
  });
  /** The value a port type takes for a field, and the option (and line) it came from ('' and 0 for OpenSM's default). */
  const pick = (type: QosPortType, field: Field): { value: string; key: string; line: number } => {
    const keys = type === 'sw2sw' ? [`qos_sw2sw_${field}`, `qos_swe_${field}`, `qos_${field}`] : [`qos_${type}_${field}`, `qos_${field}`];
    for (const key of keys) {
      const g = given.get(key);
      if (g !== undefined && !unset(field, g.value)) return { value: g.value, key, line: g.line };
    }
    return { value: DEFAULTS[field], key: '', line: 0 };
  };
  const ports = Object.fromEntries(
    QOS_PORT_TYPES.map((type) => {
      const maxVls = resolve('max_vls', pick(type, 'max_vls').value) as number;
      const table = (field: 'vlarb_high' | 'vlarb_low'): ArbitrationEntry[] => {
        const from = pick(type, field);
        const entries = resolve(field, from.value) as ArbitrationEntry[];
        const beyond = entries.flatMap((e, k) => (e.weight > 0 && e.vl >= maxVls ? [`${k}: VL ${e.vl}`] : []));
        if (beyond.length === 0) return entries;
        const limit = pick(type, 'max_vls');
        // Warn for the port types the import uses (sw2sw only when the file configures it apart).
        const used = type === 'ca' || type === 'swe' || (type === 'sw2sw' && [...given.keys()].some((k) => k.startsWith('qos_sw2sw_')));
        if (used) warnings.push({
          file,
          line: from.line > 0 ? from.line : limit.line,
          message:
            `qos_${type}_${field}${from.key === '' ? " (OpenSM's default)" : from.key === `qos_${type}_${field}` ? '' : ` (from ${from.key})`} names VLs at or above ` +
            `max_vls ${maxVls}${limit.key === '' ? '' : ` (${limit.key}, line ${limit.line})`}: entries ${beyond.join(', ')}; the port has no such VL, the entries are dropped`,
          });
        return entries.map((e) => (e.weight > 0 && e.vl >= maxVls ? { vl: 0, weight: 0 } : e));
      };
      return [
        type,
        {
          maxVls,
          limitOfHighPriority: resolve('high_limit', pick(type, 'high_limit').value),
          high: table('vlarb_high'),
          low: table('vlarb_low'),
          slToVl: resolve('sl2vl', pick(type, 'sl2vl').value),
        } as PortQos,
      ];
    }),
  ) as Record<QosPortType, PortQos>;
  return { ports, enabled, lines: new Map([...given].map(([k, v]) => [k, v.line])), warnings };
}
