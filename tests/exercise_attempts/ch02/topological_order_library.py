# EXERCISE 02.topological_order
# expect: shortcut
def topological_order(root):
    return list(mg.topological_order(root))
