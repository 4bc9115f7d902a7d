"""What a perfect-shuffle permutation can receive per node on the DRB study's networks, as a fluid
(docs/drb.md, "Why +29 % and not +35 %"), computed independently of the TypeScript code: linear
programs (scipy's HiGHS) and max-min fair progressive filling.

Network: W x H switches, one host each (host index y*W + x), links of 2500 Mb/s per direction,
switch (x, y) joined to its four neighbours (a torus wraps round). Perfect shuffle: node i sends to
its 1-bit left rotation; nodes 0 and n-1 are their own image and do not send. Every sender offers
the same load lam; the bound is the largest lam such that no switch-to-switch link carries more than
its rate (host links carry lam <= 2500 and never bind here).

Path sets, each a reading of what a DRB source may use:
  xy       : X then Y, the shorter way on each ring (ties +): static routing, LID 0.
  xy+yx    : X-then-Y and Y-then-X the shorter way, split freely.
  drb4     : the pair's usable LIDs as src/network/routing/disjointLids.ts keeps them among the eight
             dimension orders of meshRoutes.ts (LID 0, then link-disjoint ones shortest first, at
             most four: what a DRB source opens), split freely.
  orders8  : all eight dimension orders, split freely.
  minimal  : any minimal (shortest) path, split freely (an edge-flow LP on the links that bring a
             commodity one hop closer).
  any      : any path at all (maximum concurrent multicommodity flow).
  seed4    : the DRB paper's own search (§4.1: "multipath searching ... to select disjoint paths
             only", "paths are selected according to their length ... so shortest paths are
             selected"): LID 0's route, then repeatedly a shortest path (breadth-first) avoiding the
             links already taken, at most four. Per pair, so not one LID table per destination.

Three tables: the uniform bound (every sender gets the same lam, the most such lam); the mean
switch-to-switch hops of each path by rank; and at offered load L per sender the mean received of a
max-min fair fluid in which each flow splits its traffic *equally* over its paths (what a DRB source
with all its paths open and equal shares does), beside the most any split can give (max sum of
received, each flow at most L).

    python3 benchmarks/analysis/drb_capacity_bound.py
"""
import collections
import itertools

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import lil_matrix

RATE = 2500.0  # Mb/s per link and direction


def shuffle(i, n):
    k = n.bit_length() - 1
    return ((i << 1) | (i >> (k - 1))) & (n - 1)


def network(w, h, torus):
    links = []  # directed switch-to-switch links (u, v), u = y*w + x
    for y, x in itertools.product(range(h), range(w)):
        u = y * w + x
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = x + dx, y + dy
            if torus:
                nx, ny = nx % w, ny % h
            elif not (0 <= nx < w and 0 <= ny < h):
                continue
            links.append((u, ny * w + nx))
    return links


def step(a, b, size, way, torus):
    if a == b:
        return 0
    if not torus:
        return 1 if b > a else -1
    if way != 'short':
        return 1 if way == '+' else -1
    fwd = (b - a) % size
    return 1 if fwd <= size - fwd else -1


def route(s, d, w, h, torus, first, wx, wy):
    """Switch-to-switch links of a dimension-order route (meshRoutes.ts's definition)."""
    x, y = s % w, s // w
    tx, ty = d % w, d // w
    out = []
    while (x, y) != (tx, ty):
        dx = step(x, tx, w, wx, torus)
        dy = step(y, ty, h, wy, torus)
        move_x = dx != 0 and (first == 'x' or dy == 0)
        u = y * w + x
        if move_x:
            x = (x + dx) % w if torus else x + dx
        else:
            y = (y + dy) % h if torus else y + dy
        out.append((u, y * w + x))
    return out


def orders(torus):
    lid0 = ('x', 'short', 'short')
    if not torus:
        return [lid0, ('y', 'short', 'short')]
    return [lid0, ('y', 'short', 'short'), ('x', '+', '+'), ('x', '-', '-'), ('y', '+', '+'), ('y', '-', '-'), ('x', '+', '-'), ('x', '-', '+')]


def usable(routes):
    """disjointLids.ts's rule: LID 0, then the others shortest first (ties in LID order), kept when
    their links are disjoint from those kept and the route is new; at most four (a DRB source)."""
    order = [0] + sorted(range(1, len(routes)), key=lambda k: (len(routes[k]), k))
    taken, seen, kept = set(), set(), []
    for k in order:
        key = tuple(routes[k])
        if key in seen or any(l in taken for l in routes[k]):
            continue
        seen.add(key)
        taken.update(routes[k])
        kept.append(k)
    return kept[:4]


def path_lp(pairs, paths, links):
    """max lam: each pair splits lam over its paths; every link <= RATE."""
    idx = {l: i for i, l in enumerate(links)}
    cols = [(p, r) for p in range(len(pairs)) for r in paths[p]]
    nv = len(cols) + 1  # last variable: lam
    a_ub = lil_matrix((len(links), nv))
    for j, (_, r) in enumerate(cols):
        for l in r:
            a_ub[idx[l], j] += 1
    a_eq = lil_matrix((len(pairs), nv))
    for j, (p, _) in enumerate(cols):
        a_eq[p, j] = 1
    a_eq[:, nv - 1] = -1
    c = np.zeros(nv)
    c[-1] = -1
    res = linprog(c, A_ub=a_ub.tocsr(), b_ub=np.full(len(links), RATE), A_eq=a_eq.tocsr(), b_eq=np.zeros(len(pairs)), bounds=(0, None), method='highs')
    assert res.status == 0, res.message
    return res.x[-1]


def edge_lp(pairs, links, allowed):
    """max lam over edge flows: commodity p sends lam from its source to its sink on allowed[p] links."""
    nodes = sorted({u for l in links for u in l})
    cols = [(p, l) for p in range(len(pairs)) for l in allowed[p]]
    nv = len(cols) + 1
    a_ub = lil_matrix((len(links), nv))
    lidx = {l: i for i, l in enumerate(links)}
    for j, (_, l) in enumerate(cols):
        a_ub[lidx[l], j] = 1
    a_eq = lil_matrix((len(pairs) * len(nodes), nv))
    for j, (p, (u, v)) in enumerate(cols):
        a_eq[p * len(nodes) + u, j] += 1  # out of u
        a_eq[p * len(nodes) + v, j] -= 1  # into v
    for p, (s, d) in enumerate(pairs):
        a_eq[p * len(nodes) + s, nv - 1] = -1
        a_eq[p * len(nodes) + d, nv - 1] = 1
    c = np.zeros(nv)
    c[-1] = -1
    res = linprog(c, A_ub=a_ub.tocsr(), b_ub=np.full(len(links), RATE), A_eq=a_eq.tocsr(), b_eq=np.zeros(a_eq.shape[0]), bounds=(0, None), method='highs')
    assert res.status == 0, res.message
    return res.x[-1]


def distances(w, h, links):
    n = w * h
    adj = {u: [] for u in range(n)}
    for u, v in links:
        adj[u].append(v)
    dist = np.full((n, n), -1)
    for s in range(n):
        dist[s, s] = 0
        frontier = [s]
        while frontier:
            nxt = []
            for u in frontier:
                for v in adj[u]:
                    if dist[s, v] < 0:
                        dist[s, v] = dist[s, u] + 1
                        nxt.append(v)
            frontier = nxt
    return dist


def seed_paths(s, d, w, h, torus, links):
    """LID 0's route, then shortest paths avoiding the links taken (breadth-first, neighbours in link order)."""
    adj = collections.defaultdict(list)
    for u, v in links:
        adj[u].append(v)
    paths = [route(s, d, w, h, torus, 'x', 'short', 'short')]
    banned = set(paths[0])
    while len(paths) < 4:
        prev, queue = {s: None}, collections.deque([s])
        while queue and d not in prev:
            u = queue.popleft()
            for v in adj[u]:
                if (u, v) not in banned and v not in prev:
                    prev[v] = u
                    queue.append(v)
        if d not in prev:
            break
        path, v = [], d
        while prev[v] is not None:
            path.append((prev[v], v))
            v = prev[v]
        paths.append(path[::-1])
        banned.update(path)
    return paths


def equal_split_maxmin(paths, links, offered):
    """Mean received of the max-min fair fluid, each flow split equally over its paths, at most `offered`."""
    coef = []
    for ps in paths:
        c = {}
        for r in ps:
            for l in r:
                c[l] = c.get(l, 0) + 1 / len(ps)
        coef.append(c)
    n = len(paths)
    rate, frozen, cap = np.zeros(n), np.zeros(n, bool), {l: RATE for l in links}
    while not frozen.all():
        inc = min(offered - rate[i] for i in range(n) if not frozen[i])
        for l in links:
            s = sum(coef[i].get(l, 0) for i in range(n) if not frozen[i])
            if s > 1e-12:
                inc = min(inc, cap[l] / s)
        for i in range(n):
            if not frozen[i]:
                rate[i] += inc
                for l, f in coef[i].items():
                    cap[l] -= inc * f
        for i in range(n):
            if not frozen[i] and (rate[i] >= offered - 1e-9 or any(cap[l] < 1e-6 for l in coef[i])):
                frozen[i] = True
    return rate.mean()


def max_sum(paths, links, offered):
    """Most mean received over any split of each flow over its paths, each flow at most `offered`."""
    idx = {l: i for i, l in enumerate(links)}
    cols = [(p, r) for p in range(len(paths)) for r in paths[p]]
    a_ub = lil_matrix((len(links) + len(paths), len(cols)))
    for j, (p, r) in enumerate(cols):
        for l in r:
            a_ub[idx[l], j] += 1
        a_ub[len(links) + p, j] = 1
    b_ub = np.concatenate([np.full(len(links), RATE), np.full(len(paths), offered)])
    res = linprog(-np.ones(len(cols)), A_ub=a_ub.tocsr(), b_ub=b_ub, bounds=(0, None), method='highs')
    assert res.status == 0, res.message
    return -res.fun / len(paths)


LOADS = (800, 1000, 1200, 2500)


def main():
    print('## The uniform bound: the most every sender can receive at once (Mb/s)\n')
    print('| network | xy (static) | xy+yx | drb4 (usable LIDs, <= 4) | orders8 | seed4 | minimal | any | xy: busiest link flows | drb4: mean paths, mean hops |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    later = []
    for name, w, h, torus in (('torus 8x8', 8, 8, True), ('mesh 4x8', 4, 8, False), ('mesh 8x4', 8, 4, False)):
        n = w * h
        links = network(w, h, torus)
        pairs = [(s, shuffle(s, n)) for s in range(n) if shuffle(s, n) != s]
        all_routes = [[route(s, d, w, h, torus, *o) for o in orders(torus)] for s, d in pairs]
        sets = {
            'xy': [[r[0]] for r in all_routes],
            'xy+yx': [list({tuple(x): x for x in r[:2]}.values()) for r in all_routes],
            'drb4': [[r[k] for k in usable(r)] for r in all_routes],
            'orders8': [list({tuple(x): x for x in r}.values()) for r in all_routes],
            'seed4': [seed_paths(s, d, w, h, torus, links) for s, d in pairs],
        }
        lam = {k: path_lp(pairs, v, links) for k, v in sets.items()}
        dist = distances(w, h, links)
        minimal = [[(u, v) for (u, v) in links if dist[u, d] == dist[v, d] + 1] for _, d in pairs]
        lam['minimal'] = edge_lp(pairs, links, minimal)
        lam['any'] = edge_lp(pairs, links, [links] * len(pairs))
        load = {}
        for r in sets['xy']:
            for l in r[0]:
                load[l] = load.get(l, 0) + 1
        npaths = np.mean([len(p) for p in sets['drb4']])
        hops = np.mean([len(x) for p in sets['drb4'] for x in p])
        print(f"| {name} | {lam['xy']:.0f} | {lam['xy+yx']:.0f} | {lam['drb4']:.0f} | {lam['orders8']:.0f} | {lam['seed4']:.0f} | {lam['minimal']:.0f} | {lam['any']:.0f} | {max(load.values())} | {npaths:.2f}, {hops:.2f} |")
        later.append((name, links, sets))
    print('\n## Mean switch-to-switch hops of the k-th path (pairs that have one)\n')
    print('| network | paths | 1st | 2nd | 3rd | 4th | mean paths |\n|---|---|---|---|---|---|---|')
    for name, _, sets in later:
        for k in ('drb4', 'seed4'):
            ranks = [np.mean([len(p[i]) for p in sets[k] if len(p) > i]) if any(len(p) > i for p in sets[k]) else float('nan') for i in range(4)]
            print(f"| {name} | {k} | {' | '.join(f'{x:.2f}' for x in ranks)} | {np.mean([len(p) for p in sets[k]]):.2f} |")
    print('\n## Mean received per sender at offered L (Mb/s): equal split over the paths, max-min fair / the best split\n')
    print(f"| network | paths | {' | '.join(f'L = {x}' for x in LOADS)} |\n|---|---|{'---|' * len(LOADS)}")
    for name, links, sets in later:
        for k in ('xy', 'xy+yx', 'drb4', 'seed4'):
            cells = [f'{equal_split_maxmin(sets[k], links, x):.0f} / {max_sum(sets[k], links, x):.0f}' for x in LOADS]
            print(f"| {name} | {k} | {' | '.join(cells)} |")


if __name__ == '__main__':
    main()
