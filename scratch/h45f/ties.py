"""H45f entry 470: per class, P(busy at ready), the ties at the ready instant and P(busy | no tie), from sim-head-starts.ts's raw
sums (d[1] busy, d[112 + 2k] ties lost and d[113 + 2k] ties by kind k); mean ± t4,0.975·s/√5 over the replications."""
import json, statistics as st, sys
for f in sys.argv[1:]:
    runs = [json.loads(l) for l in open(f) if l.startswith('{')]
    print(f)
    for k in sorted(runs[0]):
        vals = []
        for r in runs:
            d = r[k]; n = d[0]
            tie = sum(d[113 + 2 * j] for j in range(3)); lost = sum(d[112 + 2 * j] for j in range(3))
            vals.append((d[1] / n, tie / n, lost / n, lost / max(1, tie), (d[1] - lost) / n, (d[1] - lost) / max(1, n - tie)))
        m = [st.mean(c) for c in zip(*vals)]; h = [2.776 * st.stdev(c) / len(runs) ** .5 for c in zip(*vals)]
        print(f'  {k:28s} P(busy) {m[0]:.3f}±{h[0]:.3f} P(tie) {m[1]:.3f} lost per head {m[2]:.3f} P(lost|tie) {m[3]:.3f}±{h[3]:.3f} P(busy|no tie) {m[5]:.3f}±{h[5]:.3f}')
