/**
 * `ibqos topology`: a cluster's own description turned into a runnable fabric scenario, and a
 * summary of a topology file (docs/fabric.md, "Simulate your own cluster").
 *
 *     ibqos topology import --ibnetdiscover net.txt [--lfts lfts.txt | --routing-engine ftree,minhop] [--qos opensm.conf] --out cluster.json
 *     ibqos topology show cluster.json
 *
 * `import` writes a `fabric` scenario file (the topology with the LFTs, or the routing engine's
 * tables, as its forwarding tables, the QoS tables, one uniform Poisson flow per host, and under
 * `imported` the sources, the engine and the importer's warnings) through a temporary file renamed into place: an
 * existing --out is replaced only with --force, an input file never, and nothing is left behind
 * when the import fails. A host LID missing from a switch's LFT is an error naming the switch and
 * the LID, unless --allow-missing-routes (the simulator then computes shortest paths for those).
 */
import { closeSync, existsSync, linkSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { checkJsonDepth } from '../core/jsonDepth.js';
import {
  ClusterFormatError,
  clusterScenario,
  formatImportWarning,
  importCluster,
  parseRoutingEngines,
  summarizeTopology,
  type ClusterSummary,
  type FabricTopologySpec,
  type ImportWarning,
} from '../network/index.js';
import { parseFabricScenario } from '../sim/index.js';
import { commandOutput, fileOptionError, maxInputBytes, maxInputOption, readInputFile } from './output.js';
import { parseSingle } from './sweep/sweep.js';
import { announceWork } from './work/progress.js';
import { importWork, LARGE_IMPORT_MB } from './work/workEstimate.js';

interface ImportOptions {
  readonly ibnetdiscover: string;
  readonly lfts?: string;
  readonly qos?: string;
  readonly out: string;
  readonly force?: boolean;
  readonly allowMissingRoutes?: boolean;
  readonly load?: string;
  readonly untilUs?: string;
  readonly routingEngine?: string;
  readonly maxInputMb?: string;
}

/** What `topology import` records under `imported` in the scenario file. */
interface ImportedRecord {
  readonly ibnetdiscover?: string;
  readonly format?: string;
  readonly lfts?: string;
  readonly qos?: string;
  /** 'lfts', or the engine's name. */
  readonly routing?: string;
  readonly routingFailed?: readonly string[];
  readonly warnings?: readonly ImportWarning[];
  readonly notes?: readonly string[];
}

/** Whether two paths name the same file (same device and inode), or the same path when one is absent. */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  try {
    const x = statSync(a);
    const y = statSync(b);
    return x.dev === y.dev && x.ino === y.ino;
  } catch {
    return false;
  }
}

/**
 * Writes `text` to `path` atomically: a temporary file in the same folder, then a rename (with
 * `force`) or a hard link that fails if `path` exists (without). The temporary file is removed
 * in every case.
 */
export function writeFileAtomically(option: string, path: string, text: string, force: boolean): void {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, 'wx');
  } catch (e) {
    throw fileOptionError(option, 'a file in a writable folder', path, e);
  }
  try {
    writeSync(fd, text);
    closeSync(fd);
    if (force) renameSync(tmp, path);
    else {
      try {
        linkSync(tmp, path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new InvalidParameterError(option, 'a file that does not exist yet (give --force to replace it)', path);
        throw fileOptionError(option, 'a writable file', path, e);
      }
    }
  } finally {
    if (existsSync(tmp)) unlinkSync(tmp);
  }
}

function runImport(o: ImportOptions, cmd: Command): void {
  const inputs: [string, string | undefined][] = [['--ibnetdiscover', o.ibnetdiscover], ['--lfts', o.lfts], ['--qos', o.qos]];
  for (const [option, path] of inputs) {
    if (path !== undefined && sameFile(path, o.out)) throw new InvalidParameterError('--out', `a file other than the ${option} input`, o.out);
  }
  if (!o.force && existsSync(o.out)) throw new InvalidParameterError('--out', 'a file that does not exist yet (give --force to replace it)', o.out);
  const load = o.load === undefined ? undefined : parseSingle('--load', o.load, { integer: false });
  const untilUs = o.untilUs === undefined ? undefined : parseSingle('--until-us', o.untilUs, { integer: false });
  if (load !== undefined && !(load > 0 && load <= 1)) throw new InvalidParameterError('--load', 'a fraction in (0, 1]', o.load);
  if (untilUs !== undefined && !(untilUs > 0)) throw new InvalidParameterError('--until-us', 'a number of µs > 0', o.untilUs);
  if (o.routingEngine !== undefined && o.lfts !== undefined) throw new InvalidParameterError('--routing-engine', 'given only without --lfts (the LFTs are the routes)', o.routingEngine);
  const routingEngine = o.routingEngine === undefined ? undefined : parseRoutingEngines(o.routingEngine, '--routing-engine');
  const maxBytes = maxInputBytes(o.maxInputMb);
  announceWork('topology import', importWork([o.ibnetdiscover, o.lfts, o.qos]), LARGE_IMPORT_MB, commandOutput(cmd).warn, 'no progress is shown meanwhile');
  const cluster = importCluster({
    ibnetdiscover: readInputFile('--ibnetdiscover', o.ibnetdiscover, maxBytes),
    ...(o.lfts !== undefined ? { lfts: readInputFile('--lfts', o.lfts, maxBytes) } : {}),
    ...(o.qos !== undefined ? { qos: readInputFile('--qos', o.qos, maxBytes) } : {}),
    ...(routingEngine !== undefined ? { routingEngine } : {}),
    files: { ibnetdiscover: o.ibnetdiscover, lfts: o.lfts, qos: o.qos },
  });
  const missing = cluster.missingRoutes;
  if (missing.length > 0 && !o.allowMissingRoutes) {
    const m = missing[0]!;
    throw new ClusterFormatError(
      'lfts',
      o.lfts!,
      m.line,
      `every switch's table must have an entry for every host LID: switch "${m.switch}" (guid 0x${m.guid}) has no entry for LID ${m.lid} ` +
        `(0x${m.lid.toString(16).padStart(4, '0')}, host "${m.host}"); ${missing.length} missing in all (give --allow-missing-routes to import anyway: the simulator then computes shortest paths for them)`,
    );
  }
  const scenario = clusterScenario(cluster, { ...(load !== undefined ? { load } : {}), ...(untilUs !== undefined ? { until: untilUs * 1e-6 } : {}) });
  // The scenario must run: build it once (errors name the field) before anything is written.
  // A fabric without flows (fewer than two hosts) is written all the same: the warning says why.
  if ((scenario.params as { flows: unknown[] }).flows.length > 0) parseFabricScenario(scenario.params);
  const r = cluster.routing;
  // File names without their folders: the scenario file stays the same wherever the inputs lie.
  const imported: ImportedRecord = {
    ibnetdiscover: basename(o.ibnetdiscover),
    format: cluster.format,
    ...(o.lfts !== undefined ? { lfts: basename(o.lfts) } : {}),
    ...(o.qos !== undefined ? { qos: basename(o.qos) } : {}),
    routing: r.source === 'lfts' ? 'lfts' : r.engine,
    ...(r.source === 'engine' && r.failed.length > 0 ? { routingFailed: r.failed.map((f) => `${f.engine}: ${f.reason}`) } : {}),
    warnings: cluster.warnings,
    notes: cluster.notes,
  };
  writeFileAtomically('--out', o.out, `${JSON.stringify({ ...scenario, imported }, null, 2)}\n`, o.force === true);
  const { write, warn } = commandOutput(cmd);
  for (const w of cluster.warnings) warn(`warning: ${formatImportWarning(w)}\n`);
  for (const note of cluster.notes) warn(`note: ${note}\n`);
  if (missing.length > 0) warn(`note: ${missing.length} LFT entries missing; the simulator computes shortest paths for them (ibqos topology show lists the hosts)\n`);
  const t = cluster.topology;
  write(
    `wrote ${o.out}: ${t.switches.length} switches, ${t.hosts.length} hosts, ${t.links.length} links; ` +
      `routes ${r.source === 'lfts' ? `from ${o.lfts}` : `computed by ${r.engine} (OpenSM's routing engine; no --lfts)`}; ` +
      `QoS ${o.qos === undefined ? 'defaults (no --qos)' : `from ${o.qos}`}\n`,
  );
}

function readTopologyFile(path: string, maxBytes: number): { topology: FabricTopologySpec; imported: ImportedRecord | undefined } {
  const text = readInputFile('file', path, maxBytes);
  checkJsonDepth(`file (${path})`, text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new InvalidParameterError('file', 'a JSON file', `${path} (${(e as Error).message})`);
  }
  const o = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  if (o.scenario !== undefined) {
    const params = (o.params ?? {}) as Record<string, unknown>;
    if (o.scenario !== 'fabric' || typeof params.topology !== 'object') throw new InvalidParameterError('file', 'a fabric scenario file (params.topology) or a topology', path);
    const imported = typeof o.imported === 'object' && o.imported !== null ? (o.imported as ImportedRecord) : undefined;
    return { topology: params.topology as FabricTopologySpec, imported };
  }
  return { topology: data as FabricTopologySpec, imported: undefined };
}

const gbps = (r: number): string => `${Number(r.toPrecision(6))} Gb/s`;
const rateList = (rates: ClusterSummary['rates']): string => rates.map(([r, code, n]) => `${gbps(r)}${code === '' ? '' : ` (${code})`} × ${n}`).join(', ') || 'none';

/** The text `ibqos topology show` prints: what a designer wants first, then counts and routes. */
export function formatSummary(path: string, s: ClusterSummary, imported?: ImportedRecord): string {
  const f = s.fatTree;
  const lines = [
    `topology ${path}`,
    `switch tiers ${f.tiers}${f.tiers > 0 ? ` (${f.switchesPerRank.map((n, r) => `rank ${r}: ${n}`).join(', ')}; rank 0 has the hosts)` : ''}`,
    f.isFatTree
      ? `fat-tree: yes (OpenSM's rules); oversubscription ${Number(f.oversubscription.toPrecision(4))}:1 (largest down/up bandwidth of a switch below the top)`
      : `fat-tree: no (${f.reason})`,
    `link rates: hosts ${rateList(s.hostRates)}; between switches ${rateList(s.interSwitchRates)}`,
  ];
  for (const m of s.mixedParallel.slice(0, 10)) {
    lines.push(`  parallel links ${m.a}–${m.b} run at different rates (${m.rates.map(gbps).join(', ')}): min-hop and ftree give each as many routes`);
  }
  if (s.mixedParallel.length > 10) lines.push(`  and ${s.mixedParallel.length - 10} more switch pairs with mixed parallel rates`);
  const routing = imported?.routing;
  const engine =
    routing === undefined
      ? s.routesGiven
        ? 'forwarding tables given'
        : "none given (the simulator's destination-modulo shortest paths)"
      : routing === 'lfts'
        ? `the LFTs of ${imported?.lfts ?? 'the dump'}`
        : `computed by ${routing} (OpenSM's routing engine) at import${imported?.routingFailed?.length ? `, after ${imported.routingFailed.join('; ')}` : ''}`;
  lines.push(`routes: ${engine}`);
  const u = s.uniformLoad;
  if (u.links > 0) {
    lines.push(
      `uniform all-to-all at each host's link rate: switch-to-switch link load largest ${u.max.toFixed(3)} (${u.maxAt}), mean ${u.mean.toFixed(3)} over ${u.links} directed links (1 = a link just full)`,
    );
  }
  lines.push(
    `switches ${s.switches}, hosts ${s.hosts}, links ${s.links} (${s.interSwitchLinks} between switches)`,
    `switch radix: ${s.radix.map(([ports, n]) => `${ports} ports × ${n}`).join(', ') || 'no switches'}`,
  );
  if (s.routesGiven && s.hostsWithoutRoute.length > 0) {
    const shown = s.hostsWithoutRoute.slice(0, 10).map((h) => `${h.host} (missing at ${h.switches} switch${h.switches === 1 ? '' : 'es'})`);
    const more = s.hostsWithoutRoute.length > 10 ? `, and ${s.hostsWithoutRoute.length - 10} more` : '';
    lines.push(`hosts without a route: ${s.hostsWithoutRoute.length}: ${shown.join(', ')}${more}`);
  } else if (s.routesGiven) lines.push('hosts without a route: none');
  const warnings = imported?.warnings ?? [];
  lines.push(`import warnings: ${warnings.length === 0 ? 'none' : warnings.length}`);
  for (const w of warnings) lines.push(`  ${formatImportWarning(w)}`);
  for (const n of imported?.notes ?? []) lines.push(`  note: ${n}`);
  return `${lines.join('\n')}\n`;
}

/** Registers `ibqos topology import` and `ibqos topology show`. */
export function registerTopology(program: Command): void {
  const topology = program.command('topology').description("a cluster's topology: import it from ibnetdiscover, LFT dumps and OpenSM QoS options; summarise a topology file (docs/fabric.md)");
  const importCommand = topology
    .command('import')
    .description('write a fabric scenario file from ibnetdiscover output, LFT dumps (ibroute / dump_lfts.sh / opensm-lfts.dump) and OpenSM QoS options')
    .requiredOption('--ibnetdiscover <file>', 'the output of ibnetdiscover')
    .option('--lfts <file>', 'the linear forwarding tables: ibroute for every switch (dump_lfts.sh) or OpenSM\'s opensm-lfts.dump; used as given')
    .option('--qos <file>', 'OpenSM options with qos_[ca_|swe_]max_vls, high_limit, vlarb_high, vlarb_low, sl2vl (opensm.conf)')
    .requiredOption('--out <file>', 'the scenario file to write (JSON); never one of the inputs')
    .option('--force', 'replace --out if it exists')
    .option('--allow-missing-routes', 'import LFTs that lack entries for some host LIDs (the simulator computes shortest paths for them)')
    .option('--load <fraction>', "each host's offered load in the scenario's uniform flows, a fraction of its link rate (default 0.3)")
    .option('--until-us <µs>', "the scenario's simulated time in µs (default 1000; written to the file in seconds)")
    .option('--routing-engine <names>', "without --lfts: OpenSM's routing engines to try in order, comma-separated: minhop, updn, ftree (default minhop, OpenSM's default; minhop routes when all fail)");
  maxInputOption(importCommand).action((o: ImportOptions, cmd: Command) => runImport(o, cmd));
  const show = topology
    .command('show')
    .description('tiers, fat-tree and oversubscription, link rates, routing engine and uniform all-to-all link load, import warnings, counts of a topology or fabric scenario file')
    .argument('<file>', 'a fabric scenario file (as topology import writes) or a topology JSON');
  maxInputOption(show).action((path: string, o: { maxInputMb?: string }, cmd: Command) => {
    const { topology: t, imported } = readTopologyFile(path, maxInputBytes(o.maxInputMb));
    let summary: ClusterSummary;
    try {
      summary = summarizeTopology(t);
    } catch (e) {
      // Name the file as well as the field: `cluster.json: params.topology.forwarding.leaf0.node05`.
      if (e instanceof InvalidParameterError) throw new InvalidParameterError(`${path}: params.topology.${e.parameter}`, e.rule, e.value);
      throw e;
    }
    commandOutput(cmd).write(formatSummary(path, summary, imported));
  });
}
