# EXERCISE 02.count_visits
# expect: incorrect: whole number
# Counts paths with floats (2.0 ** k style): the right size, the wrong type.
def count_visits(root):
    paths = {id(root): 1.0}
    for t in mg.topological_order(root):
        for p in t.parents:
            paths[id(p)] = paths.get(id(p), 0.0) + paths[id(t)]
    return sum(paths.values())
