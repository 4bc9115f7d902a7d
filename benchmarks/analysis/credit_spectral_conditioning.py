#!/usr/bin/env python3
"""Why spectral expansion was not landed for issue 22 (docs/credit.md, "Spectral expansion"):
for the credit chain with n = inf, the m + 1 roots of det(A0 + z A1 + z^2 A2) in the unit disk
(A0 = lam I up, A2 = mu1 shift down; docs/models.md §6.1) from a dense generalised eigen-solve of
the linearisation (the most accurate double-precision route available, O(m^3) and so no faster),
their left null vectors, and the boundary solve sum_k c_k psi_k (B0 + z_k A2) = 0. Prints the
smallest and largest root, the condition number of the rank-m boundary matrix (columns scaled to
unit norm, largest over second-smallest singular value) and the relative error of L1 and L2 against plain cyclic reduction (credit_cr_numpy.py).

    python3 benchmarks/analysis/credit_spectral_conditioning.py
"""
import os
import sys

import numpy as np
from scipy.linalg import eig, null_space

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "anchors"))
from credit_cr_numpy import blocks, solve as cr_solve  # noqa: E402


def spectral(lam, mu1, mu2, m):
    b = m + 1
    a0, a1, a2, b0 = blocks(lam, mu1, mu2, m)
    # left eigenproblem psi (A0 + z A1 + z^2 A2) = 0 <=> (A0^T + z A1^T + z^2 A2^T) psi^T = 0,
    # companion linearisation [[0, I], [-A0^T, -A1^T]] v = z [[I, 0], [0, A2^T]] v
    zero, one = np.zeros((b, b)), np.eye(b)
    big_a = np.block([[zero, one], [-a0.T, -a1.T]])
    big_b = np.block([[one, zero], [zero, a2.T]])
    w, v = eig(big_a, big_b)
    finite = np.isfinite(w)
    w, v = w[finite], v[:, finite]
    inside = np.abs(w) < 1 - 1e-12
    z = w[inside]
    psi = v[:b, inside]
    # columns: (psi_k^T (B0 + z_k A2))^T
    cols = np.stack([(psi[:, k] @ (b0 + z[k] * a2)) for k in range(len(z))], axis=1)
    cols /= np.linalg.norm(cols, axis=0)
    sv = np.linalg.svd(cols, compute_uv=False)
    cond = sv[0] / sv[-2]  # the boundary matrix has rank m: its condition on the complement of c
    ns = null_space(cols, rcond=1e-13)
    c = ns[:, 0] if ns.shape[1] else np.linalg.svd(cols)[2][-1].conj()
    # rescale c back to the unscaled columns is not needed for a null vector direction only up to
    # the column scaling: recompute with the unscaled basis
    norms = np.linalg.norm(np.stack([(psi[:, k] @ (b0 + z[k] * a2)) for k in range(len(z))], axis=1), axis=0)
    c = c / norms
    tot = (psi * (c / (1 - z))).sum(axis=1)
    mom = (psi * (c * z / (1 - z) ** 2)).sum(axis=1)
    mass = tot.sum()
    l1 = (mom.sum() / mass).real
    l2 = ((tot * np.arange(b)).sum() / mass).real
    return len(z), np.abs(z).min(), np.abs(z).max(), cond, l1, l2


def main():
    print("rates (lam, mu1, mu2) | m | roots inside | min|z| | max|z| | cond(boundary) | rel.err L1 | rel.err L2")
    for lam, mu1, mu2 in ((5, 6, 8), (5.5, 6, 6), (5.9, 8, 6)):
        for m in (16, 32, 64, 128, 256):
            n_in, zmin, zmax, cond, l1, l2 = spectral(lam, mu1, mu2, m)
            r1, r2, _ = cr_solve(lam, mu1, mu2, m)
            print(f"({lam}, {mu1}, {mu2}) | {m} | {n_in} | {zmin:.3f} | {zmax:.6f} | {cond:.1e} | "
                  f"{abs(l1 - r1) / r1:.1e} | {abs(l2 - r2) / r2:.1e}", flush=True)


if __name__ == "__main__":
    main()
