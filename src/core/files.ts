/**
 * Making folders and writing files as if every path were hostile: a folder is made one level at a
 * time (never Node 20's recursive mkdir, which spins for ever where mkdir keeps failing with ENOENT,
 * under /proc for one), and a file is written whole into a temporary name beside it and renamed over
 * the target, so a symbolic link at the target is replaced, never followed out of its folder, and an
 * interrupted write leaves no half-written file.
 */
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { threadId } from 'node:worker_threads';
import { checkKind } from './shapes.js';

/**
 * Creates a directory and its missing parents, one level at a time from the nearest existing
 * ancestor. Node 20's `mkdirSync(path, { recursive: true })` loops for ever where mkdir keeps
 * failing with ENOENT (`/proc/nope`, issues 23 and 33); here that error is thrown.
 *
 * @throws the system error (code ENOENT, ENOTDIR, EACCES, …) of the level that cannot be made; an
 *   existing file on the path gives code ENOTDIR.
 * @example makeDirectory('out/sweep/tasks');
 */
export function makeDirectory(path: string): void {
  checkKind('path', path, 'string');
  const missing: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    try {
      if (statSync(dir).isDirectory()) break;
      throw Object.assign(new Error(`not a directory: ${dir}`), { code: 'ENOTDIR' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) throw e;
      missing.push(dir);
    }
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (e) {
      // Another process (a parallel array task) made it first: that is what was wanted.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(dir).isDirectory()) throw e;
    }
  }
}

let tempCounter = 0;

/**
 * Writes `text` to `path` atomically: a new temporary file in the same folder (created exclusively,
 * so no link is followed), then renamed over `path` — a symbolic link named `path` is replaced by
 * the file, its target left alone.
 *
 * @throws the system error when the file cannot be written (the temporary file is removed).
 */
export function writeFileAtomic(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${threadId}-${tempCounter++}`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
