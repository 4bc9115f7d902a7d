"""The bare mechanism of a merge under the crossbar's input arbitration (H44b, session 27, docs/fabric-model.md entry 381).

One output c (service one transmission x = 1, deterministic) fed by FIFO input buffers without size limit; the output serves
the head packets in the order they registered (crossbar.ts: "the longest-waiting request whose input port is free"; a head
registers when it reaches the front of its buffer: on arrival at an empty buffer, or as its predecessor starts). A buffer may
also carry packets for a side output that is always free (a host): such a head starts as soon as its input port is free and
holds the port for x. Arrivals per input: Poisson (`--poisson`), or the departures of an M/D/1 link (a host's Poisson packets
sent over a link of the same rate: spaced by at least x, as every simulated input is). Cut-through at equal rates: a packet
may start at its header's arrival. Per input, the mean wait from arrival to start of its packets for c, and the 95 %
half-width over replications; what a packet for c finds as it arrives (c's residual, the other inputs' registered heads and
its own packets ahead), beside the geometric reading Σ_{j≠t} N_j/(1 + N_j) of the heads, N_j = λ_j W_j; beside it the Boxma–Meister split of the mean (1-limited polling, zero switch-over:
W_t ∝ 1 − ρ + ρ_t, Σ λ_t W_t = λ W̄) and the mean itself. Pure Python (random, heapq), no project code.

    python3 benchmarks/analysis/merge_fcfs_heads.py 0.2,0.2,0.4 [--side 0,0,0.2] [--poisson] [--reps 5] [--n 200000]
"""
import argparse
import heapq
import math
import random

p = argparse.ArgumentParser()
p.add_argument('loads')
p.add_argument('--side', default=None)
p.add_argument('--poisson', action='store_true')
p.add_argument('--reps', type=int, default=5)
p.add_argument('--n', type=int, default=200000, help='packets for c per replication')
a = p.parse_args()
lam = [float(v) for v in a.loads.split(',')]
side = [float(v) for v in a.side.split(',')] if a.side else [0.0] * len(lam)
K = len(lam)


def arrivals(rng, rate_c, rate_s, horizon):
    """One input's arrival times and kinds (True: for c), Poisson at rate_c + rate_s, spaced by an M/D/1 link unless --poisson."""
    out = []
    t = 0.0
    link_free = 0.0
    total = rate_c + rate_s
    if total <= 0:
        return out
    while True:
        t += rng.expovariate(total)
        if t > horizon:
            return out
        kind = rng.random() < rate_c / total
        if a.poisson:
            out.append((t, kind))
        else:
            start = max(t, link_free)
            link_free = start + 1.0
            out.append((start, kind))


def run(seed):
    rng = random.Random(seed)
    horizon = a.n / sum(lam)
    ev = []  # (time, order, kind, input, payload)
    order = 0
    for i in range(K):
        for t, kind in arrivals(rng, lam[i], side[i], horizon):
            ev.append((t, order, 0, i, kind))
            order += 1
    heapq.heapify(ev)
    buf = [[] for _ in range(K)]  # per input: FIFO of (arrival, for_c)
    head_pos = [0] * K
    port_free = [0.0] * K  # input port busy until
    reg = {}  # input -> registration time of its head for c
    c_free = 0.0
    sums = [0.0] * K
    counts = [0] * K
    seen = [[0.0, 0.0, 0.0, 0] for _ in range(K)]
    warm = horizon * 0.1

    def try_side(i, now):
        nonlocal order
        # a side head starts at once when the input port is free
        b = buf[i]
        while head_pos[i] < len(b) and not b[head_pos[i]][1] and port_free[i] <= now:
            port_free[i] = now + 1.0
            head_pos[i] += 1
            heapq.heappush(ev, (now + 1.0, order, 1, i, None))
            order += 1
            return
        if head_pos[i] < len(b) and b[head_pos[i]][1] and i not in reg:
            reg[i] = now

    def try_c(now):
        nonlocal c_free, order
        if c_free > now:
            return
        best = None
        for i, r in reg.items():
            if port_free[i] <= now and (best is None or r < reg[best]):
                best = i
        if best is None:
            return
        i = best
        del reg[i]
        arr = buf[i][head_pos[i]][0]
        if arr >= warm:
            sums[i] += now - arr
            counts[i] += 1
        head_pos[i] += 1
        port_free[i] = now + 1.0
        c_free = now + 1.0
        heapq.heappush(ev, (now + 1.0, order, 1, i, 'c'))
        order += 1
        # the successor registers as its predecessor starts (if for c), or waits for the port (side)
        b = buf[i]
        if head_pos[i] < len(b) and b[head_pos[i]][1]:
            reg[i] = now

    while ev:
        now, _, typ, i, pay = heapq.heappop(ev)
        if typ == 0:
            if pay and now >= warm:
                # what a packet for c finds: c's residual, the other inputs' registered heads, its own packets ahead
                seen[i][0] += max(0.0, c_free - now)
                seen[i][1] += sum(1 for j in reg if j != i)
                seen[i][2] += sum(1 for k in range(head_pos[i], len(buf[i])) if buf[i][k][1])
                seen[i][3] += 1
            buf[i].append((now, pay))
            if head_pos[i] == len(buf[i]) - 1:
                try_side(i, now)
        else:
            # a transmission ended: input port i free (and c, if it was c's)
            try_side(i, now)
        # same-instant events first, then the choices (crossbar.ts: choose after the instant's other events)
        if ev and ev[0][0] == now:
            continue
        for j in range(K):
            try_side(j, now)
        try_c(now)
        if head_pos[0] > 100000:
            pass
    return [sums[i] / counts[i] if counts[i] else float('nan') for i in range(K)], [[v[0] / v[3], v[1] / v[3], v[2] / v[3]] for v in seen]


runs = [run(1000 + r) for r in range(a.reps)]
res = [r[0] for r in runs]
t95 = {2: 12.706, 3: 4.303, 4: 3.182, 5: 2.776, 6: 2.571, 10: 2.262}.get(a.reps, 2.0)
rho = sum(lam)
mean_w = [sum(r[i] for r in res) / a.reps for i in range(K)]
W = sum(lam[i] * mean_w[i] for i in range(K)) / rho
norm = sum(lam[i] / rho * (1 - rho + lam[i]) for i in range(K))
kind = 'Poisson' if a.poisson else 'spaced (M/D/1 link)'
print(f'loads {lam} side {side} ({kind}), {a.reps} × {a.n}: per input wait arrival → start, x; mean W = {W:.3f}')
for i in range(K):
    hw = t95 * math.sqrt(sum((r[i] - mean_w[i]) ** 2 for r in res) / (a.reps - 1) / a.reps)
    bm = W * (1 - rho + lam[i]) / norm
    print(f'  input {i} λ {lam[i]:.2f} side {side[i]:.2f}: {mean_w[i]:.3f} ± {hw:.3f}   W_t/W {mean_w[i] / W:.3f}   Boxma–Meister {bm:.3f} ({(1 - rho + lam[i]) / norm:.3f})')
    found = [sum(r[1][i][k] for r in runs) / a.reps for k in range(3)]
    # the geometric reading of the others' waiting heads: P(N_j ≥ 1) = N_j/(1 + N_j), N_j = λ_j W_j (its packets for c waiting)
    geo = sum(lam[j] * mean_w[j] / (1 + lam[j] * mean_w[j]) for j in range(K) if j != i)
    print(f'      found at arrival: residual of c {found[0]:.3f}, other registered heads {found[1]:.3f} (geometric Σ N_j/(1+N_j) {geo:.3f}), own packets ahead {found[2]:.3f}')
