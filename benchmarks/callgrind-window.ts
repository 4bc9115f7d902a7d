/**
 * A measured window under callgrind, shared by fabric-scale-misses.ts (the simulator) and fabric-scale-bound-misses.ts
 * (the bound): the child runs in `valgrind --tool=callgrind --instr-atstart=no` with the cache simulation (D1 32 KiB
 * 8-way, LL `llMiB` 16-way, 64-byte lines, no TLB), node `--single-threaded` (V8's background compilation and GC
 * threads, serialized by valgrind, would run late); it builds and warms up uninstrumented, then the two processes
 * hand flag files to each other in a temporary folder: the child writes `ready`, this side switches instrumentation
 * on (`callgrind_control -i on PID`) and writes `go`; the child runs its window and writes `done`, this side switches
 * it off and writes `end`; the child prints its counts as a JSON line last.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Child side: waits (blocking, polling; valgrind reads its commands while the process runs) until `file` exists. */
export function waitFor(file: string): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  while (!existsSync(file)) Atomics.wait(cell, 0, 0, 20);
}

/** Child side: marks ready, waits for go, runs the window, marks done, waits for end. */
export function childWindow(dir: string, window: () => void): void {
  writeFileSync(join(dir, 'ready'), '');
  waitFor(join(dir, 'go'));
  window();
  writeFileSync(join(dir, 'done'), '');
  waitFor(join(dir, 'end'));
}

/** Callgrind's totals by event name (Ir, Dr, Dw, D1mr, D1mw, DLmr, DLmw, …) from its output file's `totals:` line. */
export function callgrindTotals(file: string): Record<string, number> {
  const text = readFileSync(file, 'utf8');
  const events = /^events: (.*)$/m.exec(text)![1]!.trim().split(/\s+/);
  const summary = /^totals: (.*)$/m.exec(text)![1]!.trim().split(/\s+/).map(Number);
  return Object.fromEntries(events.map((e, i) => [e, summary[i] ?? 0]));
}

/** Polls (async) until `file` exists; throws, naming `who`, if the child has exited first. */
async function until(who: string, file: string, exited: () => boolean): Promise<void> {
  while (!existsSync(file)) {
    if (exited()) throw new Error(`${who}: the valgrind child exited before ${file}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Runs `script --child …childArgs(dir)` under callgrind, instrumented for the child's window only; returns the child's
 * last stdout line parsed as JSON and callgrind's totals. The temporary folder is removed unless `keep`.
 */
export async function callgrindWindow(
  who: string,
  script: string,
  childArgs: (dir: string) => string[],
  llMiB: number,
  keep = false,
): Promise<{ out: Record<string, number>; totals: Record<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), `${who}-`));
  const file = join(dir, 'callgrind.out');
  const vg = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', '--cache-sim=yes', '--D1=32768,8,64', `--LL=${llMiB * 1024 * 1024},16,64`, `--callgrind-out-file=${file}`,
      process.execPath, '--single-threaded', '--import', 'tsx', script, '--child', ...childArgs(dir)],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  vg.stdout.on('data', (d) => (out += String(d)));
  let gone = false;
  const exited = new Promise<void>((r) => vg.on('exit', () => ((gone = true), r())));
  await until(who, join(dir, 'ready'), () => gone);
  execFileSync('callgrind_control', ['-i', 'on', String(vg.pid)], { stdio: 'ignore' });
  writeFileSync(join(dir, 'go'), '');
  await until(who, join(dir, 'done'), () => gone);
  execFileSync('callgrind_control', ['-i', 'off', String(vg.pid)], { stdio: 'ignore' });
  writeFileSync(join(dir, 'end'), '');
  await exited;
  const totals = callgrindTotals(file);
  if (!keep) rmSync(dir, { recursive: true, force: true });
  return { out: JSON.parse(out.trim().split('\n').pop()!), totals };
}
