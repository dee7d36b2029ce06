# EXERCISE 02.count_visits
# expect: incorrect: call
# Keeps the path counts in a dict outside the function: a second call adds onto the first.
paths = {}


def count_visits(root):
    paths[id(root)] = paths.get(id(root), 0) + 1
    for t in mg.topological_order(root):
        for p in t.parents:
            paths[id(p)] = paths.get(id(p), 0) + paths[id(t)]
    return sum(paths[id(t)] for t in mg.topological_order(root))
