/**
 * The measuring aids' command line (sim-credit-tree.ts, sim-stall-heads.ts, sim-diag-ports.ts, sim-link-trains.ts):
 * `CASE LABEL` then the options `--packets N`, `--seed S`, `--ports A,B`, `--buffer-bytes N` (each with a value) and the
 * flag `--json`. A missing CASE (or LABEL where it has no default) throws the script's usage line.
 */
export interface AidArgs {
  readonly name: string;
  readonly label: string;
  readonly packets: number;
  readonly seed: number;
  /** The port names of --ports (none when it is absent). */
  readonly ports: readonly string[];
  readonly json: boolean;
  /** Another option's value, or `d` when it is absent. */
  readonly opt: (name: string, d: string) => string;
}

const WITH_VALUE = ['--packets', '--ports', '--seed', '--buffer-bytes'];

export function aidArgs(args: readonly string[], usage: string, defaults: { readonly label?: string; readonly packets: number }): AidArgs {
  const opt = (name: string, d: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1]! : d;
  };
  const positional = args.filter((a, i) => !a.startsWith('--') && !(i > 0 && WITH_VALUE.includes(args[i - 1]!)));
  const name = positional[0];
  const label = positional[1] ?? defaults.label;
  if (name === undefined || label === undefined) throw new Error(`usage: ${usage}`);
  return {
    name,
    label,
    packets: Number(opt('--packets', String(defaults.packets))),
    seed: Number(opt('--seed', '1')),
    ports: opt('--ports', '').split(',').filter((x) => x !== ''),
    json: args.includes('--json'),
    opt,
  };
}
