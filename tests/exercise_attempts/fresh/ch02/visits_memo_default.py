# EXERCISE 02.count_visits
# expect: incorrect: memo as a default argument keyed by id(): stale between calls
def count_visits(root, memo={}):
    for t in reversed(mg.topological_order(root)):
        if id(t) not in memo:
            memo[id(t)] = 1 + sum(memo[id(p)] for p in t.parents)
    return memo[id(root)]
