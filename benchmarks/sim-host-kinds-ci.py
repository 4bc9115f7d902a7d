"""Pools the `kinds` lines of benchmarks/sim-host-waits.ts --json (one per seed; H43hi, session 26, docs/fabric-model.md
entry 337): per buffer kind and VL, the simulator's entry-to-start split (FIFO part, head part S − x) with mean ±
t_{n-1,0.975}·s/√n over the seeds, beside the model's FIFO (+ split), S − x, floor and the turns' outputs' credit wait β
(results/flowSums.ts adds β per hop), in x; and the send queue + host-fed buffer sums of the per-VL lines.
Run: python3 benchmarks/sim-host-kinds-ci.py FILE.jsonl"""
import json
import math
import sys
from collections import defaultdict

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def ci(xs):
    xs = [a for a in xs if a is not None]  # (a kind with no successors in a run: its head mean is NaN, null in the JSON)
    n = len(xs)
    if n == 0:
        return float('nan'), float('nan')
    m = sum(xs) / n
    if n < 2:
        return m, float('nan')
    s = math.sqrt(sum((a - m) ** 2 for a in xs) / (n - 1))
    return m, T975[n - 1] * s / math.sqrt(n)


kinds = defaultdict(list)
vls = defaultdict(list)
for line in open(sys.argv[1]):
    if not line.startswith('{'):
        continue
    j = json.loads(line)
    if 'kinds' in j:
        for k, a in j['kinds'].items():
            kinds[k].append(a)
    else:
        vls[j['vl']].append(j)
for v, js in sorted(vls.items()):
    m = js[0]['model']
    s, h = ci([j['sim']['send'] + j['sim']['buffer'] for j in js])
    sd, hd = ci([j['sim']['send'] for j in js])
    print(f"VL {v} host sum (send + host-fed buffer): sim {s:.3f} ± {h:.3f} (send {sd:.3f} ± {hd:.3f}); model {m['hostWait'] + m['fifo'] + m['S'] - 1:.3f} (hostWait {m['hostWait']:.3f}, FIFO {m['fifo']:.3f}, S − x {m['S'] - 1:.3f}) [n {len(js)}]")
print('kind            sim FIFO          sim S − x         sim sum           | model FIFO  S − x  floor  β     sum   | model − sim | fresh share, fresh head, successor head')
for k, rows in sorted(kinds.items()):
    f = ci([r['simFifo'] for r in rows])
    hd = ci([r['simHead'] for r in rows])
    sm = ci([r['simFifo'] + r['simHead'] for r in rows])
    r0 = rows[0]
    msum = r0['fifo'] + r0['head'] + r0['floor'] + r0['beta']
    fr = ci([r['fresh'] for r in rows])
    fh = ci([r['freshHead'] for r in rows])
    sh = ci([r['succHead'] for r in rows])
    print(f"{k:15} {f[0]:.3f} ± {f[1]:.3f}   {hd[0]:.3f} ± {hd[1]:.3f}   {sm[0]:.3f} ± {sm[1]:.3f}   | {r0['fifo']:.3f}  {r0['head']:.3f}  {r0['floor']:.3f}  {r0['beta']:.3f}  {msum:.3f} | {msum - sm[0]:+.3f} | {fr[0]:.3f}, {fh[0]:.3f} ± {fh[1]:.3f}, {sh[0]:.3f} ± {sh[1]:.3f}")
