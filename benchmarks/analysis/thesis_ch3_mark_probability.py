#!/usr/bin/env python3
"""What the thesis's Tables 3.2-3.3 say about how often each class was marked (docs/fabric.md,
"Thesis Tables 3.2 and 3.3, cell by cell").

A source whose gap between packets is long against the round trip (one packet per rate decision)
changes its rate once per packet: f_dec on a marked ACK, f_inc on an unmarked one. If each ACK is
marked with probability p, independently, the time-average of its rate is 1 / E_packet[1/r] (each
packet holds the rate for 1/r). Both laws then average about R_min / p: the time a flow sits at R_min
after a mark (256 or 128 packet times) outweighs everything else. This script simulates that chain
(common random numbers, so the average falls as p rises) and, for each thesis cell, finds the p
that gives the cell's average, for two readings of R_max: the 2.5 Gb/s link in 64-byte blocks
(4 882 812.5/s, the scenario's reading) and the 2 Gb/s data rate of a 1x SDR link (3 906 250/s).

Independent of the TypeScript code (plain Python, the thesis's equations 3.6, 3.10, 3.11, 3.12).

    python3 benchmarks/analysis/thesis_ch3_mark_probability.py
"""
import math
import random

N = 100_000
_RNG = random.Random(1)
U = [_RNG.random() for _ in range(N)]

THESIS = {  # (table, cell, law, R_min divisor, average injection rate)
    ("3.2", "A r1"): ("pipd", 256, 47234.08637836817),
    ("3.2", "A r2"): ("pipd", 128, 149789.83324444026),
    ("3.2", "B r1"): ("pipd", 256, 76440.10564262095),
    ("3.2", "B r2"): ("pipd", 128, 259756.99827139667),
    ("3.3", "A r1"): ("fimd", 256, 18537.107824746185),
    ("3.3", "A r2"): ("pipd", 128, 118861.56808060875),
    ("3.3", "B r1"): ("fimd", 256, 20147.849538670973),
    ("3.3", "B r2"): ("pipd", 128, 194463.99403664135),
}


def average(law, p, r_min, r_max):
    """Time-average rate / R_min of the one-packet-per-decision chain with mark probability p."""
    r, inv = r_min, 0.0
    for u in U:
        inv += 1.0 / r
        if u < p:
            r = max(r / 4, r_min) if law == "fimd" else max(r ** 0.25, r_min)
        elif law == "fimd":
            r = min(r * 4 ** (r_min / r), r_max)
        else:  # PIPD, in logs: r^(4^(R_min/r)) overflows a double
            r = math.exp(min(math.log(r) * 4 ** (r_min / r), math.log(r_max)))
    return N / inv / r_min


def implied_p(law, ratio, r_min, r_max):
    if ratio <= 1.0:
        return None  # a time-average of a rate that never goes below R_min cannot be below it
    lo, hi = 0.0, 1.0
    for _ in range(20):
        mid = (lo + hi) / 2
        if average(law, mid, r_min, r_max) > ratio:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


if __name__ == "__main__":
    print("p -> time-average / R_min (FIMD, PIPD low, PIPD high; R_max = 4 882 812.5)")
    for p in (0.1, 0.2, 0.3, 0.5, 0.7, 0.9):
        rm = 4882812.5
        print(f"  p = {p:.1f}: {average('fimd', p, rm / 256, rm):5.2f} {average('pipd', p, rm / 256, rm):5.2f} {average('pipd', p, rm / 128, rm):5.2f}")
    print("| table | cell | law | average | ÷ R_min, p implied (2.5 Gb/s in 64-byte blocks) | ÷ R_min, p implied (2 Gb/s data) |")
    print("|---|---|---|---|---|---|")
    for (table, cell), (law, div, avg) in THESIS.items():
        cols = []
        for r_max in (2.5e9 / 8 / 64, 2.0e9 / 8 / 64):
            r_min = r_max / div
            p = implied_p(law, avg / r_min, r_min, r_max)
            cols.append(f"{avg / r_min:.2f}, " + ("none (below R_min)" if p is None else f"p = {p:.2f}"))
        print(f"| {table} | {cell} | {law.upper()} | {avg:,.0f} | {cols[0]} | {cols[1]} |".replace(",", " ").replace("  ", ", "))
