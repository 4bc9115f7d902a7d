#!/usr/bin/env python3
"""H46g: compare two fabric-model-score.ts --json files point by point (verdict changes, moves >= 0.01, every record that differs)."""
import json, sys, math
a = {(x['case'], x['point']): x for x in json.load(open(sys.argv[1]))}
b = {(x['case'], x['point']): x for x in json.load(open(sys.argv[2]))}
def lok(x): return x['latMax'] <= 0.1 and x['latMedian'] <= 0.05
def wok(x):
    wm, wd = x.get('waitMax'), x.get('waitMedian')
    return wm is not None and wd is not None and not (isinstance(wm, float) and math.isnan(wm)) and wm <= 0.2 and wd <= 0.1
def f(v): return 'None' if v is None else f'{v:.3f}'
for k in a:
    x, y = a[k], b.get(k)
    if y is None: print('missing', k); continue
    if k[1] in ('50%', '70%', '90%') and x.get('scored', 0) > 0:
        tag = []
        if lok(x) != lok(y): tag.append('LAT ' + ('won' if lok(y) else 'LOST'))
        if wok(x) != wok(y): tag.append('WAIT ' + ('won' if wok(y) else 'LOST'))
        moved = any(abs((y[q] or 0) - (x[q] or 0)) >= 0.01 for q in ('latMax', 'latMedian', 'waitMax', 'waitMedian'))
        if tag or moved:
            print(f"{k[0]} {k[1]}: lat {f(x['latMax'])}/{f(x['latMedian'])} -> {f(y['latMax'])}/{f(y['latMedian'])}; wait {f(x['waitMax'])}/{f(x['waitMedian'])} -> {f(y['waitMax'])}/{f(y['waitMedian'])} {' '.join(tag)}")
    elif k[1] not in ('1%', '10%', '30%', '50%', '70%', '90%'):
        d = {q: (x[q], y.get(q)) for q in x if q not in ('ms', 'iterations') and x[q] != y.get(q)}
        if d: print(f"{k[0]} {k[1]}: " + '; '.join(f'{q} {x0} -> {y0}' for q, (x0, y0) in d.items()))
