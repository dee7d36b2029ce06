# EXERCISE 00.topological_sort
# expect: incorrect: breadth-first order reversed is not a topological order
def topological_sort(root):
    seen, order, queue = {id(root)}, [], [root]
    while queue:
        node = queue.pop(0)
        order.append(node)
        for inp in node.inputs:
            if id(inp) not in seen:
                seen.add(id(inp))
                queue.append(inp)
    return order[::-1]
