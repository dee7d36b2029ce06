# EXERCISE 02.count_visits
# expect: incorrect: does not count the root's own visit
def count_visits(root):
    order = mg.topological_order(root)
    paths = {id(root): 1}
    for node in order:
        for p in node.parents:
            paths[id(p)] = paths.get(id(p), 0) + paths[id(node)]
    return sum(paths.values()) - 1
