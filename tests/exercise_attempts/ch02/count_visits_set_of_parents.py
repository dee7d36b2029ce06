# EXERCISE 02.count_visits
# expect: mistake: count_visits_distinct_parents
def count_visits(root):
    paths = {id(root): 1}
    for node in mg.topological_order(root):
        for p in set(node.parents):
            paths[id(p)] = paths.get(id(p), 0) + paths[id(node)]
    return sum(paths.values())
