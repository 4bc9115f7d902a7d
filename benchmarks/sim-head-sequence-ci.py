# Pools benchmarks/sim-head-sequence.ts runs (one JSON line per seed; H45c, issue 31 entries 440–449): per buffer the head
# time S/x, SCV and lag-1/2/5/20 autocorrelation (all packets, then per output), and the two replays' time shares with
# 0..B+ packets held and the counts the entries find, ordered against shuffled. Mean ± t·s/√n over the seeds.
#     python3 benchmarks/sim-head-sequence-ci.py "/tmp/hs-*.json" [BUFFER,…]
import glob, json, math, sys
runs = [json.loads(open(f).read()) for f in sorted(glob.glob(sys.argv[1]))]
T = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26}
def ci(v):
    v = [a for a in v if a is not None]
    m = sum(v) / len(v)
    if len(v) < 2: return m, 0.0
    sd = math.sqrt(sum((a - m) ** 2 for a in v) / (len(v) - 1))
    return m, T.get(len(v), 2.2) * sd / math.sqrt(len(v))
def f(v, d=3): m, h = ci(v); return f"{m:.{d}f}±{h:.{d}f}"
bufs = sys.argv[2].split(',') if len(sys.argv) > 2 else sorted(runs[0]['buffers'])
print(f"{len(runs)} runs")
for b in bufs:
    rs = [r['buffers'][b] for r in runs if b in r['buffers']]
    if not rs: continue
    s = lambda key, k: [r[key][k] for r in rs]
    print(f"{b}: S/x {f(s('S','mean'))} SCV {f(s('S','scv'))} lag1 {f(s('S','lag1'))} lag2 {f(s('S','lag2'))} lag5 {f(s('S','lag5'))} lag20 {f(s('S','lag20'))}  tail gap/x {f([r['gap'] for r in rs])}")
    if 'arrivals' in rs[0]:
        a = [r['arrivals'] for r in rs]
        print(f"   shifted arrivals (inter-entry − x): mean {f([v['shiftedMean'] for v in a])} x, SCV {f([v['shiftedScv'] for v in a])}, back-to-back share {f([v['backToBack'] for v in a])}")
    for o in sorted(rs[0]['byOut']):
        os_ = [r['byOut'][o] for r in rs if o in r['byOut']]
        if os_[0]['scv'] < 1e-9: continue
        g = lambda k: [a[k] for a in os_]
        print(f"   →{o}: n/run {sum(g('n'))/len(os_):.0f} S/x {f(g('mean'))} SCV {f(g('scv'))} lag1 {f(g('lag1'))} lag2 {f(g('lag2'))} lag5 {f(g('lag5'))}")
    for kind in ('ordered', 'shuffled'):
        t = [r[kind]['time'] for r in rs]; e = [r[kind]['seen'] for r in rs]
        n = len(t[0])
        print(f"   {kind:8s} time 0..{n-1}+: " + ' '.join(f([a[i] for a in t], 4) for i in range(n)))
        print(f"   {kind:8s} entries find 0..{n-1}+: " + ' '.join(f([a[i] for a in e], 4) for i in range(n)))
        full = [a[n - 2] + a[n - 1] for a in t]; last = [sum(a[n - 3:]) for a in e]
        print(f"   {kind:8s} time ≥ B: {f(full, 4)}; entries finding ≥ B−1: {f(last, 4)}; head's rest while ≥ B held (x): {f([r[kind]['restFull'] for r in rs])}")
    if 'stall' in rs[0]:
        st = [r['stall'] for r in rs]
        g = lambda k: [a[k] for a in st]
        outs = sorted({o for a in st for o in a['outShare']})
        print(f"   feeder's stalls: per run {sum(g('n'))/len(st):.0f}, length {f(g('len'))} x (residual {f(g('resid'))}); far head then: rest {f(g('headRest'))} age {f(g('headAge'))} S {f(g('headS'))}; its output " + ' '.join(f"{o} {f([a['outShare'].get(o, 0) for a in st])}" for o in outs))
