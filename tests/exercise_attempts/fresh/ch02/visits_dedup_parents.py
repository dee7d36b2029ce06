# EXERCISE 02.count_visits
# expect: incorrect: a + a counted as one edge
def count_visits(root):
    size = {}
    for t in reversed(mg.topological_order(root)):
        size[id(t)] = 1 + sum(size[i] for i in {id(p) for p in t.parents})
    return size[id(root)]
