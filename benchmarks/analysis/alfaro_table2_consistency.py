#!/usr/bin/env python3
"""Arithmetic on Alfaro et al.'s own Table 2 (seed alfaro-packet-size-qos-arbitration-tables.txt,
§4.3): which readings of its "utilization" and "reservation" its numbers allow.
Exact decimal arithmetic (fractions) on the table's printed values; no simulation.
Run: python3 benchmarks/analysis/alfaro_table2_consistency.py   (the output is quoted in docs/alfaro.md).
"""
from fractions import Fraction as F

LINK = F(2500)          # Mb/s, §4.1
CAP = LINK * F(8, 10)   # 80 % may be reserved, §4.2
# size: (host util %, switch util %, host reservation Mb/s, switch reservation Mb/s, connections)
T2 = {
    256: (F('72.58'), F('73.48'), F('1848.67'), F('1871.75'), 111813),
    1024: (F('74.32'), F('75.50'), F('1867.80'), F('1897.58'), 113233),
    2048: (F('75.07'), F('75.04'), F('1882.44'), F('1881.69'), 115779),
    4096: (F('76.07'), F('75.13'), F('1905.32'), F('1881.63'), 118938),
}
HALF = F(5, 1000)  # the utilisations are printed to 0.01 %: each is within ±0.005 % of the true value


def f(x, d=5):
    return f"{float(x):.{d}f}"


print("1. reservation / (utilisation x link rate), host and switch ports, with the rounding interval")
for s, (uh, us, rh, rs, n) in T2.items():
    qh, qs = rh / (uh / 100 * LINK), rs / (us / 100 * LINK)
    lo_h, hi_h = rh / ((uh + HALF) / 100 * LINK), rh / ((uh - HALF) / 100 * LINK)
    lo_s, hi_s = rs / ((us + HALF) / 100 * LINK), rs / ((us - HALF) / 100 * LINK)
    print(f"  {s:5d}: host {f(qh)} [{f(lo_h)}, {f(hi_h)}]  switch {f(qs)} [{f(lo_s)}, {f(hi_s)}]  "
          f"overlap: {max(lo_h, lo_s) <= min(hi_h, hi_s)}")

print("2. if reservation = wire and utilisation = payload, R/U = (S+h)/S: the h each size implies")
for s, (uh, us, rh, rs, n) in T2.items():
    print(f"  {s:5d}: host h = {f((rh / (uh / 100 * LINK) - 1) * s, 2)}  switch h = {f((rs / (us / 100 * LINK) - 1) * s, 2)}")

print("3. if reservations are payload: wire load with h = 26 and the largest h the 80 % cap allows ((2000/R - 1) S)")
for s, (uh, us, rh, rs, n) in T2.items():
    print(f"  {s:5d}: host {f(rh * (s + 26) / s, 1)}  switch {f(rs * (s + 26) / s, 1)}  (cap {CAP});"
          f"  largest h host {f((CAP / rh - 1) * s, 2)} switch {f((CAP / rs - 1) * s, 2)}")

print("4. if reservations are wire with h = 26: the payload they carry, % of the link")
for s, (uh, us, rh, rs, n) in T2.items():
    print(f"  {s:5d}: host {f(rh * s / (s + 26) / LINK * 100, 2)} %  switch {f(rs * s / (s + 26) / LINK * 100, 2)} %")

print("5. growth 256 -> 4096 bytes (ratios) and the mean reservation per connection (64 hosts, one host interface each)")
a, b = T2[256], T2[4096]
print(f"  connections {f(F(b[4], a[4]), 4)}  host reservation {f(b[2] / a[2], 4)}  host utilisation {f(b[0] / a[0], 4)}")
print(f"  payload under 'wire, h = 26': {f(b[2] / a[2] * F(282, 256) / F(4122, 4096), 4)}")
for s, (uh, us, rh, rs, n) in T2.items():
    print(f"  {s:5d}: 64 x {f(rh, 2)} / {n} = {f(64 * rh / n, 4)} Mb/s per connection")
