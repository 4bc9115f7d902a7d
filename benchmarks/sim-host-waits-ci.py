"""Pools benchmarks/sim-host-waits.ts --json lines (one per seed and VL): mean ± t_{n-1,0.975}·s/√n per case and VL of the
simulator's host-fed buffer terms, beside the model's solved host-branch terms, and the identity's queue evaluated with the
simulator's own services (H40host, docs/fabric-model.md entry 256): Pollaczek-Khinchine with the mix of services, and
Welch's exceptional first service (the first of a busy period apart), each as the time from creation to start at the switch
(W_q + S − x, in x), beside the simulator's. Run: python3 benchmarks/sim-host-waits-ci.py FILE.jsonl [FILE …] [--json]
(`--json`, H41wel change 285: one JSON document of the pooled simulator figures per case, point and VL — the sum of send
queue and buffer, the first of a busy period's share p0 and its extra head time S0 − Ss, each [mean, half-width] — the
reference of test/model/hostFed.test.ts on branch i41wel-tried, test/fixtures/welch/host_sum_reference.json.)"""
import json
import math
import sys
from collections import defaultdict

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def ci(xs):
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, float('nan')
    s = math.sqrt(sum((a - m) ** 2 for a in xs) / (n - 1))
    return m, T975[n - 1] * s / math.sqrt(n)


def pk(lam, s1, s2):
    return lam * s2 / (2 * (1 - lam * s1))


def welch(lam, s01, s02, ss1, ss2):
    return lam * ss2 / (2 * (1 - lam * ss1)) + lam * (s02 - ss2) / (2 * (1 - lam * ss1 + lam * s01))


rows = defaultdict(list)
for name in [a for a in sys.argv[1:] if not a.startswith('--')]:
    for line in open(name):
        if line.startswith('{'):
            j = json.loads(line)
            if 'vl' in j:  # (the `kinds` lines of H43hi are pooled by sim-host-kinds-ci.py)
                rows[(j['case'], j['label'], j['vl'])].append(j)
if '--json' in sys.argv:
    out = []
    for (case, label, vl), js in rows.items():
        sims = [j['sim'] for j in js]
        out.append({'case': case, 'label': label, 'vl': vl, 'seeds': [j['seed'] for j in js],
                    'sum': ci([s['send'] + s['buffer'] for s in sims]), 'p0': ci([s['p0'] for s in sims]),
                    'delta': ci([s['S0'] - s['Ss'] for s in sims]), 'S': ci([s['p0'] * s['S0'] + (1 - s['p0']) * s['Ss'] for s in sims])})
    print(json.dumps({'generator': 'benchmarks/sim-host-waits.ts CASE LABEL --reps 1 --seed S --json, one line per seed and VL; benchmarks/sim-host-waits-ci.py --json',
                      'unit': 'x (the host link\'s transmission time)', 'rows': out}, indent=1))
    sys.exit(0)
for (case, label, vl), js in rows.items():
    mod = js[0]['model']
    lam = mod['lx']
    print(f'{case} {label} VL{vl} ({len(js)} seeds)')
    print('  model: ' + ', '.join(f'{k} {v:.3f}' for k, v in mod.items()))
    derived = []
    for j in js:
        s = j['sim']
        mix1 = s['p0'] * s['S0'] + (1 - s['p0']) * s['Ss']
        mix2 = s['p0'] * s['S02'] + (1 - s['p0']) * s['Ss2']
        derived.append({
            'send+buffer': s['send'] + s['buffer'], 'sum (y−e)': s['sum'], 'S mix': mix1, 'cs2 mix': mix2 / mix1 ** 2 - 1,
            'PK': pk(lam, mix1, mix2) + mix1 - 1, 'Welch': welch(lam, s['S0'], s['S02'], s['Ss'], s['Ss2']) + mix1 - 1,
            'full': s['occ'][4] if len(s['occ']) > 4 else float('nan'),
        })
    keys = [k for k in js[0]['sim'] if k != 'occ']
    print('  sim:   ' + ', '.join('%s %.3f ± %.3f' % ((k,) + ci([j['sim'][k] for j in js])) for k in keys))
    print('  occ:   ' + ' / '.join('%.3f' % ci([j['sim']['occ'][i] for j in js])[0] for i in range(len(js[0]['sim']['occ']))))
    print('  ident: ' + ', '.join('%s %.3f ± %.3f' % ((k,) + ci([d[k] for d in derived])) for k in derived[0]))
    msum = mod['hostWait'] + mod['fifo'] + mod['S'] - 1
    mH2 = mod['S'] ** 2 * (1 + mod['cs2']) - 1 - 2 * (mod['S'] - 1)
    print(f'  model H = S − x {mod["S"] - 1:.3f}, E[H²] {mH2:.3f} (with the credit waits)')
    print(f'  model send + buffer (hostWait + fifo + S − x): {msum:.3f}; model P-K W_q + S − x: {mod["Wq"] + mod["S"] - 1:.3f}')
