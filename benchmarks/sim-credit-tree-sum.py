# Sums benchmarks/sim-credit-tree.ts runs (one JSON file per seed): per turn and buffer the means with 95 % half-widths (Student t), in x.
#     python3 benchmarks/sim-credit-tree-sum.py "out/tree-*.json"
import json,sys,glob,math
files=sorted(glob.glob(sys.argv[1]))
runs=[json.load(open(f)) for f in files]
x=runs[0]['x']; n=len(runs)
def ci(vals):
    m=sum(vals)/len(vals)
    if len(vals)<2: return m,0
    sd=math.sqrt(sum((v-m)**2 for v in vals)/(len(vals)-1)); t={2:12.7,3:4.3,4:3.18,5:2.78,6:2.57,7:2.45,8:2.36}.get(len(vals),2.3)
    return m,t*sd/math.sqrt(len(vals))
keys=sorted(set(k for r in runs for k in r['sums']))
print(f"{n} runs; per turn, x: FIFO (entry→reg) | head (reg→start, succ. less x) | entry→start | of head: output credit-stalled | succ share")
for k in keys:
    rows=[r['sums'][k] for r in runs if k in r['sums']]
    if sum(a[0] for a in rows)<1000: continue
    f=[a[1]/a[0]/x for a in rows]; h=[a[2]/a[0]/x for a in rows]; es=[a[3]/a[0]/x for a in rows]; st=[a[5]/a[0]/x for a in rows] if len(rows[0])>5 else [0]; sc=[a[4]/a[0] for a in rows]
    print(f"{k:14s} n {sum(a[0] for a in rows)//len(rows):6d} fifo {ci(f)[0]:.3f}±{ci(f)[1]:.3f} head {ci(h)[0]:.3f}±{ci(h)[1]:.3f} e→s {ci(es)[0]:.3f}±{ci(es)[1]:.3f} stalled {ci(st)[0]:.3f}±{ci(st)[1]:.3f} succ {ci(sc)[0]:.2f}")
print("occupancy (time fraction with 0..4 packets), mean, ±hw of P(4)")
for b in sorted(runs[0]['occ']):
    hs=[r['occ'][b] for r in runs]
    m=[sum(h[i] for h in hs)/n for i in range(9)]
    mean=[sum(i*h[i] for i in range(9)) for h in hs]
    if ci(mean)[0]<0.05: continue
    print(f"{b:6s} "+" ".join(f"{v:.3f}" for v in m[:5])+f"  mean {ci(mean)[0]:.3f}±{ci(mean)[1]:.3f}  P4 ±{ci([h[4] for h in hs])[1]:.3f}")
print("credit stall fraction of feeders (nonzero)")
for p in sorted(runs[0]['stall']):
    v=[r['stall'][p] for r in runs]
    if ci(v)[0]>0.001:
        extra=''
        if 'stalls' in runs[0] and p in runs[0]['stalls']:
            ss=[r['stalls'][p] for r in runs if p in r['stalls']]
            m1=sum(s[1] for s in ss)/sum(s[0] for s in ss)/x; m2=sum(s[2] for s in ss)/sum(s[0] for s in ss)/x/x
            extra=f" periods/x-time {sum(s[0] for s in ss)/len(ss):.0f}, mean len {m1:.3f} x, residual E[T²]/2E[T] {m2/2/m1:.3f} x"
        print(f"{p:6s} {ci(v)[0]:.4f}±{ci(v)[1]:.4f}{extra}")
