# EXERCISE 02.topological_order
# expect: incorrect: list
# A right order, returned as a tuple although the text asks for a list.
def topological_order(root):
    order, visited, stack = [], set(), [(root, False)]
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
        elif id(node) not in visited:
            visited.add(id(node))
            stack.append((node, True))
            stack.extend((p, False) for p in node.parents)
    return tuple(reversed(order))
