# EXERCISE 02.count_visits
# expect: correct
def count_visits(root):
    # a naive walk from t visits t, then walks from each parent: size(t) = 1 + sum(size(p))
    size = {}
    for t in reversed(mg.topological_order(root)):
        size[id(t)] = 1 + sum(size[id(p)] for p in t.parents)
    return size[id(root)]
