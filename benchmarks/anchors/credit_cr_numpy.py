#!/usr/bin/env python3
"""Anchor for benchmarks/credit-anchor.ts (issues 22, 35): plain cyclic reduction (Bini & Meini 1996)
in numpy + OpenBLAS for the credit chain with an unbounded upstream queue (docs/models.md
§6.1): levels i = upstream count, phases j = 0..m; up A0 = lam*I, local A1 (mu2: j -> j-1, minus the
diagonal), down A2 = mu1*(j -> j+1, j < m); level 0 has no forwarding.

Independent of the TypeScript code. G by cyclic reduction with LU solves, R = lam*(-A1 - lam*G)^-1,
pi0 from pi0*(B0 + lam*G) = 0, then L1 = pi0 R (I-R)^-2 e, L2 = pi0 (I-R)^-1 j, normalised.
Prints one JSON line: seconds (best of `repeats`, whole solve), L1, L2, iterations, BLAS info
(with python3-threadpoolctl: the OpenBLAS kernel actually running, e.g. "Zen" or "Haswell", and its
thread count).

    python3 benchmarks/anchors/credit_cr_numpy.py LAM MU1 MU2 M [REPEATS]

The BLAS thread count is the environment's (OPENBLAS_NUM_THREADS=1 for one thread; unset for
OpenBLAS's default, one per core). Needs python3-numpy (Debian); the benchmark installs it with
apt-get when missing.
"""
import json
import os
import sys
import time

import numpy as np  # noqa: E402


def blocks(lam, mu1, mu2, m):
    """A0 (up), A1 (local), A2 (down) and B0 (level 0's local block), (m+1) x (m+1) each."""
    b = m + 1
    a0 = lam * np.eye(b)
    a1 = np.zeros((b, b))
    a2 = np.zeros((b, b))
    for j in range(b):
        if j < m:
            a2[j, j + 1] = mu1
        if j >= 1:
            a1[j, j - 1] = mu2
        a1[j, j] = -(lam + (mu1 if j < m else 0) + (mu2 if j >= 1 else 0))
    b0 = a1 + np.diag([mu1 if j < m else 0.0 for j in range(b)])
    return a0, a1, a2, b0


def solve(lam, mu1, mu2, m):
    b = m + 1
    a0, a1, a2, b0 = blocks(lam, mu1, mu2, m)
    # cyclic reduction for G: A0 up, A2 down (Bini, Latouche & Meini 2005, alg. 7.1)
    up, loc, dn, hat = a0.copy(), a1.copy(), a2.copy(), a1.copy()
    it = 0
    while np.abs(up).max() > 1e-20 * (lam + mu1 + mu2) and it < 60:
        x = np.linalg.solve(-loc, np.hstack([dn, up]))
        xd, xu = x[:, :b], x[:, b:]
        upxd = up @ xd
        loc = loc + dn @ xu + upxd
        hat = hat + upxd
        dn = dn @ xd
        up = up @ xu
        it += 1
    g = np.linalg.solve(-hat, a2)
    l1, l2 = queue_lengths(lam, a1, b0, g)
    return l1, l2, it


def queue_lengths(lam, a1, b0, g):
    """L1, L2 from G: R = lam*(-A1 - lam*G)^-1, pi0 from pi0*(B0 + lam*G) = 0, then the level sums."""
    b = a1.shape[0]
    u = -a1 - lam * g
    r = lam * np.linalg.inv(u)
    c = b0 + lam * g
    # pi0 c = 0: replace one equation by normalisation pi0[0] = 1
    mat = c.T.copy()
    mat[0, :] = 0.0
    mat[0, 0] = 1.0
    rhs = np.zeros(b)
    rhs[0] = 1.0
    pi0 = np.linalg.solve(mat, rhs)
    imr = np.eye(b) - r
    s = np.linalg.solve(imr.T, pi0)  # pi0 (I-R)^-1
    mom = np.linalg.solve(imr.T, s - pi0)  # pi0 R (I-R)^-2
    mass = s.sum()
    return mom.sum() / mass, (s * np.arange(b)).sum() / mass


def main():
    lam, mu1, mu2 = (float(v) for v in sys.argv[1:4])
    m = int(sys.argv[4])
    repeats = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        l1, l2, it = solve(lam, mu1, mu2, m)
        best = min(best, time.perf_counter() - t0)
    blas = {}
    try:
        cfg = np.show_config(mode="dicts")
        blas = cfg.get("Build Dependencies", {}).get("blas", {})
    except Exception:  # numpy < 1.25: no dict form; Debian's 1.24 names its BLAS here
        info = getattr(np.__config__, "blas_opt_info", {}) or getattr(np.__config__, "openblas_info", {})
        libs = info.get("libraries", []) if isinstance(info, dict) else []
        blas = {"name": ",".join(libs) or "?"}
    try:  # the BLAS actually loaded (Debian picks it through update-alternatives)
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line.lower() and "/" in line}
        blas["name"] = "; ".join(sorted(paths)) or blas.get("name", "?")
    except OSError:
        pass
    kernel = "?"
    blas_threads = None
    try:  # Debian's python3-threadpoolctl: which OpenBLAS kernel runs, on how many threads
        from threadpoolctl import threadpool_info
        for pool in threadpool_info():
            if pool.get("user_api") == "blas":
                kernel = pool.get("architecture", "?")
                blas_threads = pool.get("num_threads")
    except ImportError:
        pass
    print(json.dumps({
        "seconds": best, "L1": l1, "L2": l2, "iterations": it,
        "numpy": np.__version__, "blas": blas.get("name", "?"),
        "kernel": kernel, "blasThreads": blas_threads,
        "coretype": os.environ.get("OPENBLAS_CORETYPE", "(unset)"),
        "threads": os.environ.get("OPENBLAS_NUM_THREADS"),
    }))


if __name__ == "__main__":
    main()
