# EXERCISE 00.topological_sort
# expect: incorrect: comes after
# Breadth-first from the root, each node listed where it is first seen, then reversed:
# a node reached directly and through a longer path lands too late.
def topological_sort(root):
    order, seen, queue = [], {id(root)}, [root]
    while queue:
        node = queue.pop(0)
        order.append(node)
        for inp in node.inputs:
            if id(inp) not in seen:
                seen.add(id(inp))
                queue.append(inp)
    return order[::-1]
