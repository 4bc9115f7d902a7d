"""
Same-link pairs at a switch output, in continuous time (docs/fabric-model.md, method change 19 (H31m)).

An output of fixed transmission time 1 is fed by links of the same rate; link i carries the departures
of its own M/D/1 queue (Poisson arrivals of rate λ·s_i, transmission 1), so its packets are spaced by at
least one transmission, and the links are not synchronised. The output serves first come, first served.
Printed per case: the simulated mean wait, the M/D/1 wait W of the merged rate, Karol, Hluchyj and
Morgan's slotted form W·(1 − Σ s_i²), session 11's continuous-time form W − Σ s_i²·min(W, ρ), and the
form of models.md §13.4 since change 29 (H31p), W(ρ) − Σ s_i·W(ρ s_i) (the merge's M/D/1 wait less each
link's own; the test's reference is test/fixtures/floor/make_spacing_reference.py).

    python3 benchmarks/fabric-model-spacing.py      (numpy; a few seconds)
"""
import numpy as np

rng = np.random.default_rng(7)


def departures(rate, n):
    """Departure times of an M/D/1 queue (transmission 1) fed by n Poisson arrivals of `rate`."""
    arrivals = np.cumsum(rng.exponential(1 / rate, n))
    out = np.empty(n)
    free = -1e18
    for k in range(n):
        free = max(arrivals[k], free) + 1
        out[k] = free
    return out


def output_wait(shares, rho, n=150000):
    streams = [departures(rho * s, max(2000, int(n * s))) for s in shares]
    end = min(d[-1] for d in streams)
    t = np.sort(np.concatenate(streams))
    t = t[t < end]
    wait = np.empty(len(t))
    free = -1e18
    for k, a in enumerate(t):
        start = max(a, free)
        wait[k] = start - a
        free = start + 1
    return wait[len(t) // 10:].mean()


print('shares | rho | simulated | M/D/1 W | slotted W(1 - sum s^2) | W - sum s^2 min(W, rho) | W(rho) - sum s W(rho s)')
for shares, rho in (([0.5, 0.5], 0.5), ([0.5, 0.5], 0.87), ([0.8] + [0.2 / 3] * 3, 0.35), ([0.8] + [0.2 / 3] * 3, 0.5),
                    ([0.8] + [0.2 / 3] * 3, 0.7), ([0.8] + [0.2 / 3] * 3, 0.85), ([1 / 7] * 7, 0.5), ([1 / 7] * 7, 0.87),
                    ([0.25] * 4, 0.7), ([0.6, 0.4], 0.8), ([0.9, 0.1], 0.5), ([6 / 7, 1 / 7], 0.89)):
    w = rho / (2 * (1 - rho))
    s2 = sum(s * s for s in shares)
    label = ' '.join(f'{s:.3f}' for s in shares)
    own = sum(s * (rho * s) / (2 * (1 - rho * s)) for s in shares)
    print(f'{label} | {rho} | {output_wait(shares, rho):.3f} | {w:.3f} | {w * (1 - s2):.3f} | {w - s2 * min(w, rho):.3f} | {w - own:.3f}')
