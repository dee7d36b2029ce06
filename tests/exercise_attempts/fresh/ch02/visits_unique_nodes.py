# EXERCISE 02.count_visits
# expect: incorrect: counts nodes, not visits
def count_visits(root):
    return len(mg.topological_order(root))
