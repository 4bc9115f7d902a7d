"""H46d (issue 31, entry 520): pools sim-port-load.ts runs (one file per seed) of one load: per picked port its
utilization and credit-stall fraction, per picked buffer its mean occupancy (packets), as mean ± t(n-1, 0.975)·s/√n.

    python3 benchmarks/sim-port-load-ci.py FILE...
"""
import math
import re
import statistics
import sys

T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def ci(v):
    if len(v) < 2:
        return f"{v[0]:.3f}"
    return f"{statistics.mean(v):.3f} ± {T975.get(len(v) - 1, 2.0) * statistics.stdev(v) / math.sqrt(len(v)):.3f}"


ports, bufs, load = {}, {}, None
for path in sys.argv[1:]:
    for line in open(path):
        if line.startswith('load '):
            load = line.split()[1]
        elif line.startswith('picked ports'):
            for m in re.finditer(r'(\S+) ([\d.]+) ([\d.]+)(?: \||$)', line.split(':', 1)[1]):
                ports.setdefault(m.group(1), ([], []))
                ports[m.group(1)][0].append(float(m.group(2)))
                ports[m.group(1)][1].append(float(m.group(3)))
        elif line.startswith('picked buffers'):
            for m in re.finditer(r'(\S+/\d) ([\d.]+)', line.split(':', 1)[1]):
                bufs.setdefault(m.group(1), []).append(float(m.group(2)))
print(f"load {load}, {len(sys.argv) - 1} runs")
for p, (u, c) in ports.items():
    print(f"  port {p}: utilization {ci(u)}, credit stall {ci(c)}")
for b, v in bufs.items():
    print(f"  buffer {b}: mean occupancy {ci(v)}")
