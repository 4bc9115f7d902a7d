#!/usr/bin/env python3
"""H44e (entry 410): the successor law of queues/heads.ts successorsAhead checked on the simulator's own head times. From
sim-wrap-head.ts's JSON lines (one or more per file; keys 'BUF → OUT fresh' / 'succ-same' with n, Σwait, Σwait², in x), per
buffer and seed: the predecessors' window W (registration → start; a fresh head's wait, a successor's x + wait), its
E[W²]/E[W], the law's chance that the other input's head is found, λ_other·E[W²]/E[W] (λ_other = λx given, one other input
at the same rate; per output of the buffer, the windows of all its heads into that output), against the successors' measured time behind the other input's packets (succ-older + succ-younger +
fresh-older + fresh-younger parts of 'succ-same', in x) and the successors' share against σ = λ(S − x)/(1 − λx).
Also (entry 412) the alternation a of entry 390 from the same windows, two inputs at equal rates: after a start of input i
the next is i's own if i holds a next packet and no other head is registered (σ(1 − N)), or if neither and i's arrives
first ((1 − σ − (p − σN))·½), p = λx·E[W] the chance the other's head is registered at a start (no size bias):
a = σ(1 − N) + (1 − σ − max(0, p − σN))/2, with σ = λH/(1 − λx) from the buffer's mean wait H.
Usage: python3 benchmarks/sim-successor-law.py LAMBDA_X FILE...   (mean ± t·s/√n over the lines)"""
import json, math, sys

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
lx = float(sys.argv[1])
lines = [json.loads(l) for f in sys.argv[2:] for l in open(f) if l.strip()]
# Per buffer and output: the windows of every head into that output (fresh, successor after the same or another output).
pairs = sorted({tuple(k.rsplit(' ', 1)[0].split(' → ')) for d in lines for k in d['sums'] if k.endswith(' succ-same')})
def ci(v):
    n = len(v); m = sum(v) / n
    hw = T975.get(n - 1, 2.0) * math.sqrt(sum((z - m) ** 2 for z in v) / (n - 1)) / math.sqrt(n) if n > 1 else float('nan')
    return f"{m:.3f} ± {hw:.3f}"
print(f"λx {lx}: buffer → output | E[W²]/E[W] | law λx·E[W²]/E[W] | measured behind the other (succ-same) | successors' share | σ from S")
zero = [0] * 8
for b, out in pairs:
    rat, law, meas, share, sig, alt = [], [], [], [], [], []
    for d in lines:
        s = d['sums']
        f, q, o = s.get(f'{b} → {out} fresh', zero), s[f'{b} → {out} succ-same'], s.get(f'{b} → {out} succ-other', zero)
        n = f[0] + q[0] + o[0]
        ew = (f[1] + q[0] + q[1] + o[0] + o[1]) / n
        ew2 = (f[7] + q[0] + 2 * q[1] + q[7] + o[0] + 2 * o[1] + o[7]) / n
        rat.append(ew2 / ew); law.append(min(1, lx * ew2 / ew))
        meas.append(sum(q[2:6]) / q[0]); share.append((q[0] + o[0]) / n)
        a = s[f'{b} all']
        sg = min(1, lx * (a[1] / a[0]) / (1 - lx))
        sig.append(sg)
        p = min(1, lx * ew)
        alt.append(sg * (1 - law[-1]) + (1 - sg - max(0, p - sg * law[-1])) / 2)
    print(f"{b} → {out} | {ci(rat)} | {ci(law)} | {ci(meas)} | {ci(share)} | {ci(sig)} | a {ci(alt)}")
