"""Record-by-record differences of two fabric-model-score.ts --json outputs (timings ignored): python3 cmp.py A.json B.json"""
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
print(len(a), len(b))
key = lambda r: (r['case'], r['point'])
A = {key(r): r for r in a}
for r in b:
    q = A.get(key(r))
    if q is None:
        print(key(r), 'new'); continue
    d = {}
    for k in set(q) | set(r):
        if k in ('ms', 'iterations', 'simMs', 'modelMs'): continue
        if q.get(k) != r.get(k):
            d[k] = (q.get(k), r.get(k)) if not isinstance(q.get(k), (dict, list)) else 'changed'
    if d: print(key(r), d)
