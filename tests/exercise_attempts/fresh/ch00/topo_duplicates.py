# EXERCISE 00.topological_sort
# expect: incorrect: a node reached along two paths is listed twice
def topological_sort(root):
    order = []
    for inp in root.inputs:
        order.extend(topological_sort(inp))
    order.append(root)
    return order
