#!/usr/bin/env python3
"""Structure measurements behind docs/credit.md, "The geometric method" (why the (inf, 512) target
of issue 2 is not met): for the credit chain with an unbounded upstream queue at m = 512, the
thesis's rates (lambda = 5, mu1 = 6, mu2 = 8) and the heavy set (5.5, 6, 6).

Independent of the TypeScript code (numpy, plain cyclic reduction with LU solves). Prints, per
doubling step of cyclic reduction, the largest entry of the up-block and the numerical ranks
(singular values above 1e-16 times the largest) of the up- and down-blocks; the largest moduli of
the eigenvalues of R and G; and the numerical rank of G minus the Toeplitz matrix of its central
row and column (is G "Toeplitz plus low rank"?).

    python3 benchmarks/analysis/credit_geometric_structure.py
"""
import os
import sys

import numpy as np
from scipy.linalg import toeplitz

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "anchors"))
from credit_cr_numpy import blocks  # noqa: E402


def rank(a, rel=1e-16):
    s = np.linalg.svd(a, compute_uv=False)
    return int((s > rel * s[0]).sum()) if s[0] > 0 else 0


def analyse(lam, mu1, mu2, m):
    a0, a1, a2, _ = blocks(lam, mu1, mu2, m)
    dn, up, n, nh = a2.copy(), a0.copy(), -a1.copy(), -a1.copy()
    print(f"lambda = {lam}, mu1 = {mu1}, mu2 = {mu2}, m = {m}")
    print("  step  max|Up|   rank Up  rank Dn")
    k = 0
    while np.abs(up).max() > 1e-19 and k < 60:
        print(f"  {k:4d}  {np.abs(up).max():8.1e}  {rank(up):7d}  {rank(dn):7d}")
        x = np.linalg.solve(n, dn)
        y = np.linalg.solve(n, up)
        n = n - dn @ y - up @ x
        nh = nh - up @ x
        dn, up = dn @ x, up @ y
        k += 1
    g = np.linalg.solve(nh, a2)
    r = lam * np.linalg.inv(-a1 - lam * g)
    er = np.sort(np.abs(np.linalg.eigvals(r)))[::-1]
    eg = np.sort(np.abs(np.linalg.eigvals(g)))[::-1]
    print("  |eig R|, largest:", " ".join(f"{v:.6f}" for v in er[:6]))
    print("  |eig G|, largest:", " ".join(f"{v:.6f}" for v in eg[:6]))
    b = m + 1
    mid = b // 2
    col = np.array([g[mid + i, mid] if mid + i < b else 0 for i in range(b)])
    row = np.array([g[mid, mid + j] if mid + j < b else 0 for j in range(b)])
    print("  rank(G - Toeplitz of its central row and column):", rank(g - toeplitz(col, row), 1e-12))


if __name__ == "__main__":
    analyse(5.0, 6.0, 8.0, 512)
    analyse(5.5, 6.0, 6.0, 512)
