"""H46a: latency bias (model − sim, median relative) of the 2-SL / torus points in several score files, side by side."""
import json, sys
fs = sys.argv[1:]
rs = [{(x['case'], x['point']): x for x in json.load(open(f))} for f in fs]
keys = sorted(k for k in rs[0] if k[1] in ('50%', '70%', '90%') and rs[0][k].get('scored'))
for k in keys:
    vals = [r.get(k, {}).get('latBias') for r in rs]
    mx = [r.get(k, {}).get('latMax') for r in rs]
    if any(v is None for v in vals): continue
    if max(abs(v - vals[0]) for v in vals) < 0.01: continue
    print('%-28s %s  %s' % (k[0] + ' ' + k[1], ' '.join('%+.3f' % v for v in vals), ' '.join('%.3f' % v for v in mx)))
