/**
 * Objects keyed by a user's names (issue 23): a fabric topology with a switch named `__proto__`
 * and hosts `isAdmin`, `h3` polluted Object.prototype (`table[s.name] ??= {}`). Every file-reading
 * entry point is fed the keys `__proto__`, `constructor` and `prototype`; none may pollute, crash
 * (exit 3) or blame the wrong thing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { validateFabricTopology } from '../../src/network/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForTest } from '../helpers/tempDir.js';

const KEYS = ['__proto__', 'constructor', 'prototype'];
const polluted = () => ({} as Record<string, unknown>).isAdmin !== undefined || ({} as Record<string, unknown>).h3 !== undefined;
afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).isAdmin;
  delete (Object.prototype as Record<string, unknown>).h3;
});

/** A JSON file whose text is written as given (so `__proto__` is a plain key of the file). */
function jsonFile(text: string): string {
  const path = join(tempDirForTest('proto'), 'f.json');
  writeFileSync(path, text);
  return path;
}

describe('user names never reach Object.prototype', () => {
  it.each(KEYS)('a fabric switch named %s with hosts isAdmin, h3: tables built, nothing polluted', (sw) => {
    const spec = JSON.parse(
      `{"switches":[{"name":${JSON.stringify(sw)},"ports":2}],"hosts":[{"name":"isAdmin"},{"name":"h3"}],` +
        `"links":[{"a":"isAdmin:1","b":${JSON.stringify(`${sw}:1`)}},{"a":"h3:1","b":${JSON.stringify(`${sw}:2`)}}]}`,
    ) as unknown;
    const t = validateFabricTopology(spec);
    expect(polluted()).toBe(false);
    expect(Object.hasOwn(t.forwarding, sw)).toBe(true);
    expect(t.forwarding[sw]!.isAdmin).toBe(1);
    expect(t.forwarding[sw]!.h3).toBe(2);
  });

  it.each(KEYS)('validate --params with the key %s: an error naming --params and the key, nothing polluted', async (key) => {
    const params = jsonFile(`{"lambda":5,"mu1":6,"mu2":8,"n":12,${JSON.stringify(key)}:{"isAdmin":1}}`);
    const results = jsonFile('[{"m":2,"L1":7.4}]');
    const r = await runCli(['validate', '--model', 'credit', '--params', params, '--results', results]);
    expect(polluted()).toBe(false);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`--params \\S+: ${key} must be absent`));
  });

  it.each(KEYS)('validate --results (JSON and CSV) with a column %s; admit and sim files with the key: never exit 3, nothing polluted', async (key) => {
    const params = jsonFile('{"lambda":5,"mu1":6,"mu2":8,"n":12}');
    const codes = [
      (await runCli(['validate', '--model', 'credit', '--params', params, '--results', jsonFile(`[{"m":2,"L1":7.4,${JSON.stringify(key)}:{"isAdmin":1}}]`)])).code,
      (await runCli(['validate', '--model', 'credit', '--params', params, '--format', 'csv', '--results', jsonFile(`m,L1,${key}\n2,7.4,1\n`)])).code,
      (await runCli(['admit', '--topology', jsonFile(`{"links":[{"id":"l","bandwidth":1}],${JSON.stringify(key)}:{"isAdmin":1}}`), '--requests', jsonFile('[]')])).code,
      (await runCli(['sim', '--scenario', jsonFile(`{"scenario":"gege1n","params":{"lambda":1,"mu":2,${JSON.stringify(key)}:{"isAdmin":1}}}`)])).code,
    ];
    expect(polluted()).toBe(false);
    for (const code of codes) expect([0, 1, 2]).toContain(code);
  });
});

describe('metrics of flows, hosts and switches named __proto__ or constructor are kept (issue 33)', () => {
  /** docs/examples/fabric-two-switch.json with host A1 → __proto__, switch B → constructor, flows local → __proto__, remote → constructor. */
  function renamedFabric(): string {
    const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'examples', 'fabric-two-switch.json'), 'utf8')
      .replace(/"A1(["|:])/g, '"__proto__$1')
      .replace(/"B(["|:])/g, '"constructor$1')
      .replace('"name": "local"', '"name": "__proto__"')
      .replace('"name": "remote"', '"name": "constructor"');
    return jsonFile(text);
  }

  it('sim: the table and the JSON hold throughput.__proto__, throughput.constructor, utilization.__proto__ and constructor:3', async () => {
    const file = renamedFabric();
    const table = await runCli(['sim', '--scenario', file, '--until-us', '1000', '--replications', '2']);
    expect(table.code, table.err).toBe(0);
    for (const row of ['throughput.__proto__', 'throughput.constructor', 'latency.__proto__', 'utilization.__proto__', 'utilization.constructor:3']) expect(table.out).toMatch(new RegExp(`^ *${row.replace('.', '\\.')} `, 'm'));
    const json = JSON.parse((await runCli(['sim', '--scenario', file, '--until-us', '1000', '--replications', '2', '--json'])).out) as Record<string, Record<string, unknown>>;
    expect(Object.keys(json.throughput!)).toEqual(['__proto__', 'constructor', 'victim']);
    expect(Object.keys(json.utilization!)).toContain('__proto__');
    expect(Object.getOwnPropertyDescriptor(json.throughput, '__proto__')!.value).toMatchObject({ confidence: 0.95 });
    expect(polluted()).toBe(false);
  });

  it('sweep on worker threads → results.json and results.csv hold them too', async () => {
    const out = join(tempDirForTest('proto-sweep'), 's');
    const r = await runCli(['sweep', '--scenario', renamedFabric(), '--until-us', '500', '--replications', '2', '--workers', '1', '--out', out]);
    expect(r.code, r.err).toBe(0);
    const points = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { metrics: Record<string, Record<string, unknown>> }[];
    expect(Object.keys(points[0]!.metrics.throughput!)).toEqual(['__proto__', 'constructor', 'victim']);
    expect(readFileSync(join(out, 'results.csv'), 'utf8').split('\n')[0]).toContain('throughput.__proto__,throughput.__proto___hw,throughput.constructor');
  });
});
