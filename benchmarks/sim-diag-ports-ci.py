#!/usr/bin/env python3
"""H46c (issue 31, entry 510): pools sim-diag-ports.ts `--json` lines (one per seed) into mean ± t(n−1, 0.975)·s/√n per turn.

Per turn "port VLv→out": each packet's entry → start (x), the share of its packets delayed (entry → start > 0.001 x: the
simulator's side of the model's `delayedShare`, portReadout.ts), the share of fresh heads, their wait H_f, the fresh heads'
classes (free | port busy with another VL's packet for the same output | for another output | output busy with another
port's packet) with each class's share and wait, and the successors' H − x; beside the model's line of the first run.

    for s in 1 2 3 4 5; do nice -n 10 npx tsx benchmarks/sim-diag-ports.ts CASE LABEL --ports A,B --seed $s --packets N --json; done > runs.jsonl
    python3 benchmarks/sim-diag-ports-ci.py runs.jsonl [--match VL0]
"""
import json
import math
import sys

from seed_runs import mean_half_width as ci  # (mean, t_{n−1, 0.975}·s/√n) over the seeds


def per_seed(a, x):
    """The figures of one seed's sums `a` (sim-diag-ports.ts's 26 columns) for one turn."""
    n = a[18]
    nf = a[0] + a[4] + a[8] + a[12]
    out = {
        'entry→start': a[19] / n / x if n else float('nan'),
        'delayed': a[22] / n if n else float('nan'),
        'fresh share': nf / n if n else float('nan'),
        'H_f': (a[1] + a[5] + a[9] + a[13]) / nf / x if nf else float('nan'),
        'succ H−x': a[17] / a[16] / x if a[16] else float('nan'),
    }
    for c, name in enumerate(['free', 'port same out', 'port other out', 'output busy']):
        out[f'{name} share'] = a[4 * c] / nf if nf else float('nan')
        out[f'{name} wait'] = a[4 * c + 1] / a[4 * c] / x if a[4 * c] else float('nan')
    return out


def main():
    path = sys.argv[1]
    match = sys.argv[sys.argv.index('--match') + 1] if '--match' in sys.argv else ''
    runs = [json.loads(line) for line in open(path) if line.startswith('{')]
    keys = sorted({k for r in runs for k in r['sums']})
    print(f"{runs[0]['name']} {runs[0]['label']}: {len(runs)} seeds ({', '.join(str(r['seed']) for r in runs)}) × {runs[0]['packets']} packets per flow; in x")
    for k in keys:
        if match not in k:
            continue
        rows = [per_seed(r['sums'][k], r['x']) for r in runs if k in r['sums']]
        print(k)
        for name in rows[0]:
            vals = [row[name] for row in rows if not math.isnan(row[name])]
            if not vals:
                continue
            m, h = ci(vals)
            print(f'   {name:<22} {m:.4f} ± {h:.4f}')
        md = runs[0]['model'].get(k)
        if md is not None:
            print(f'   model: ρ {md[0]:.3f} H {md[1]:.3f} e {md[2]:.3f} b {md[3]:.3f} buffer W {md[4]:.3f} S−x {md[5]:.3f} delayed {md[6]:.3f}')


main()
