#!/usr/bin/env python3
"""H45a (TRY420, entries 420–): the simulator's heads of chosen FIFO buffers in their kinds, pooled over seeds from
sim-wrap-head.ts's JSON lines (one per seed, files may hold several lines): per buffer, the share of its heads that are
fresh, successors after the same output and successors after another output, and each kind's mean wait from ready to
start (x), plus all heads; mean ± t_{n-1,0.975}·s/√n over the seeds.
Usage: python3 benchmarks/sim-head-kinds-ci.py FILE...  (one case and load per call)"""
import json, math, sys

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
lines = [json.loads(l) for f in sys.argv[1:] for l in open(f) if l.strip()]
def ci(v):
    n = len(v); m = sum(v) / n
    hw = T975.get(n - 1, 2.0) * math.sqrt(sum((z - m) ** 2 for z in v) / (n - 1) / n) if n > 1 else float('nan')
    return f"{m:.3f} ± {hw:.3f}"
bufs = sorted({k.split(' ')[0] for d in lines for k in d['sums']})
print(f"load {lines[0]['load']}, {len(lines)} seeds × {lines[0]['packets']} packets: per buffer, share / mean wait (x) per kind")
for b in bufs:
    row = []
    for kind in ('fresh', 'succ-same', 'succ-other'):
        share, wait = [], []
        for d in lines:
            s = d['sums']
            n = sum(v[0] for k, v in s.items() if k.startswith(b + ' → ') and k.endswith(' ' + kind))
            w = sum(v[1] for k, v in s.items() if k.startswith(b + ' → ') and k.endswith(' ' + kind))
            share.append(n / s[b + ' all'][0]); wait.append(w / n if n else 0)
        row.append(f"{kind} {ci(share)} / {ci(wait)}")
    allw = [d['sums'][b + ' all'][1] / d['sums'][b + ' all'][0] for d in lines]
    print(f"  {b}: " + '; '.join(row) + f"; all {ci(allw)}")
