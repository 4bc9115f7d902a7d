"""The send queue of one host alone, as the reference's 2-SL bit complement loads it (issue 31; docs/fabric-model.md
measurement 177): two Poisson flows of ρ/2 packets per packet time each, one server of one packet per packet time,
weighted round robin 1 (SL 0) : 3 (SL 1) packets (the low VLArb table's 32 : 96 in 64-byte units), work-conserving.
Per flow, over a window of W packet times after a warm-up of W/4 (make.ts's window at W packets per host):
deficit = offered − delivered packets in the window; ratio = delivered ÷ offered. For N hosts (2N flows), the
least flow's ratio and the largest deficit, median over R independent sets of hosts: how the former rule's
"least flow < 0.95" depends on N and W where no queue grows (ρ < 1: the queue is stable).

Run: python3 benchmarks/fabric-model-host-queue.py  (standard library only; seeds fixed; a few minutes)
"""
import random
import statistics


def host(rho, window, rng):
    warm, end = window / 4, window / 4 + window
    arrivals = []
    for flow in (0, 1):
        t = rng.expovariate(rho / 2)
        while t <= end:
            arrivals.append((t, flow))
            t += rng.expovariate(rho / 2)
    arrivals.sort()
    offered = [0, 0]
    for t, flow in arrivals:
        if warm <= t < end:
            offered[flow] += 1
    delivered = [0, 0]
    queued = [0, 0]
    weight = (1, 3)
    current, left = 1, 3
    now, i, n = 0.0, 0, len(arrivals)
    while True:
        while i < n and arrivals[i][0] <= now:
            queued[arrivals[i][1]] += 1
            i += 1
        if queued[0] == 0 and queued[1] == 0:
            if i >= n:
                break
            now = arrivals[i][0]
            continue
        if queued[current] == 0 or left == 0:
            current = 1 - current
            left = weight[current]
            if queued[current] == 0:
                current = 1 - current
                left = weight[current]
        queued[current] -= 1
        left -= 1
        now += 1.0
        if now > end:
            break
        if now >= warm:
            delivered[current] += 1
    return [(offered[f] - delivered[f], offered[f]) for f in (0, 1)]


def main():
    print("| ρ | hosts | window (packets per host) | sets | least flow's ratio, median (min–max) | largest deficit, median | sets with least < 0.95 |")
    print("|---|---|---|---|---|---|---|")
    for rho in (0.96, 0.98):
        for hosts, window, sets in ((16, 2000, 20), (64, 2000, 20), (512, 2000, 5), (64, 8000, 5), (512, 8000, 2)):
            least, largest, below = [], [], 0
            for s in range(sets):
                rng = random.Random(1_000_003 * s + int(rho * 1000) + 7919 * hosts + window)
                flows = [f for _ in range(hosts) for f in host(rho, window, rng)]
                r = min(1 - d / o for d, o in flows)
                least.append(r)
                largest.append(max(d for d, _ in flows))
                below += r < 0.95
            print(f"| {rho} | {hosts} | {window} | {sets} | {statistics.median(least):.4f} ({min(least):.4f}–{max(least):.4f}) | {statistics.median(largest):.0f} | {below} of {sets} |")


main()
