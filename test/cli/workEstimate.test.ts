/**
 * Long single runs say up front how much work they are about to do (issue 33: "long runs of huge
 * but legal inputs with no progress and no up-front estimate"): `ibqos credit` on a huge chain,
 * `ibqos sim` on a fabric scenario or a long run of arrivals, `ibqos topology import` of huge
 * dumps print one line on stderr before the work starts; small runs print none, and `--json`
 * output on stdout is untouched. A big run is started as a child process and stopped (by its pid)
 * once the line has come: the test never waits for the work itself.
 */
import { spawn } from 'node:child_process';
import { existsSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { announceWork } from '../../src/cli/work/progress.js';
import { singleSwitchTopology } from '../../src/network/index.js';
import { runCli } from '../helpers/cli.js';
import { tempDirForFile } from '../helpers/tempDir.js';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'cli', 'main.ts');
const dir = tempDirForFile('work-estimate');
const ESTIMATE = /^(credit|sim|topology import|model): \S+ .*\(.*\)(, roughly \d+(\.\d+)? (s|min|h) on one core)?; .*$/m;

/** Starts `ibqos ...args`, waits until its stderr holds a line matching `pattern` (at most 45 s), stops it; its stderr and stdout so far. */
function firstLines(args: readonly string[], pattern: RegExp): Promise<{ err: string; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no line matching ${pattern} within 45 s; stderr: ${err}`));
    }, 45_000);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (pattern.test(err)) {
        clearTimeout(timer);
        child.kill('SIGKILL');
        resolve({ err, out });
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      if (!pattern.test(err)) reject(new Error(`ended without a line matching ${pattern}; stderr: ${err}`));
    });
  });
}

/** A fabric scenario file: `hosts` hosts on one switch, each sending Poisson packets at `rate` per second to the next, for `until` seconds. */
function fabricFile(name: string, hosts: number, rate: number, until: number): string {
  const topology = singleSwitchTopology(hosts);
  const names = topology.hosts.map((h) => h.name);
  const flows = names.map((h, i) => ({ name: `f${i}`, source: h, destination: names[(i + 1) % names.length]!, traffic: { kind: 'poisson', rate } }));
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ scenario: 'fabric', params: { topology, flows }, until }));
  return path;
}

describe('an up-front estimate of a large run on stderr', () => {
  it('credit on a 10^7-state chain → "credit: 1.0e+7 states …, roughly … on one core" before it solves', async () => {
    const { err, out } = await firstLines(['credit', '--n', '200000', '--m', '50', '--json'], ESTIMATE);
    expect(err).toMatch(/^credit: 1\.0e\+7 states \(\(n \+ 1\)\(m \+ 1\) over 1 chain\), roughly \d+ s on one core; no progress is shown meanwhile$/m);
    expect(out).toBe('');
  });

  it('sim on a fabric scenario of 4.4·10^7 packets → "sim: 4.4e+7 packets to simulate …"', async () => {
    // 4 flows × 10^5 packets/s × (10 s + 1 s warm-up) × 10 replications.
    const file = fabricFile('big.json', 4, 1e5, 10);
    const { err } = await firstLines(['sim', '--scenario', file, '--json'], ESTIMATE);
    expect(err).toMatch(/^sim: 4\.4e\+7 packets to simulate \(4 flows for 1\.10e\+7 µs each × 10 replications\), roughly \d+ s on one core; progress on stderr when it is a terminal$/m);
  });

  it('sim of 1.1·10^9 arrivals (gege1n, --jobs 10^8) → "sim: 1.1e+9 arrivals to simulate …"', async () => {
    const { err } = await firstLines(['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8', '--capacity', '16', '--ca2', '1', '--cs2', '1', '--jobs', '100000000'], ESTIMATE);
    expect(err).toMatch(/^sim: 1\.1e\+9 arrivals to simulate \(110000000 per replication × 10 replications\), roughly \d+ min on one core;/m);
  });

  it('topology import of a 40 MB dump → "topology import: 40 MB of dumps …" before it reads, nothing written', async () => {
    const big = join(dir, 'huge.ibnetdiscover');
    writeFileSync(big, '');
    truncateSync(big, 40 * 2 ** 20); // a sparse file: 40 MB by its size, nothing on the disk
    const out = join(dir, 'cluster.json');
    const r = await runCli(['topology', 'import', '--ibnetdiscover', big, '--out', out]);
    expect(r.err).toMatch(/^topology import: 40 MB of dumps \(1 file\), roughly 13 s on one core; no progress is shown meanwhile$/m);
    expect(existsSync(out)).toBe(false);
  });
});

describe('small runs say nothing extra', () => {
  it('credit on the default chains → no estimate line', async () => {
    const r = await runCli(['credit', '--json']);
    expect(r.code).toBe(0);
    expect(r.err).not.toMatch(ESTIMATE);
    expect(JSON.parse(r.out)).toHaveLength(10);
  });

  it('sim of a small fabric scenario and of 2000 jobs → no estimate line, --json parses', async () => {
    const file = fabricFile('small.json', 2, 1000, 0.001);
    for (const args of [['sim', '--scenario', file, '--replications', '2', '--json'], ['sim', '--scenario', 'gege1n', '--lambda', '5', '--mu', '8', '--capacity', '16', '--ca2', '1', '--cs2', '1', '--jobs', '2000', '--json']]) {
      const r = await runCli(args);
      expect(r.code, r.err).toBe(0);
      expect(r.err).not.toMatch(ESTIMATE);
      expect(() => JSON.parse(r.out)).not.toThrow();
    }
  });

  it('announceWork: silent below the threshold, one line at it', () => {
    let said = '';
    const warn = (s: string): void => void (said += s);
    expect(announceWork('x', { amount: 999, unit: 'tasks', detail: 'd' }, 1000, warn)).toBe(false);
    expect(said).toBe('');
    expect(announceWork('x', { amount: 1000, unit: 'tasks', detail: 'd', perSecond: 20 }, 1000, warn)).toBe(true);
    expect(said).toBe('x: 1000 tasks (d), roughly 50 s on one core; progress on stderr when it is a terminal\n');
  });
});
