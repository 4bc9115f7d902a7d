#!/usr/bin/env python3
"""H44c (entry 390): pools sim-merge-turns.ts's JSON lines (one per seed) per load: the share a of the output's starts
followed by a start from the same input buffer, the share of starts with another input's head already registered (p),
of the rest the share whose buffer holds a next packet (q), and a within each class; mean ± t_{n-1,0.975}·s/√n over the
seeds.  Usage: python3 benchmarks/sim-merge-turns-ci.py FILE...  (files of several loads may be mixed)."""
import sys

from seed_runs import mean_half_width, runs_by_load

runs = runs_by_load(sys.argv[1:])


def ci(v):
    n = len(v)
    if n == 0:
        return '     –        '
    m, hw = mean_half_width(v)
    return f"{m:6.3f} ± {hw:5.3f}"


print('load | seeds | a (same buffer next) | p (other head registered) | q (next held | no other) | a | neither')
for load in sorted(runs):
    ds = runs[load]
    a, p, q, a00 = [], [], [], []
    for d in ds:
        c = {k: v for k, v in d['classes'].items()}
        g = lambda k, i: c.get(k, [0, 0])[i]
        n = sum(v[0] for v in c.values())
        a.append(sum(v[1] for v in c.values()) / n)
        p.append((g('1,0', 0) + g('1,1', 0)) / n)
        rest = g('0,0', 0) + g('0,1', 0)
        q.append(g('0,1', 0) / rest if rest else float('nan'))
        if g('0,0', 0) >= 20:  # the class's own share only where a seed has enough of it (it vanishes near saturation)
            a00.append(g('0,0', 1) / g('0,0', 0))
    print(f"{load} | {len(ds)} | {ci(a)} | {ci(p)} | {ci(q)} | {ci(a00)}")

# By whether the start ended a credit stall of the port (`held`; the port's stall, any VL): the share of held starts, and p
# among held and among open starts.
print('\nload | held share of starts | p among held | p among open')
for load in sorted(runs):
    hs, ph, po = [], [], []
    for d in runs[load]:
        h = d.get('held', {})
        g = lambda k: h.get(k, [0, 0])[0]
        held, opened = g('1,0') + g('1,1'), g('0,0') + g('0,1')
        hs.append(held / (held + opened))
        if held >= 20:
            ph.append(g('1,1') / held)
        po.append(g('0,1') / opened if opened else float('nan'))
    print(f"{load} | {ci(hs)} | {ci(ph)} | {ci(po)}")
