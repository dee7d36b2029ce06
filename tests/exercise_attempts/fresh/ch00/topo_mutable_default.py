# EXERCISE 00.topological_sort
# expect: incorrect: the seen set is a default argument and survives between calls
def topological_sort(root, seen=set()):
    order = []
    if id(root) in seen:
        return order
    seen.add(id(root))
    for inp in root.inputs:
        order += topological_sort(inp, seen)
    order.append(root)
    return order
