/**
 * A real Jupyter for the notebook tests: Debian's nbconvert/nbclient/ipykernel (installed with
 * apt-get on first use when missing, as root, like Chromium in chromium.ts) and Deno's kernel from
 * the `deno` dev dependency (the npm package ships the linux x64 binary), registered with
 * `deno jupyter --install` into a temporary data directory, never the user's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const NBCONVERT = '/usr/bin/jupyter-nbconvert';
const PACKAGES = ['jupyter-nbconvert', 'python3-nbclient', 'python3-ipykernel'];

function apt(args: string[]): { ok: boolean; output: string } {
  const r = spawnSync('apt-get', args, { encoding: 'utf8', timeout: 15 * 60_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return { ok: r.status === 0, output: `${r.error ? String(r.error) : ''}${r.stdout ?? ''}${r.stderr ?? ''}`.split('\n').slice(-15).join('\n') };
}

/** Makes sure `jupyter nbconvert` exists (apt-get install when missing). @throws Error saying what to do. */
export function ensureNbconvert(): void {
  if (existsSync(NBCONVERT)) return;
  const hint = `The notebook tests need Jupyter's nbconvert (Debian packages ${PACKAGES.join(', ')}).`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) throw new Error(`${hint} Install them as root: apt-get update && apt-get install -y ${PACKAGES.join(' ')}`);
  // As in chromium.ts: a failing update (a foreign source unreachable) is not fatal, a failed install is.
  apt(['update']);
  const install = apt(['install', '-y', '--no-install-recommends', ...PACKAGES]);
  if (!install.ok || !existsSync(NBCONVERT)) throw new Error(`${hint} apt-get install failed:\n${install.output}`);
}

/** The Deno binary of the `deno` dev dependency (its platform package's binary, as its own bin.cjs finds it). */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  const local = join(dirname(require.resolve('deno/package.json')), 'deno');
  if (existsSync(local)) return local;
  return join(dirname(require.resolve('@deno/linux-x64-glibc/package.json')), 'deno');
}

/** Environment for Jupyter and Deno confined to `root`: kernel spec, runtime files and Deno's cache. */
export function jupyterEnv(root: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    XDG_DATA_HOME: join(root, 'data'),
    JUPYTER_PATH: join(root, 'data', 'jupyter'),
    JUPYTER_DATA_DIR: join(root, 'data', 'jupyter'),
    JUPYTER_CONFIG_DIR: join(root, 'config'),
    JUPYTER_RUNTIME_DIR: join(root, 'runtime'),
    IPYTHONDIR: join(root, 'ipython'),
    DENO_DIR: join(root, 'deno'),
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
}

/** `deno jupyter --install` with the data directory under `root` (Deno installs into $XDG_DATA_HOME/jupyter/kernels/deno). */
export function installDenoKernel(root: string): string {
  const r = spawnSync(denoBinary(), ['jupyter', '--install'], { encoding: 'utf8', env: jupyterEnv(root) });
  const spec = join(root, 'data', 'jupyter', 'kernels', 'deno', 'kernel.json');
  if (r.status !== 0 || !existsSync(spec)) throw new Error(`deno jupyter --install failed (${r.status}): ${r.stderr}${r.stdout}`);
  return spec;
}
