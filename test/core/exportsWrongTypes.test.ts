/**
 * Every export of the library called with the wrong arguments — none, `undefined`, `{}`, `'x'`
 * (issue 33, "several library functions throw TypeError on wrong types"): each ends with the
 * project's typed error whose message starts with the parameter it names (InvalidParameterError,
 * or another IbqosError), never a TypeError, RangeError or SyntaxError from deep inside. Functions
 * that accept such a value on purpose are listed below, each with its reason; nothing else may
 * return normally. The probe (test/helpers/exportProbe.ts) runs in a temporary directory, and the
 * test checks that nothing was written there.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lib from '../../src/index.js';
import { BAD_ARGUMENTS, probeExport } from '../helpers/exportProbe.js';
import { tempDirForFile } from '../helpers/tempDir.js';

type Kind = (typeof BAD_ARGUMENTS)[number][0];
const ALL: readonly Kind[] = BAD_ARGUMENTS.map(([label]) => label);
const NONE_OR_UNDEFINED: readonly Kind[] = ['()', '(undefined)'];
const DEFAULTS: readonly Kind[] = ['()', '(undefined)', '({})'];

/** Calls the probe does not make, with the reason. */
const NOT_CALLED: Readonly<Record<string, { kinds: readonly Kind[]; reason: string }>> = {
  checkSlurmAvailable: { kinds: ALL, reason: "runs `sbatch --version` (a process); its one argument is only the option's name for its message" },
  makeDirectory: { kinds: ["('x')"], reason: "'x' is a legal relative path: it would make the folder" },
  waitForJob: { kinds: ["('x')"], reason: "'x' is a job id: it would call squeue" },
  jobStates: { kinds: ["('x')"], reason: "'x' is a job id: it would call squeue" },
};

/** Calls that may return normally, with the reason. */
const ACCEPTS: readonly (readonly [names: readonly string[], kinds: readonly Kind[], reason: string])[] = [
  [['Tally', 'machineWorkerCap', 'scenarioNames', 'thesisExperiments', 'alfaroExperiments', 'jupyterKernel'], ALL, 'no parameters: extra arguments are ignored'],
  [['describeValue', 'printable', 'canonicalKey', 'isEstimate', 'isFabricTopologyFile', 'jupyterDisplay', 'resultsToJson', 'metricPaths'], ALL, 'formats, tests or walks any value by design'],
  [['niceTicks'], ALL, 'plot helper: bounds that are not finite numbers give the ticks [0, 1]'],
  [
    ['IbqosError', 'InvalidModelError', 'InvalidParameterError', 'NoConvergenceError', 'ResultsFormatError', 'ClusterFormatError', 'FabricDeadlockError'],
    ALL,
    'an error class: its constructor formats whatever it is given (throwing while reporting an error would hide it)',
  ],
  [
    ['logGamma', 'regularizedBeta', 'studentTCdf', 'gthKernel', 'close', 'relativeDifference', 'twoMomentMeanQueue', 'finiteQueue', 'ScheduledEvent'],
    ALL,
    'a kernel of inner loops (STYLE.md habit 1: kernels never throw; NaN in gives NaN, false or null out); its callers check',
  ],
  [['Engine', 'StateOccupancy', 'TimeWeighted', 'WorkerPool', 'alfaroSimulators', 'drbSimulators', 'thesisSimulators', 'defaultCongestionControlTable', 'packetHeaderBytes'], NONE_OR_UNDEFINED, 'every parameter has a default'],
  [
    ['DrbSource', 'drbExperiments', 'fabricModelExperiments', 'twoSwitchTopology', 'parseAlfaroParams', 'parseCongestionSpreading', 'parseDrbScenario', 'parseIbccFatTree', 'parseSantosCongestion'],
    DEFAULTS,
    'an options or parameters object whose every field has a default',
  ],
  [['escapeXml', 'safeFileName', 'confidenceColumns', 'halfWidthColumns', 'notebookProgress'], ["('x')"], "'x' is a legal text, name or label"],
  [['numberToken', 'findScenario'], ["('x')"], "'x' is a legal string; the answer is undefined (not a number, no such scenario)"],
  [['parseOpenSmArbitration'], ["('x')"], "reads the qos_vlarb lines of an opensm.conf; other lines are the file's other options"],
  [['submittedJobs'], ["('x')"], "'x' is a legal folder; with no jobs file in it the answer is []"],
  [['flattenIntervals'], ['({})'], 'an empty tree of intervals (no metrics)'],
  [['pointLabel'], ['({})'], 'a point without parameters (label "")'],
  [['optionsParameter'], ALL, 'a guard: undefined stands for all defaults'],
];

/** The (name, value) guards: they throw an InvalidParameterError about the value whatever the name; given no name, the message names none. */
const GUARDS = new Set([
  'capacityOrInfinity', 'checkKind', 'checkRadix', 'checkReplications', 'checkSeed', 'finiteNumber', 'integerAtLeast', 'knownKeys',
  'nonNegativeNumber', 'numberInRange', 'oneOf', 'parseExact', 'plainObject', 'positiveRate', 'recordParameter', 'scvAtLeastOne',
  'seriesParameter', 'textParameter', 'optionsParameter',
]);

const exports = lib as unknown as Record<string, unknown>;
const functions = Object.keys(exports).filter((name) => typeof exports[name] === 'function');
const accepted = new Map<string, Set<Kind>>();
for (const [names, kinds] of ACCEPTS) for (const n of names) accepted.set(n, new Set([...(accepted.get(n) ?? []), ...kinds]));

const dir = tempDirForFile('exports-wrong-types');
const savedCwd = process.cwd();
beforeAll(() => process.chdir(dir));
afterAll(() => {
  process.chdir(savedCwd);
});

describe('every export given wrong arguments', () => {
  it('the lists name exports that exist', () => {
    for (const name of [...Object.keys(NOT_CALLED), ...accepted.keys(), ...GUARDS]) expect(functions, name).toContain(name);
    expect(functions.length).toBeGreaterThan(300);
  });

  it.each(functions)('%s → a project error naming the parameter', async (name) => {
    const skip = new Set(NOT_CALLED[name]?.kinds ?? []);
    if (skip.size === ALL.length) return;
    const outcomes = await probeExport(name, exports[name] as (...a: unknown[]) => unknown, skip);
    const wrong = outcomes.filter(
      (o) =>
        !(o.kind === 'project' ||
          (o.kind === 'unnamed' && GUARDS.has(name)) ||
          (o.kind === 'returned' && accepted.get(name)?.has(o.args as Kind))),
    );
    expect(wrong.map((o) => `${o.name}${o.args} → ${o.kind} ${o.detail}`)).toEqual([]);
  });

  it('wrote nothing', () => {
    expect(readdirSync(dir)).toEqual([]);
  });
});
