/**
 * Chromium for the browser tests: Debian's package (/usr/bin/chromium), installed on first use
 * with apt-get when missing, so `npm ci && npm test` works on a clean CI machine (as root).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/** Flags for a quiet, offline, sandbox-free headless run. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;

function runApt(args: string[]): { ok: boolean; output: string } {
  const r = spawnSync('apt-get', args, {
    encoding: 'utf8',
    timeout: 15 * 60_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return { ok: r.status === 0, output: `${r.error ? String(r.error) : ''}${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').slice(-15).join('\n') };
}

/**
 * Makes sure /usr/bin/chromium exists: if not, runs `apt-get update` and
 * `apt-get install -y chromium` (minutes on a clean machine).
 *
 * @throws Error with what to do when it cannot be installed (not root, no apt, no network).
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const hint = `The browser test needs Chromium at ${CHROMIUM} (Debian package "chromium").`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(`${hint} Install it as root: apt-get update && apt-get install -y chromium`);
  }
  // A failing `apt-get update` is not fatal: a machine whose network reaches only Debian's mirrors
  // may list other sources (NodeSource, a cloud vendor's) that cannot be fetched, and update then
  // exits non-zero although Debian's index was refreshed. Only a failed install is.
  const update = runApt(['update']);
  const install = runApt(['install', '-y', 'chromium']);
  if (!install.ok) {
    throw new Error(`${hint} "apt-get install -y chromium" failed:\n${install.output}${update.ok ? '' : `\n(apt-get update had failed too:\n${update.output})`}`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`${hint} apt-get install chromium succeeded but ${CHROMIUM} is still missing.`);
  return CHROMIUM;
}
