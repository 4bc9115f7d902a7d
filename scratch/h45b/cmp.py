import json,sys,math
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
key=lambda x:(x['case'],x['point'])
A={key(x):x for x in a}; B={key(x):x for x in b}
def lok(x): return x['latMax']<=0.1 and x['latMedian']<=0.05
def wok(x):
    wm,wd=x.get('waitMax'),x.get('waitMedian')
    return wm is not None and wd is not None and not(isinstance(wm,float) and math.isnan(wm)) and wm<=0.2 and wd<=0.1
thr=float(sys.argv[3]) if len(sys.argv)>3 else 0.01
for k in sorted(A):
    x=A[k]; y=B.get(k)
    if y is None or x['point'] not in ('50%','70%','90%') or not x.get('scored',0): 
        if x['point'] in ('saturation',) and y and abs(x['modelLoad']-y['modelLoad'])>1e-4: print('  sat',k,round(x['modelLoad'],4),'->',round(y['modelLoad'],4))
        continue
    fl=('LAT %s->%s'%(lok(x),lok(y)) if lok(x)!=lok(y) else '')+(' WAIT %s->%s'%(wok(x),wok(y)) if wok(x)!=wok(y) else '')
    mv=max(abs(x['latMax']-y['latMax']),abs(x['latMedian']-y['latMedian']))
    if fl or mv>thr:
        print(('**' if fl else '  '),k[0],k[1],'lat %.3f/%.3f -> %.3f/%.3f'%(x['latMax'],x['latMedian'],y['latMax'],y['latMedian']),'wait %.3f/%.3f -> %.3f/%.3f'%(x.get('waitMax') or float('nan'),x.get('waitMedian') or float('nan'),y.get('waitMax') or float('nan'),y.get('waitMedian') or float('nan')),fl)
