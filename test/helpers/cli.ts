/** Runs the command line in-process, as `ibqos …` would, and captures what it writes. */
import { run } from '../../src/cli/program.js';

/** What one command line run returned and printed. */
export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** `ibqos ...args` with stdout and stderr captured as strings. */
export async function runCli(args: readonly string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await run(args, { write: (s: string) => (out += s) }, { write: (s: string) => (err += s) });
  return { code, out, err };
}
