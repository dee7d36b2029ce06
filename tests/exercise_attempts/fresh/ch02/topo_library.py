# EXERCISE 02.topological_order
# expect: incorrect: calls mg.topological_order
def topological_order(root):
    return list(mg.topological_order(root))
