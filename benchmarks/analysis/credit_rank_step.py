#!/usr/bin/env python3
"""Issue 35, the rank-structured step of cyclic reduction for the credit chain with an unbounded
upstream queue (docs/credit.md, "The geometric method"): is a one-level split accurate, and is
Gram-based QR (shifted CholeskyQR3) accurate enough for its recompressions?

Independent of the TypeScript code (numpy, plain cyclic reduction with LU solves, as
benchmarks/anchors/credit_cr_numpy.py). For each rate set at m = 512 it runs

1. the dense reduction (the reference L1, L2);
2. the same reduction with every iterate (N, N-hat, Dn, Up) cut after each step to the one-level
   split a rank-structured step would keep: the two dense 256 x 256 diagonal blocks, and each
   off-diagonal block truncated to its singular values above tol * ||block||_2 — the accuracy a
   rank-structured step reaches with ideal recompressions; L1, L2 against 1.;
3. the recompressions themselves as a one-level step does them: for the product C = L.R of two
   split matrices, C12 = L11 R12 + L12 R22 = [L11 Ur | Ul] [Vr | R22^T Vl]^T, a factor pair of
   rank r_L + r_R that is recompressed by QR of both factors and an SVD of the small core. With
   shifted CholeskyQR3 (Fukaya, Kannan, Nakatsukasa, Yamamoto, Yanagisawa 2020) in place of
   Householder QR: the loss of orthogonality ||Q^T Q - I||, the backward error ||A - QR|| / ||A||
   and the error of the recompressed block against the SVD truncation, for the four products of
   every step; and, for comparison, with Householder QR (numpy.linalg.qr).

    python3 benchmarks/analysis/credit_rank_step.py
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "anchors"))
from credit_cr_numpy import blocks, queue_lengths as metrics  # noqa: E402

EPS = np.finfo(float).eps


def truncate(block, tol):
    u, s, vt = np.linalg.svd(block, full_matrices=False)
    k = int((s > tol * s[0]).sum()) if s[0] > 0 else 0
    return (u[:, :k] * s[:k]) @ vt[:k], k


def split(mat, tol):
    """The one-level split of mat: off-diagonal blocks truncated; returns it and their ranks."""
    h = mat.shape[0] // 2
    out = mat.copy()
    out[:h, h:], k12 = truncate(mat[:h, h:], tol)
    out[h:, :h], k21 = truncate(mat[h:, :h], tol)
    return out, max(k12, k21)


def reduction(lam, mu1, mu2, m, tol=None):
    """Cyclic reduction for G; with tol, every iterate split after each step. Returns G, ranks."""
    a0, a1, a2, _ = blocks(lam, mu1, mu2, m)
    up, n, dn, nh = a0.copy(), -a1.copy(), a2.copy(), -a1.copy()
    ranks = []
    it = 0
    while np.abs(up).max() > 1e-20 * (lam + mu1 + mu2) and it < 60:
        x = np.linalg.solve(n, dn)
        y = np.linalg.solve(n, up)
        upx = up @ x
        n = n - dn @ y - upx
        nh = nh - upx
        dn, up = dn @ x, up @ y
        if tol is not None:
            step = []
            for name in ("n", "nh", "dn", "up"):
                val, k = split(locals()[name], tol)
                step.append(k)
                if name == "n":
                    n = val
                elif name == "nh":
                    nh = val
                elif name == "dn":
                    dn = val
                else:
                    up = val
            ranks.append(max(step))
        it += 1
    return np.linalg.solve(nh, a2), ranks, it


def shifted_pass(a):
    """One CholeskyQR pass on A^T A + s I, s = 11 (mn + n(n+1)) u ||A||^2 (never breaks down)."""
    m, n = a.shape
    shift = 11 * (m * n + n * (n + 1)) * EPS * np.linalg.norm(a, 2) ** 2
    r = np.linalg.cholesky(a.T @ a + shift * np.eye(n)).T
    return np.linalg.solve(r.T, a.T).T, r


def scholqr3(a):
    """Shifted CholeskyQR3: a shifted pass, then CholeskyQR2 (unshifted): may break down."""
    q, r = shifted_pass(a)
    for _ in range(2):
        rk = np.linalg.cholesky(q.T @ q).T
        q = np.linalg.solve(rk.T, q.T).T
        r = rk @ r
    return q, r


def scholqr3_all_shifted(a):
    """Three shifted passes: never breaks down, for factors of deficient rank."""
    q, r = shifted_pass(a)
    for _ in range(2):
        q, rk = shifted_pass(q)
        r = rk @ r
    return q, r


def recompress_factors(ua, vb, tol, qr):
    """Recompress A.B^T (A = ua, B = vb) to its singular values above tol * largest."""
    qa, ra = qr(ua)
    qb, rb = qr(vb)
    u, s, vt = np.linalg.svd(ra @ rb.T)
    k = int((s > tol * s[0]).sum())
    return (qa @ (u[:, :k] * s[:k])) @ (qb @ vt[:k].T).T, k, qa


def factors(mat, tol):
    """A factor pair (U, V) of the truncated upper off-diagonal block of mat."""
    h = mat.shape[0] // 2
    u, s, vt = np.linalg.svd(mat[:h, h:], full_matrices=False)
    k = int((s > tol * s[0]).sum())
    return u[:, :k] * s[:k], vt[:k].T


def gram_check(lam, mu1, mu2, m, tol, qr):
    """Per step: the worst figures of `qr` over the four products' upper-block recompressions."""
    a0, a1, a2, _ = blocks(lam, mu1, mu2, m)
    up, n, dn = a0.copy(), -a1.copy(), a2.copy()
    h = (m + 1) // 2
    print("  step  rank in  rank out  ||QtQ-I||  ||A-QR||/||A||  ||C12 - SVD trunc||/||C12||  breakdowns")
    step = 0
    while np.abs(up).max() > 1e-20 * (lam + mu1 + mu2) and step < 60:
        x = np.linalg.solve(n, dn)
        y = np.linalg.solve(n, up)
        worst = [0, 0, 0.0, 0.0, 0.0]
        breakdowns = 0
        for left, right in ((dn, x), (dn, y), (up, x), (up, y)):
            ul, vl = factors(left, tol)
            ur, vr = factors(right, tol)
            fa = np.hstack([left[:h, :h] @ ur, ul])
            fb = np.hstack([vr, right[h:, h:].T @ vl])
            if fa.shape[1] == 0 or not np.any(fa) or not np.any(fb):
                continue
            c12 = fa @ fb.T
            try:
                approx, k, qa = recompress_factors(fa, fb, tol, qr)
                _, ra = qr(fa)
            except np.linalg.LinAlgError:
                breakdowns += 1
                continue
            ref, _ = truncate(c12, tol)
            nc = np.linalg.norm(c12, 2)
            worst[0] = max(worst[0], fa.shape[1])
            worst[1] = max(worst[1], k)
            worst[2] = max(worst[2], np.linalg.norm(qa.T @ qa - np.eye(qa.shape[1]), 2))
            worst[3] = max(worst[3], np.linalg.norm(fa - qa @ ra, 2) / np.linalg.norm(fa, 2))
            worst[4] = max(worst[4], np.linalg.norm(approx - ref, 2) / nc if nc > 0 else 0)
        print(f"  {step:4d}  {worst[0]:7d}  {worst[1]:8d}  {worst[2]:9.1e}  {worst[3]:14.1e}  {worst[4]:27.1e}  {breakdowns:10d}")
        n = n - dn @ y - up @ x
        dn, up = dn @ x, up @ y
        step += 1


def main():
    m = 512
    for lam, mu1, mu2 in ((5.0, 6.0, 8.0), (5.5, 6.0, 6.0)):
        print(f"lambda = {lam}, mu1 = {mu1}, mu2 = {mu2}, m = {m}")
        a0, a1, a2, b0 = blocks(lam, mu1, mu2, m)
        g, _, it = reduction(lam, mu1, mu2, m)
        l1, l2 = metrics(lam, a1, b0, g)
        print(f"  dense: {it} steps, L1 = {l1!r}, L2 = {l2!r}")
        for tol in (1e-16, 1e-14, 1e-12):
            gs, ranks, its = reduction(lam, mu1, mu2, m, tol)
            s1, s2 = metrics(lam, a1, b0, gs)
            print(f"  split, tol {tol:.0e}: {its} steps, largest off-diagonal rank per step {ranks}, "
                  f"L1 rel. diff {abs(s1 - l1) / l1:.1e}, L2 rel. diff {abs(s2 - l2) / l2:.1e}")
        print("  recompressions of the four products (upper blocks), shifted CholeskyQR3, tol 1e-16:")
        gram_check(lam, mu1, mu2, m, 1e-16, scholqr3)
        print("  the same with all three CholeskyQR passes shifted:")
        gram_check(lam, mu1, mu2, m, 1e-16, scholqr3_all_shifted)
        print("  the same with Householder QR (LAPACK, numpy.linalg.qr):")
        gram_check(lam, mu1, mu2, m, 1e-16, np.linalg.qr)


if __name__ == "__main__":
    main()
