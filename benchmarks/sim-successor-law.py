#!/usr/bin/env python3
"""H44e (entry 410): the successor law of queues/heads.ts successorsAhead checked on the simulator's own head times. From
sim-wrap-head.ts's JSON lines (one or more per file; keys 'BUF → OUT fresh' / 'succ-same' with n, Σwait, Σwait², in x), per
buffer and seed: the predecessors' window W (registration → start; a fresh head's wait, a successor's x + wait), its
E[W²]/E[W], the law's chance that the other input's head is found, λ_other·E[W²]/E[W] (λ_other = λx given, one other input
at the same rate), against the successors' measured time behind the other input's packets (succ-older + succ-younger +
fresh-older + fresh-younger parts of 'succ-same', in x) and the successors' share against σ = λ(S − x)/(1 − λx).
Usage: python3 benchmarks/sim-successor-law.py LAMBDA_X FILE...   (mean ± t·s/√n over the lines)"""
import json, math, sys

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
lx = float(sys.argv[1])
lines = [json.loads(l) for f in sys.argv[2:] for l in open(f) if l.strip()]
bufs = sorted({k.split(' ')[0] for d in lines for k in d['sums'] if k.endswith(' succ-same')})
def ci(v):
    n = len(v); m = sum(v) / n
    hw = T975.get(n - 1, 2.0) * math.sqrt(sum((z - m) ** 2 for z in v) / (n - 1)) / math.sqrt(n) if n > 1 else float('nan')
    return f"{m:.3f} ± {hw:.3f}"
print(f"λx {lx}: buffer | E[W²]/E[W] | law λx·E[W²]/E[W] | measured behind the other (succ-same) | successors' share | σ from S")
for b in bufs:
    rat, law, meas, share, sig = [], [], [], [], []
    for d in lines:
        s = d['sums']
        out = next(k.split(' → ')[1].rsplit(' ', 1)[0] for k in s if k.startswith(b + ' → ') and k.endswith(' succ-same'))
        f, q = s[f'{b} → {out} fresh'], s[f'{b} → {out} succ-same']
        n = f[0] + q[0]
        ew = (f[1] + q[0] + q[1]) / n
        ew2 = (f[7] + q[0] + 2 * q[1] + q[7]) / n
        rat.append(ew2 / ew); law.append(min(1, lx * ew2 / ew))
        meas.append(sum(q[2:6]) / q[0]); share.append(q[0] / n)
        h = (f[1] + q[1]) / n
        sig.append(lx * h / (1 - lx))
    print(f"{b} | {ci(rat)} | {ci(law)} | {ci(meas)} | {ci(share)} | {ci(sig)}")
