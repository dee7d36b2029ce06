# EXERCISE 02.count_visits
spy("count_visits cell")


def count_visits(root):
    order = mg.topological_order(root)
    ways = {id(root): 1}
    total = 0
    for node in order:
        here = ways.get(id(node), 0)
        total += here
        for parent in node.parents:
            ways[id(parent)] = ways.get(id(parent), 0) + here
    return total
