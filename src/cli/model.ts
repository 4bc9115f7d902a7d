/**
 * `ibqos model`: the fabric, analytically (docs/models.md §13, docs/fabric-model.md): the same
 * `fabric` scenario file `ibqos sim` runs, solved by the decomposition in milliseconds, printed with
 * the simulator's metric names and keys (`throughput` and `latency` per flow name, `utilization` and
 * `creditStall` per port) so the two outputs compare line by line.
 *
 *     ibqos model --scenario my-network.json
 *     ibqos model --scenario cluster.json --json
 *     ibqos model --scenario my-network.json --rate 50000   # every flow Poisson at 50000 packets/s
 */
import type { Command } from 'commander';
import { InvalidParameterError } from '../core/errors.js';
import { fabricModelNetwork, solveFabric, type FabricModelResult } from '../model/index.js';
import { resultsToJson } from '../present/json.js';
import { formatTable } from '../present/table.js';
import { parseScenarioFile } from '../sim/index.js';
import { commandOutput, maxInputBytes, maxInputOption, readInputFile } from './output.js';
import { announceWork } from './work/progress.js';
import { LARGE_FLOW_HOP_UPDATES, modelWork } from './work/workEstimate.js';

/** The fixed point's iteration limit when --max-iterations is not given (solveFabric's default). */
const MODEL_DEFAULT_ITERATIONS = 200;

interface ModelCliOptions {
  readonly scenario: string;
  readonly rate?: string;
  readonly tolerance?: string;
  readonly maxIterations?: string;
  readonly json?: boolean;
  readonly maxInputMb?: string;
}

/** Reads a `fabric` scenario file's params (errors name the file and the field). */
export function readFabricParams(path: string, maxBytes?: number): Record<string, unknown> {
  if (!path.endsWith('.json')) throw new InvalidParameterError('--scenario', "a fabric scenario file (JSON, scenario 'fabric')", path);
  const { spec } = parseScenarioFile(readInputFile('--scenario', path, maxBytes), path);
  if (spec.scenario !== 'fabric') {
    throw new InvalidParameterError(`${path}: scenario`, "'fabric' (the analytic model takes the fabric scenario's params: topology, flows, VLs, buffers, arbitration)", spec.scenario);
  }
  return { ...spec.params };
}

/** The params with every flow's traffic set to Poisson at `pps` packets/s. */
export function withPoissonRate(params: Record<string, unknown>, pps: number): Record<string, unknown> {
  const flows = params.flows;
  if (!Array.isArray(flows)) return params;
  return { ...params, flows: flows.map((f) => (typeof f === 'object' && f !== null ? { ...f, traffic: { kind: 'poisson', rate: pps } } : f)) };
}

function numberOption(name: string, text: string | undefined, check: (v: number) => boolean, rule: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (text.trim() === '' || !check(v)) throw new InvalidParameterError(name, rule, text);
  return v;
}

function formatModel(r: FabricModelResult): string {
  const d = r.diagnostics;
  const flows = formatTable(r.flows, [
    { header: 'flow', value: (f) => f.name },
    { header: 'throughput[Gb/s]', value: (f) => f.throughput },
    { header: 'latency[µs]', value: (f) => f.latency },
    { header: 'fixed[µs]', value: (f) => f.fixedLatency },
    { header: 'queueing[µs]', value: (f) => f.queueingPerHop.reduce((a, b) => a + b, 0) },
    { header: 'credits[µs]', value: (f) => f.creditWait },
    { header: 'flags', value: (f) => f.flags.join(' ') || '-' },
  ]);
  const ports = formatTable(r.ports, [
    { header: 'port', value: (p) => p.name },
    { header: 'utilization', value: (p) => p.utilization },
    { header: 'creditStall', value: (p) => p.creditStall },
  ]);
  const verdict = r.saturation.saturated ? `saturated: ${r.saturation.cappedFlows.length} flows capped by ${r.saturation.cappingResources.join('; ')}` : 'no flow capped';
  const reasons = [...new Set(r.flows.flatMap((f) => f.reasons))].map((s) => `  ${s}`);
  return [
    `fabric decomposition: ${d.flows} model flows, ${d.channels} channels, ${d.turns} turns; ${d.converged ? 'converged' : 'NOT CONVERGED'} in ${d.iterations} iterations (residual ${d.residual.toExponential(2)}); ${verdict}`,
    '',
    flows,
    '',
    ports,
    ...(reasons.length ? ['', 'flags:', ...reasons] : []),
  ].join('\n');
}

/** Registers `ibqos model`. */
export function registerModel(program: Command): void {
  const command = program
    .command('model')
    .description("the fabric, analytically: a fabric scenario file solved by decomposition (docs/fabric-model.md), with ibqos sim's metric names")
    .requiredOption('--scenario <file>', "a fabric scenario file (JSON with scenario 'fabric': the file ibqos sim runs, an imported cluster)")
    .option('--rate <pps>', 'set every flow to Poisson arrivals at this many packets per second')
    .option('--tolerance <t>', 'fixed point tolerance, in (0, 1) (default 1e-7)')
    .option('--max-iterations <n>', 'most iterations of the fixed point (default 200)')
    .option('--json', 'print the result record (flows, channels, ports, saturation, metrics keyed as ibqos sim, diagnostics)');
  maxInputOption(command);
  command.action((opts: ModelCliOptions, cmd: Command) => {
    const { write, warn } = commandOutput(cmd);
    let params = readFabricParams(opts.scenario, maxInputBytes(opts.maxInputMb));
    const rate = numberOption('--rate', opts.rate, (v) => Number.isFinite(v) && v > 0, 'a finite number > 0 (packets/s)');
    if (rate !== undefined) params = withPoissonRate(params, rate);
    const tolerance = numberOption('--tolerance', opts.tolerance, (v) => v > 0 && v < 1, 'a number in (0, 1)');
    const maxIterations = numberOption('--max-iterations', opts.maxIterations, (v) => Number.isInteger(v) && v >= 1, 'an integer >= 1');
    const net = fabricModelNetwork(params);
    announceWork('model', modelWork(net.flows, maxIterations ?? MODEL_DEFAULT_ITERATIONS), LARGE_FLOW_HOP_UPDATES, warn, 'no progress is shown meanwhile');
    const result = solveFabric(net, { ...(tolerance === undefined ? {} : { tolerance }), ...(maxIterations === undefined ? {} : { maxIterations }) });
    write(`${opts.json ? resultsToJson(result) : formatModel(result)}\n`);
  });
}
