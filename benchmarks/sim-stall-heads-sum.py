# Sums benchmarks/sim-stall-heads.ts runs (one JSON file per seed): per output port the heads held by a stall and waiting
# while open, the stalled time share, the blocked packets' share and the chance a blocked packet's predecessor was blocked
# (means over the seeds, 95 % half-widths, Student t).
#     python3 benchmarks/sim-stall-heads-sum.py "out/ph-*.json" s6:5,s8:6
import json, sys, glob, math
runs = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[1]))]
ports = sys.argv[2].split(',') if len(sys.argv) > 2 else sorted(runs[0]['heads'])
T = {2: 12.7, 3: 4.3, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36}
def ci(v):
    m = sum(v) / len(v)
    if len(v) < 2: return m, 0
    sd = math.sqrt(sum((a - m) ** 2 for a in v) / (len(v) - 1)); return m, T.get(len(v), 2.3) * sd / math.sqrt(len(v))
print(f"{len(runs)} runs")
for p in ports:
    h = [r['heads'][p] for r in runs if p in r['heads']]
    if not h: continue
    f = lambda k: '%.3f±%.3f' % ci([a[k] for a in h])
    bl = ci([a['blocked'] / a['pkts'] for a in h]); bb = ci([a['blockedAfterBlocked'] / max(1, a['blocked']) for a in h])
    hist = [sum(a['hist'][i] for a in h) / len(h) for i in range(6)]
    print(f"{p:6s} stalled {f('tS')} heads held {f('nStalled')} waiting open {f('nOpen')} blocked/pkt {bl[0]:.3f}±{bl[1]:.3f} "
          f"P(pred blocked | blocked) {bb[0]:.3f}±{bb[1]:.3f} time with 0..5 heads " + ' '.join('%.3f' % v for v in hist))
