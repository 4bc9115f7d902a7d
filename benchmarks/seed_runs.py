"""Shared by the -ci.py aids that pool per-seed JSON runs (sim-merge-turns-ci.py, sim-wrap-head-ci.py,
sim-wrap-head-moments.py): the runs grouped by load, and a mean with its 95 % t half-width over the seeds."""
import json
import math
from collections import defaultdict

# Student's t quantile 0.975 by degrees of freedom (2.0 beyond the table).
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}


def runs_by_load(paths):
    """Each file's one JSON object (empty files skipped), grouped by its 'load'."""
    runs = defaultdict(list)
    for path in paths:
        text = open(path).read().strip()
        if text:
            d = json.loads(text)
            runs[d['load']].append(d)
    return runs


def mean_half_width(v):
    """(mean, t_{n-1,0.975}·s/√n) of v; the half-width is NaN for one value."""
    n = len(v)
    m = sum(v) / n
    hw = T975.get(n - 1, 2.0) * math.sqrt(sum((z - m) ** 2 for z in v) / (n - 1)) / math.sqrt(n) if n > 1 else float('nan')
    return m, hw
