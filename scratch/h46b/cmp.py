#!/usr/bin/env python3
"""H46b: two fabric-model-score.ts --json files — load points whose verdict changes or whose max/median moves by > 0.005,
and every saturation / overload record that differs."""
import json, sys, math
a = {(x['case'], x['point']): x for x in json.load(open(sys.argv[1]))}
b = {(x['case'], x['point']): x for x in json.load(open(sys.argv[2]))}
def lok(x): return x['latMax'] <= 0.1 and x['latMedian'] <= 0.05
def wok(x):
    wm, wd = x.get('waitMax'), x.get('waitMedian')
    return wm is not None and wd is not None and not (isinstance(wm, float) and math.isnan(wm)) and wm <= 0.2 and wd <= 0.1
for k in sorted(a):
    x, y = a[k], b.get(k)
    if y is None: print('missing', k); continue
    if k[1] in ('50%', '70%', '90%') and x.get('scored', 0) > 0:
        tag = []
        if lok(x) != lok(y): tag.append('LAT ' + ('won' if lok(y) else 'LOST'))
        if wok(x) != wok(y): tag.append('WAIT ' + ('won' if wok(y) else 'LOST'))
        mv = max(abs((x[f] or 0) - (y[f] or 0)) for f in ('latMax', 'latMedian', 'waitMax', 'waitMedian'))
        if tag or mv > 0.005:
            print(f"{k[0]} {k[1]}: lat {x['latMax']:.3f}/{x['latMedian']:.3f} -> {y['latMax']:.3f}/{y['latMedian']:.3f}  wait {x['waitMax']:.3f}/{x['waitMedian']:.3f} -> {y['waitMax']:.3f}/{y['waitMedian']:.3f} {' '.join(tag)}")
    elif k[1] in ('saturation', 'overload'):
        if json.dumps(x, sort_keys=True) != json.dumps(y, sort_keys=True):
            d = {f: (x.get(f), y.get(f)) for f in set(x) | set(y) if x.get(f) != y.get(f)}
            print(f"{k[0]} {k[1]} differs: " + '; '.join(f'{f} {str(v[0])[:60]} -> {str(v[1])[:60]}' for f, v in sorted(d.items())))
