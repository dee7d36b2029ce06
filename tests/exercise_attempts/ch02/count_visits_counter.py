# EXERCISE 02.count_visits
# expect: correct
# Counts parent edges with a Counter per node, walking my own order.
from collections import Counter


def count_visits(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        t, ready = stack.pop()
        if ready:
            order.append(t)
        elif id(t) not in seen:
            seen.add(id(t))
            stack.append((t, True))
            stack.extend((p, False) for p in t.parents)
    paths = Counter({id(root): 1})
    for t in reversed(order):                 # consumers first
        for p in t.parents:
            paths[id(p)] += paths[id(t)]
    return sum(paths.values())
