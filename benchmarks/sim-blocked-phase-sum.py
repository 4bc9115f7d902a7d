# Sums benchmarks/sim-blocked-phase.ts runs (one JSON line per seed): per switch output with stalls, the blocked packets per
# packet, the chance a blocked packet's predecessor on the port was blocked (r), and per class (fresh / run) the mean stall
# and its residual E[L²]/(2E[L]) (x), the share that began with a far packet in transmission; means over the seeds and 95 %
# half-widths (Student t), the overall mean stall per blocked packet last; where the runs have it, the share of packets whose
# first try came at the output's own end (b2b) and the blocked share of those and of the others.
#     python3 benchmarks/sim-blocked-phase-sum.py "/tmp/h43blk/alf90-*.json" [min-blocked-per-packet]
import json, sys, glob, math
runs = [json.load(open(f)) for f in sorted(glob.glob(sys.argv[1]))]
lo = float(sys.argv[2]) if len(sys.argv) > 2 else 0.01
T = {2: 12.7, 3: 4.3, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36}
def ci(v):
    m = sum(v) / len(v)
    if len(v) < 2: return '%.3f' % m
    sd = math.sqrt(sum((a - m) ** 2 for a in v) / (len(v) - 1)); return '%.3f±%.3f' % (m, T.get(len(v), 2.3) * sd / math.sqrt(len(v)))
print(f"{len(runs)} runs")
for p in sorted(runs[0]['outputs']):
    o = [r['outputs'][p] for r in runs if p in r['outputs']]
    if sum(a['blocked'] / a['pkts'] for a in o) / len(o) < lo: continue
    cols = [f"{p:7s} far {o[0]['far']:6s} blocked/pkt {ci([a['blocked'] / a['pkts'] for a in o])} r {ci([a['run'] / max(1, a['blocked']) for a in o])}"]
    if 'b2b' in o[0]:
        cols.append(f"b2b share {ci([a['b2b'] / a['pkts'] for a in o])} blocked at b2b {ci([a['b2bBlocked'] / max(1, a['b2b']) for a in o])} at idle {ci([(a['blocked'] - a['b2bBlocked']) / max(1, a['pkts'] - a['b2b']) for a in o])}")
    for c in ('fresh', 'runs'):
        q = [a[c] for a in o if a[c]['n'] > 0]
        if not q: continue
        cols.append(f"{c} {ci([a['L1'] / a['n'] for a in q])} resid {ci([a['L2'] / (2 * a['L1']) for a in q])} inTx {ci([a['nIn'] / a['n'] for a in q])}")
    if 'joint' in o[0]:
        # The back-to-back tries by the slots held before the previous start (N) and whether a far packet was then in
        # transmission: P(N = B − 1), P(no transmission | N = B − 1), and the blocked tries outside 'N = B − 1, none'.
        top = max(int(k.split('|')[0]) for a in o for k in a['joint'])
        tot = lambda a: max(1, sum(a['joint'].values()))
        atTop = lambda a: sum(c for k, c in a['joint'].items() if k.startswith(f'{top}|'))
        cols.append(f"P(N={top}|b2b) {ci([atTop(a) / tot(a) for a in o])} P(none in tx|N={top}) {ci([(a['joint'].get(f'{top}|0|0', 0) + a['joint'].get(f'{top}|0|1', 0)) / max(1, atTop(a)) for a in o])} "
                    f"blocked elsewhere {sum(c for a in o for k, c in a['joint'].items() if k.endswith('|1') and not k.startswith(f'{top}|0|'))} "
                    f"unblocked at N={top}, none in tx {sum(a['joint'].get(f'{top}|0|0', 0) for a in o)} of {sum(tot(a) for a in o)} tries")
    cols.append('all ' + ci([(a['fresh']['L1'] + a['runs']['L1']) / max(1, a['fresh']['n'] + a['runs']['n']) for a in o]))
    print(' | '.join(cols))
