#!/usr/bin/env python3
"""H44c (entry 391): the head time S = x + (ready -> start wait) of each buffer in sim-wrap-head.ts's JSON lines, per load:
its mean S/x and SCV per seed (from the sums n, wait, wait2), then the means over the seeds (the per-seed values beside) --
what benchmarks/model-full-whatif.ts takes as given moments.  Usage: python3 benchmarks/sim-wrap-head-moments.py FILE..."""
import sys

from seed_runs import runs_by_load

runs = runs_by_load(sys.argv[1:])
for load in sorted(runs):
    ds = runs[load]
    keys = sorted({k for d in ds for k in d['sums'] if k.endswith(' all') and '→' not in k})
    for k in keys:
        vals = []
        for d in ds:
            n, w, w2 = d['sums'][k][0], d['sums'][k][1] / d['sums'][k][0], d['sums'][k][7] / d['sums'][k][0]
            s, s2 = 1 + w, 1 + 2 * w + w2
            vals.append((s, s2 / (s * s) - 1))
        ms = sum(v[0] for v in vals) / len(vals)
        mc = sum(v[1] for v in vals) / len(vals)
        print(f"{load} {k[:-4]}: S/x {ms:.3f} SCV {mc:.3f} (seeds: {', '.join(f'{v[1]:.2f}' for v in vals)})")
