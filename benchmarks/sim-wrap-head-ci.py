#!/usr/bin/env python3
"""H43cap (entry 357): pools sim-wrap-head.ts's JSON lines (one per seed) per load: per key, each field's per-seed mean
(wait and its parts in x, per head), then mean ± t_{n-1,0.975}·s/√n over the seeds, and the share of the key's heads in its
buffer.  Usage: python3 benchmarks/sim-wrap-head-ci.py FILE...  (files of several loads may be mixed)."""
import sys

from seed_runs import mean_half_width, runs_by_load

runs = runs_by_load(sys.argv[1:])
for load in sorted(runs):
    ds = runs[load]
    print(f"load {load}: {len(ds)} seeds ({', '.join(str(d['seed']) for d in ds)}); per head, in x: mean ± half-width")
    print(f"{'key':38s} {'share':>13s} {'wait':>13s} {'fresh-older':>13s} {'fresh-younger':>13s} {'succ-older':>13s} {'succ-younger':>13s} {'idle':>13s}")
    keys = sorted({k for d in ds for k in d['sums']})
    for k in keys:
        buf = k.split(' ')[0] + ' all'
        cols = []
        vals = [d['sums'][k][0] / d['sums'][buf][0] for d in ds if k in d['sums']]
        cols.append(vals)
        for i in range(1, 7):
            cols.append([d['sums'][k][i] / d['sums'][k][0] for d in ds if k in d['sums']])
        out = []
        for v in cols:
            m, hw = mean_half_width(v)
            out.append(f"{m:6.3f}±{hw:5.3f}")
        print(f"{k:38s} " + ' '.join(f"{o:>13s}" for o in out))

# The summary (entry 357) for the wrap buffer A = s7_0:2/1 (turns → s7_0:5 shared with B = s7_0:4/1, → s7_0:3 alone):
# per seed, A's λS (carried rate × (x + mean wait)), the share of A's successors that go to their predecessor's output (a),
# A's S − x, its wait at s7_0:5, B's wait, B's λS, the output's Σ λx·H over both turns, A's idle (credit) wait per head.
A, B, O = 's7_0:2/1', 's7_0:4/1', 's7_0:5'
print('\nsummary (mean ± half-width over seeds): load | A λS | a | A S−x | A H at s7_0:5 | B H | B λS | Σλx·H at s7_0:5 | A idle')
for load in sorted(runs):
    rows = []
    for d in runs[load]:
        s = d['sums']
        a_all, b_all = s[f'{A} all'], s[f'{B} all']
        lamA = 2 * load * a_all[0] / (2 * d['packets'])
        lamB = load * b_all[0] / d['packets']
        same = sum(s.get(f'{A} → {o} succ-same', [0])[0] for o in ('s7_0:3', O))
        other = sum(s.get(f'{A} → {o} succ-other', [0])[0] for o in ('s7_0:3', O))
        hA = s[f'{A} → {O} all'][1] / s[f'{A} → {O} all'][0]
        hB = b_all[1] / b_all[0]
        lamA5 = load * s[f'{A} → {O} all'][0] / d['packets']
        rows.append([lamA * (1 + a_all[1] / a_all[0]), same / (same + other), a_all[1] / a_all[0], hA, hB, lamB * (1 + hB), lamA5 * hA + lamB * hB, a_all[6] / a_all[0]])
    n = len(rows)
    out = []
    for i in range(len(rows[0])):
        v = [r[i] for r in rows]
        m, hw = mean_half_width(v)
        out.append(f'{m:.3f}±{hw:.3f}')
    print(f'{load} ({n} seeds) | ' + ' | '.join(out))
