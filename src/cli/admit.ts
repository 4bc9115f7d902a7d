/**
 * `ibqos admit`: replays connection requests and releases through the bandwidth broker
 * (docs/models.md §§8–9) and prints each verdict and the final state.
 *
 *     ibqos admit --topology t.json --requests r.json [--json | --opensm]
 *
 * `t.json` is a topology (see `validateTopology`); `r.json` an array whose items are requests
 * `{ "id", "path", "sl", "bandwidth", "distance"?, "delay"? }` or releases `{ "release": id }`, processed in
 * order. `t.json` may instead be a fabric topology (src/network; what `ibqos topology import` writes):
 * requests then name `"source"` and `"destination"` hosts in place of `"path"`, the path is the routed
 * one, bandwidths are in Gb/s, and `--policy p.json` gives the broker's rules (admission/fabricTopology.ts). Default output: tables of verdicts, link loads and each port's high-priority table with
 * its VLs' shares and delay bounds. `--json`: `{ "verdicts": [...], "links": [...], "tables": [...] }`.
 * `--opensm`: each port's `qos_vlarb_high`, `qos_vlarb_low` and `qos_high_limit` lines.
 */
import { maxOf } from '../core/arrays.js';
import type { Command } from 'commander';
import {
  BandwidthBroker,
  FABRIC_POLICY_KEYS,
  brokerTopologyOfFabric,
  formatOpenSmArbitration,
  isFabricTopologyFile,
  routeHostRequest,
  type AdmissionVerdict,
  type FabricAdmissionPolicy,
  type ReleaseResult,
} from '../admission/index.js';
import { knownKeys, plainObject } from '../core/guards.js';
import { InvalidParameterError } from '../core/errors.js';
import { checkJsonDepth } from '../core/jsonDepth.js';
import { formatTable } from '../present/table.js';
import { commandOutput, maxInputBytes, maxInputOption, readInputFile } from './output.js';
import { header } from './vocabulary.js';

interface AdmitOptions {
  readonly topology: string;
  readonly requests: string;
  readonly json?: boolean;
  readonly opensm?: boolean;
  readonly policy?: string;
  readonly maxInputMb?: string;
}

/**
 * A verdict or, for a `{ release }` item, what the release did: `released: true` with the entries
 * moved, or `released: false` when the request with that id was refused earlier in the file (a
 * file cannot know in advance which requests will be refused, so that release is not an error).
 */
export type AdmitRecord =
  | AdmissionVerdict
  | (ReleaseResult & { readonly released: true })
  | { readonly id: string | number; readonly released: false; readonly reason: 'not-admitted' };

function readJson(option: string, path: string, maxBytes: number): unknown {
  const text = readInputFile(option, path, maxBytes);
  checkJsonDepth(`${option} (${path})`, text);
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new InvalidParameterError(option, 'a JSON file', `${path} (${(e as Error).message})`);
  }
}

/**
 * Runs the items through a broker; errors name the item (`requests[3].path[1] must be …`). A
 * release of an id that is not admitted is an error, unless the last request with that id in the
 * file was refused.
 */
export function replayRequests(broker: BandwidthBroker, items: unknown, route: (item: unknown) => unknown = (item) => item): AdmitRecord[] {
  if (!Array.isArray(items)) throw new InvalidParameterError('requests', 'a JSON array of requests and releases', items);
  const refused = new Set<string | number>();
  return items.map((item: unknown, k: number): AdmitRecord => {
    const isRelease = typeof item === 'object' && item !== null && 'release' in item;
    try {
      if (isRelease) {
        const keys = Object.keys(item);
        if (keys.length !== 1) throw new InvalidParameterError('release', 'the only key of a release item', item);
        const id = (item as { release: unknown }).release;
        if (typeof id !== 'string' && typeof id !== 'number') {
          throw new InvalidParameterError('release', 'the id of an admitted connection', id);
        }
        if (!broker.has(id) && refused.delete(id)) return { id, released: false, reason: 'not-admitted' };
        return { ...broker.release(id), released: true as const };
      }
      const verdict = broker.admit(route(item) as never);
      if (verdict.admitted) refused.delete(verdict.id);
      else refused.add(verdict.id);
      return verdict;
    } catch (e) {
      if (e instanceof InvalidParameterError) {
        // broker.release names its argument 'id'; in a release item that is the 'release' field.
        const name = isRelease ? e.parameter.replace(/^id$/, 'release') : e.parameter.replace(/^request\.?/, '');
        throw new InvalidParameterError(`requests[${k}]${name === '' ? '' : `.${name}`}`, e.rule, e.value);
      }
      throw e;
    }
  });
}

function textReport(records: readonly AdmitRecord[], broker: BandwidthBroker): string {
  const parts: string[] = [];
  parts.push(
    formatTable(records, [
      { header: 'id', value: (r) => String(r.id) },
      { header: 'verdict', value: (r) => ('released' in r ? (r.released ? 'released' : 'not admitted') : r.admitted ? 'admitted' : 'rejected') },
      { header: 'binding link', value: (r) => ('bindingLink' in r && r.bindingLink !== undefined ? r.bindingLink : '') },
      { header: 'reason', value: (r) => ('reason' in r && r.reason !== undefined ? r.reason : '') },
      { header: header('slack', 'bw'), value: (r) => ('slack' in r && r.slack !== undefined ? r.slack : '') },
    ]),
  );
  parts.push(
    formatTable(broker.links(), [
      { header: 'link', value: (l) => l.id },
      { header: header('bandwidth', 'bw'), value: (l) => l.bandwidth },
      { header: header('capacity', 'bw'), value: (l) => l.capacity },
      { header: header('load', 'bw'), value: (l) => l.load },
      { header: header('utilization', 'prob'), value: (l) => l.utilization, digits: 4 },
      { header: header('connections', '1'), value: (l) => l.connections },
      { header: header('SL loads', 'bw'), value: (l) => l.sls.map((s) => `${s.sl}:${s.load}${s.capacity === undefined ? '' : `/${s.capacity}`}`).join(' ') },
    ]),
  );
  for (const t of broker.tablesState()) {
    if (t.sequences.length === 0) continue;
    parts.push(
      `port ${t.port}: high-priority table, VL:weight of entries 0-63 by rows of 8 ('-' free)\n` +
        `${tableGrid(t.high)}\n` +
        formatTable(t.vls, [
          { header: 'VL', value: (v) => v.vl },
          { header: header('weight', '64 B'), value: (v) => v.weight },
          { header: header('entries', '1'), value: (v) => v.entries },
          { header: header('share', 'prob'), value: (v) => v.share, digits: 4 },
          { header: header('guaranteed', 'prob'), value: (v) => v.guaranteedShare, digits: 4 },
          { header: header('max distance', 'entries'), value: (v) => v.maxDistance },
          { header: header('delay bound', 'bytes'), value: (v) => v.delayBoundBytes },
        ]),
    );
  }
  return parts.join('\n\n');
}

/** The 64 entries as 8 rows of 8 `VL:weight` cells, free entries as '-'. */
export function tableGrid(entries: readonly { vl: number; weight: number }[]): string {
  const cells = entries.map((e) => (e.weight === 0 ? '-' : `${e.vl}:${e.weight}`));
  const width = maxOf(cells.map((c) => c.length));
  const rows: string[] = [];
  for (let r = 0; r < cells.length; r += 8) {
    rows.push(`${String(r).padStart(2)} | ${cells.slice(r, r + 8).map((c) => c.padStart(width)).join(' ')}`);
  }
  return rows.join('\n');
}

function openSmReport(broker: BandwidthBroker): string {
  return broker
    .tablesState()
    .map((t) => `# port ${t.port} (link ${t.link})\n${formatOpenSmArbitration(t)}`)
    .join('\n\n');
}

/** The broker's rules on a fabric topology, from `--policy`. */
function readPolicy(path: string, maxBytes: number): FabricAdmissionPolicy {
  const policy = plainObject('--policy', readJson('--policy', path, maxBytes));
  knownKeys('--policy', policy, FABRIC_POLICY_KEYS);
  return policy as FabricAdmissionPolicy;
}

/** Registers `ibqos admit`. */
export function registerAdmit(program: Command): void {
  maxInputOption(program.command('admit'))
    .description('admission control and VL arbitration tables: replay requests through the bandwidth broker (docs/admission.md)')
    .addHelpText('after', '\nUnits (docs/glossary.md): bw is the topology\'s bandwidth unit; arbitration weights count 64-byte units; delays in seconds.\n')
    .requiredOption('--topology <file>', 'topology JSON: { "links": [{ "id", "bandwidth" }], "slShares"?, "slToVl"?, "bestEffortReserve"?, "arbitration"?, "switches"? }; bandwidths in any one unit (e.g. Mb/s), which requests use too')
    .requiredOption('--requests <file>', 'JSON array of { "id", "path", "sl", "bandwidth", "distance"?, "delay"? } and { "release": id }, processed in order; bandwidth in the topology\'s unit, distance >= 2, rounded down to a power of two <= 64 (default 64), delay per hop in seconds')
    .option('--policy <file>', 'with a fabric topology (switches, hosts, links; or the scenario file `ibqos topology import` writes): the broker\'s rules as JSON { "slShares"?, "slToVl"?, "bestEffortReserve"?, "arbitration"?, "packet"? }')
    .option('--json', 'print { "verdicts": [...], "links": [...], "tables": [...] }')
    .option('--opensm', "print each port's tables as opensm.conf lines (qos_vlarb_high, qos_vlarb_low, qos_high_limit)")
    .action((opts: AdmitOptions, cmd: Command) => {
      if (opts.json && opts.opensm) throw new InvalidParameterError('--json / --opensm', 'one of the two, not both', true);
      const maxBytes = maxInputBytes(opts.maxInputMb);
      const file = readJson('--topology', opts.topology, maxBytes);
      let broker: BandwidthBroker;
      let route: ((item: unknown) => unknown) | undefined;
      if (isFabricTopologyFile(file)) {
        const policy = opts.policy === undefined ? {} : readPolicy(opts.policy, maxBytes);
        const fabric = brokerTopologyOfFabric(file, policy);
        broker = new BandwidthBroker(fabric.topology);
        route = (item) => routeHostRequest(fabric, item);
      } else {
        if (opts.policy !== undefined) throw new InvalidParameterError('--policy', 'given only with a fabric topology (switches, hosts, links)', opts.policy);
        broker = new BandwidthBroker(file as never);
      }
      const records = replayRequests(broker, readJson('--requests', opts.requests, maxBytes), route);
      const { write } = commandOutput(cmd);
      if (opts.json) {
        write(`${JSON.stringify({ verdicts: records, links: broker.links(), tables: broker.tablesState() }, null, 2)}\n`);
      } else if (opts.opensm) {
        write(`${openSmReport(broker)}\n`);
      } else {
        write(`${textReport(records, broker)}\n`);
      }
    });
}
