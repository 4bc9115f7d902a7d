"""Compare two fabric-model-score.ts --json files as /work/lead/count.py counts them (None / NaN counted failed)."""
import json, sys, math
def ok(v, lim): return v is not None and not (isinstance(v, float) and math.isnan(v)) and v <= lim
def load(f):
    r = json.load(open(f)); d = {}
    for x in r:
        k = (x['case'], x['point'])
        if x['point'] in ('50%', '70%', '90%') and x.get('scored', 0) > 0:
            d[k] = ('pt', ok(x.get('latMax'), 0.1) and ok(x.get('latMedian'), 0.05), ok(x.get('waitMax'), 0.2) and ok(x.get('waitMedian'), 0.1), x)
        elif x['point'] == 'saturation':
            lim = 0.10 if 'uniform' in x['case'] else 0.05
            d[k] = ('sat', x.get('modelLoad') is not None and abs(x['modelLoad'] - x['simLoad']) <= lim, None, x)
        elif x['point'] == 'overload' and x.get('shareHolds') not in (None, 'n/a'):
            d[k] = ('ov', x['shareHolds'] is True, x['shareHoldsAllPorts'] is True, x)
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
def count(d):
    pts = [v for v in d.values() if v[0] == 'pt']; sat = [v for v in d.values() if v[0] == 'sat']; ov = [v for v in d.values() if v[0] == 'ov']
    return f"latency {sum(v[1] for v in pts)}/{len(pts)}  wait {sum(v[2] for v in pts)}/{len(pts)}  saturation {sum(v[1] for v in sat)}/{len(sat)}  shares {sum(v[1] for v in ov)}/{len(ov)}, {sum(v[2] for v in ov)}/{len(ov)}"
print('A', count(a)); print('B', count(b))
f = lambda v: 'None' if v is None else f"{v:.3f}"
for k in sorted(a):
    if k not in b: continue
    va, vb = a[k], b[k]
    if va[1] != vb[1] or va[2] != vb[2]:
        xa, xb = va[3], vb[3]
        if va[0] == 'pt':
            print(f"  {k[0]} {k[1]}: lat {'ok' if va[1] else 'FAIL'}→{'ok' if vb[1] else 'FAIL'} {f(xa.get('latMax'))}/{f(xa.get('latMedian'))} → {f(xb.get('latMax'))}/{f(xb.get('latMedian'))}; wait {'ok' if va[2] else 'FAIL'}→{'ok' if vb[2] else 'FAIL'} {f(xa.get('waitMax'))}/{f(xa.get('waitMedian'))} → {f(xb.get('waitMax'))}/{f(xb.get('waitMedian'))}")
        elif va[0] == 'sat':
            print(f"  {k[0]} saturation sim {xa['simLoad']:.3f}: {f(xa.get('modelLoad'))} → {f(xb.get('modelLoad'))}")
        else:
            print(f"  {k[0]} overload shares {va[1]},{va[2]} → {vb[1]},{vb[2]}")
