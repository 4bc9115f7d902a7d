import json, sys
a = {(x['case'], x['point']): x for x in json.load(open(sys.argv[1]))}
b = {(x['case'], x['point']): x for x in json.load(open(sys.argv[2]))}
for k in a:
    if k not in b or k[1] not in ('50%', '70%', '90%') or not a[k].get('scored'): continue
    x, y = a[k], b[k]
    d = max(abs(x['latMax'] - y['latMax']), abs(x['latMedian'] - y['latMedian']), abs((x.get('waitMax') or 0) - (y.get('waitMax') or 0)))
    if d > 0.004: print(f"{k[0]:28s} {k[1]:4s} lat {x['latMax']:.3f}/{x['latMedian']:.3f} -> {y['latMax']:.3f}/{y['latMedian']:.3f}   wait {x['waitMax']:.3f}/{x['waitMedian']:.3f} -> {y['waitMax']:.3f}/{y['waitMedian']:.3f}")
for k in a:
    if k[1] in ('saturation', 'overload') and k in b and json.dumps(a[k], sort_keys=True) != json.dumps(b[k], sort_keys=True): print('CHANGED', k)
