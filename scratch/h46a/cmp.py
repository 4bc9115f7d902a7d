"""H46a (copied from i45d-tried scratch/h45d/cmp.py, H45d): points that moved between two fabric-model-score.ts --json files (latency / wait pass flags, max/median), saturation loads, overload share records."""
import json, sys, math
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
key = lambda x: (x['case'], x['point'])
A = {key(x): x for x in a}; B = {key(x): x for x in b}
lok = lambda x: x['latMax'] <= 0.1 and x['latMedian'] <= 0.05
def wok(x):
    wm, wd = x.get('waitMax'), x.get('waitMedian')
    return wm is not None and wd is not None and not (isinstance(wm, float) and math.isnan(wm)) and wm <= 0.2 and wd <= 0.1
f = lambda v: 'nan' if v is None else '%.3f' % v
for k in sorted(A):
    x, y = A[k], B.get(k)
    if y is None: continue
    if x['point'] == 'saturation':
        if abs(x['modelLoad'] - y['modelLoad']) > 1e-4: print('  sat', k[0], round(x['modelLoad'], 4), '->', round(y['modelLoad'], 4), 'sim', x['simLoad'])
        continue
    if x['point'] == 'overload':
        sx = {kk: v for kk, v in x.items() if 'share' in kk.lower()}; sy = {kk: v for kk, v in y.items() if 'share' in kk.lower()}
        if json.dumps(sx, sort_keys=True) != json.dumps(sy, sort_keys=True): print('  overload share record differs', k[0], {kk: (sx.get(kk), sy.get(kk)) for kk in sx if sx.get(kk) != sy.get(kk) and not isinstance(sx.get(kk), (dict, list))})
        continue
    if x['point'] not in ('50%', '70%', '90%') or not x.get('scored', 0): continue
    fl = ('LAT %s->%s' % (lok(x), lok(y)) if lok(x) != lok(y) else '') + (' WAIT %s->%s' % (wok(x), wok(y)) if wok(x) != wok(y) else '')
    if fl: print('**', k[0], k[1], 'lat %s/%s -> %s/%s' % (f(x['latMax']), f(x['latMedian']), f(y['latMax']), f(y['latMedian'])), 'wait %s/%s -> %s/%s' % (f(x.get('waitMax')), f(x.get('waitMedian')), f(y.get('waitMax')), f(y.get('waitMedian'))), fl)
