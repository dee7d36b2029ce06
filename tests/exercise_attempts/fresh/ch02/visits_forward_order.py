# EXERCISE 02.count_visits
# expect: incorrect: passes path counts on in the wrong order (leaves first)
def count_visits(root):
    order = mg.topological_order(root)[::-1]
    paths = {id(root): 1}
    for node in order:
        for p in node.parents:
            paths[id(p)] = paths.get(id(p), 0) + paths.get(id(node), 0)
    return sum(paths.values())
