# EXERCISE 02.count_visits
# expect: incorrect: NumPy int32 counters overflow
def count_visits(root):
    order = mg.topological_order(root)
    index = {id(t): i for i, t in enumerate(order)}
    paths = np.zeros(len(order), dtype=np.int32)
    paths[0] = 1
    for node in order:
        for p in node.parents:
            paths[index[id(p)]] += paths[index[id(node)]]
    return int(paths.sum())
