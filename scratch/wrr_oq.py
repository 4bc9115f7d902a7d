# H44d scratch: an output queue served by a 2-VL weighted round robin (VL0 1 packet, VL1 3 packets per visit; the
# IBA table as the simulator's VlArbiter reads it for 32:96 and 2 KB packets), x = 1, Poisson arrivals per VL.
# Prints each VL's mean wait and its ratio g_v to the FCFS mean (the conservation law's split).
import random, sys
l0, l1, n, reps = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
W = [1, 3]
res = []
for r in range(reps):
    rng = random.Random(7 + r)
    arr = sorted([(t, 0) for t in cum(rng, l0, n)] + [(t, 1) for t in cum(rng, l1, n)]) if False else None
    a = []
    for v, l in ((0, l0), (1, l1)):
        t = 0.0
        for _ in range(n):
            t += rng.expovariate(l)
            a.append((t, v))
    a.sort()
    q = [[], []]; h = [0, 0]
    k = 0; t = 0.0; s = [0.0, 0.0]; c = [0, 0]; pos = -1; rem = 0
    warm = a[len(a) // 10][0]
    N = len(a)
    while k < N or any(h[v] < len(q[v]) for v in (0, 1)):
        if all(h[v] >= len(q[v]) for v in (0, 1)) and a[k][0] > t:
            t = a[k][0]
        while k < N and a[k][0] <= t:
            q[a[k][1]].append(a[k][0]); k += 1
        ready = [h[v] < len(q[v]) for v in (0, 1)]
        # table: entries [VL0 w1, VL1 w3]; stay on the current entry while its weight remains and its VL is ready
        if pos >= 0 and rem > 0 and ready[pos]:
            v = pos
        else:
            v = None
            for j in range(1, 3):
                e = (pos + j) % 2
                if ready[e]:
                    v = e; break
            pos = v; rem = W[v]
        rem -= 1
        at = q[v][h[v]]; h[v] += 1
        if at >= warm:
            s[v] += t - at; c[v] += 1
        t += 1.0
    res.append([s[0] / c[0], s[1] / c[1]])
m0 = sum(r[0] for r in res) / reps; m1 = sum(r[1] for r in res) / reps
mean = (l0 * m0 + l1 * m1) / (l0 + l1)
print(f'λ {l0}/{l1}: VL0 {m0:.3f} VL1 {m1:.3f} mean {mean:.3f} (M/D/1 {(l0 + l1) / (2 * (1 - l0 - l1)):.3f}); g {m0 / mean:.3f} / {m1 / mean:.3f}')
