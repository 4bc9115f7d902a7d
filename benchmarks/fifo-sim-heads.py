"""The tandem FIFO formula fed with the simulator's own heads timed from ready (H31c, session 14;
docs/fabric-model.md change 95). Inputs: benchmarks/sim-ready-heads.ts's classes (in transmissions x,
one replication): the fresh heads whose port was free (the first of a busy period of the tandem's queue
of service S = x + H) and the rest (fresh heads whose port was still busy with the predecessor, and
successors), and their mix. Outputs, per case: the time from a packet's arrival at its host to its
start at the switch, W_q + H (the send queue plus the buffer: what the flow's latency holds of them),
by Pollaczek-Khinchine with the mix (the model's form: one H for every head), by a Lindley recursion
with the mix (P-K's check) and by the recursion with the first of each busy period served apart
(Welch's exceptional first service), beside the simulator's measured sum. Poisson arrivals at λ per x,
heads as gamma laws with the measured two moments, independent.

Run: python3 benchmarks/fifo-sim-heads.py  (numpy, seed 1, 400,000 packets per case; about a minute)
"""
import numpy as np

rng = np.random.default_rng(1)
N = 400_000


def gamma(mean, m2, n):
    var = m2 - mean * mean
    return rng.gamma(mean * mean / var, var / mean, n) if var > 1e-12 else np.full(n, mean)


def recursion(lam, f1, f2, s1, s2):
    """Mean time from arrival to start: y_n = max(e_n, c_{n-1}) + H_n, c_n = y_n + x (x = 1); H_n from F for the first of a busy period, else from S."""
    e = np.cumsum(rng.exponential(1 / lam, N))
    f = gamma(f1, f2, N)
    s = gamma(s1, s2, N)
    c = -1e18
    total = 0.0
    for i in range(N):
        y = e[i] + f[i] if e[i] >= c else c + s[i]
        c = y + 1.0
        total += y - e[i]
    return total / N


def pollaczek(lam, h, h2):
    """W_q + H for service S = 1 + H (P-K)."""
    s1 = 1 + h
    s2 = 1 + 2 * h + h2
    return lam * s2 / (2 * (1 - lam * s1)) + h


# case, λ (per x), first (H, E[H²]), the rest (H, E[H²]), the mix (H, E[H²]), the simulator's send queue + buffer (x)
CASES = [
    ("4ary2tree-uniform-1sl 90 %, host>s0, buffers of 64 packets", 0.633, (0.404, 0.563), (0.3015, 0.339), (0.325, 0.391), 0.851 + 3.030),
    ("4ary2tree-uniform-1sl 90 %, host>s0, buffers of 4 packets", 0.633, (0.408, 0.583), (0.318, 0.380), (0.337, 0.423), 1.926 + 2.312),
    ("switch8-1sl at 0.6, buffers of 4 packets", 0.6, (0.730, 1.518), (0.541, 0.894), (0.554, 0.941), 9.994 + 4.134),
]
for name, lam, first, rest, mix, measured in CASES:
    print(f"{name}: simulator {measured:.3f}; P-K with the mix {pollaczek(lam, *mix):.3f}; recursion with the mix {recursion(lam, *mix, *mix):.3f}; Welch (first apart) {recursion(lam, *first, *rest):.3f}")
