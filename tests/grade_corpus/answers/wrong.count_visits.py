# EXERCISE 02.count_visits
def count_visits(root):
    return len(mg.topological_order(root))
