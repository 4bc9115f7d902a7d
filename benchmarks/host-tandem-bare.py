"""
The host-fed tandem alone (H42sw, session 25, docs/fabric-model.md entry 317): one host's VLs (Poisson arrivals, rates λ_v per
transmission x = 1) share its link by the weighted table (VLArb by whole packets: a visit sends up to w_v packets while its VL has
one eligible), each VL into its own switch input buffer of B slots (credits: a packet holds its slot from its link start to the
end of its output transmission); each buffer's head, served in FIFO order, waits an i.i.d. head time b (gamma law with the given
mean and E[b²]) and is then sent (x). Cut-through: a packet is in its buffer as its link transmission starts. No switch, no other
inputs: what the simulator's host-fed buffers do given their heads' measured moments. Prints per VL the host wait (arrival to
link start) and the buffer's FIFO wait (in the buffer to head ready), mean over seeds ± t·s/√n, and the model's two forms of
their sum for the same head moments and the measured host wait with B = ∞ (bufferWait.ts tandemBufferWait's host branch:
main's W(λ,S) + (1 − ρ)I and try 317's W(λ,S) + E[(I − D)⁺]).

    python3 benchmarks/host-tandem-bare.py                       # switch8-2sl at 0.6 with the simulator's heads (entry 291)
    python3 benchmarks/host-tandem-bare.py --lam 0.3,0.3 --b 1.139,0.698 --b2 3.754,0.83 --slots 4 --weights 1,3 --packets 200000 --seeds 1,2,3,4,5
"""
import argparse, heapq, math, random, statistics

def gamma(rng, m, m2):
    if m <= 0:
        return 0.0
    v = max(1e-12, m2 - m * m)
    return rng.gammavariate(m * m / v, v / m)

def run(lam, w, B, bm, b2, N, seed):
    rng = random.Random(seed)
    V = len(lam)
    ev = []
    seq = 0
    for v in range(V):
        if lam[v] > 0:
            heapq.heappush(ev, (rng.expovariate(lam[v]), 0, seq, v)); seq += 1
    hostq = [[] for _ in range(V)]
    used = [0] * V
    fifo = [[] for _ in range(V)]
    busy_head = [False] * V
    state = {'link': False, 'cur': 0, 'left': w[0]}
    host_waits = [[] for _ in range(V)]
    fifo_sum = [0.0] * V
    fifo_n = [0] * V
    warm = N // 10
    done = 0

    def try_head(now, v):
        nonlocal seq
        if busy_head[v] or not fifo[v]:
            return
        arr = fifo[v].pop(0)
        busy_head[v] = True
        b = gamma(rng, bm[v], b2[v])
        heapq.heappush(ev, (now + b + 1.0, 2, seq, v, now - arr)); seq += 1

    def try_link(now):
        nonlocal seq
        if state['link']:
            return
        order = [state['cur']] + [(state['cur'] + k) % V for k in range(1, V + 1)]
        for k, v in enumerate(order):
            ok = hostq[v] and used[v] < B
            if k == 0 and not (ok and state['left'] > 0):
                continue
            if k > 0:
                if not ok:
                    continue
                state['cur'] = v; state['left'] = w[v]
            a = hostq[v].pop(0)
            used[v] += 1; state['left'] -= 1; state['link'] = True
            heapq.heappush(ev, (now + 1.0, 1, seq, v)); seq += 1
            fifo[v].append(now)
            host_waits[v].append(now - a)
            try_head(now, v)
            return

    while ev and done < N:
        e = heapq.heappop(ev)
        now, kind, v = e[0], e[1], e[3]
        if kind == 0:
            hostq[v].append(now)
            heapq.heappush(ev, (now + rng.expovariate(lam[v]), 0, seq, v)); seq += 1
            try_link(now)
        elif kind == 1:
            state['link'] = False
            try_link(now)
        else:
            busy_head[v] = False; used[v] -= 1; done += 1
            if done > warm:
                fifo_sum[v] += e[4]; fifo_n[v] += 1
            try_head(now, v); try_link(now)
    out = []
    for v in range(V):
        h = host_waits[v][len(host_waits[v]) // 10:]
        out.append((sum(h) / len(h) if h else float('nan'), fifo_sum[v] / fifo_n[v] if fifo_n[v] else float('nan')))
    return out

T975 = [float('nan'), float('nan'), 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262]

def forms(l, lo, bm, b2, host_wait):
    """main's and try 317's host + FIFO for VL arrivals l, the other VLs' link load lo, head moments and host wait (x = 1)."""
    S = 1 + bm; S2 = b2 + 2 * bm + 1; rho = l * S
    W = l * S2 / (2 * (1 - rho))            # M/G/1 (Poisson into the host's send queue), service S
    alone = l / (2 * (1 - l))               # the link's own M/D/1 wait
    I = max(0.0, host_wait - alone)
    f0 = W + (1 - rho) * I
    mI = I / max(1e-9, min(1.0, lo)); mD = max(1e-12, W - alone) / rho
    f3 = W + I * ((1 - rho) + rho * mI / (mI + mD)) if I > 0 else W
    return f0, f3

if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    fl = lambda s: [float(z) for z in s.split(',')]
    ap.add_argument('--lam', type=fl, default=[0.3, 0.3])
    ap.add_argument('--b', type=fl, default=[1.139, 0.698])
    ap.add_argument('--b2', type=fl, default=[3.754, 0.83])
    ap.add_argument('--weights', type=lambda s: [int(z) for z in s.split(',')], default=[1, 3])
    ap.add_argument('--slots', type=int, default=4)
    ap.add_argument('--packets', type=int, default=200000)
    ap.add_argument('--seeds', type=lambda s: [int(z) for z in s.split(',')], default=[1, 2, 3, 4, 5])
    a = ap.parse_args()
    runs = [run(a.lam, a.weights, a.slots, a.b, a.b2, a.packets, s) for s in a.seeds]
    inf = [run(a.lam, a.weights, 10 ** 9, a.b, a.b2, a.packets, s) for s in a.seeds]
    n = len(a.seeds)
    hw = lambda xs: T975[n] * statistics.stdev(xs) / math.sqrt(n) if n > 1 else float('nan')
    for v in range(len(a.lam)):
        host = [r[v][0] for r in runs]; fifo = [r[v][1] for r in runs]; tot = [r[v][0] + r[v][1] for r in runs]
        host_inf = statistics.mean(r[v][0] for r in inf)
        lo = sum(a.lam[w] for w in range(len(a.lam)) if w != v)
        f0, f3 = forms(a.lam[v], lo, a.b[v], a.b2[v], host_inf)
        print(f'VL{v}: host {statistics.mean(host):.3f} ± {hw(host):.3f}  FIFO {statistics.mean(fifo):.3f} ± {hw(fifo):.3f}  '
              f'sum {statistics.mean(tot):.3f} ± {hw(tot):.3f}  (B = ∞: host {host_inf:.3f}, sum {statistics.mean(r[v][0] + r[v][1] for r in inf):.3f})  '
              f'forms: main {f0:.3f}, try 317 {f3:.3f}')
