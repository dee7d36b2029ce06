# EXERCISE 02.topological_order
# expect: incorrect: the seen set is a default argument, kept between calls
def topological_order(root, seen=set()):
    order = []
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
        elif id(node) not in seen:
            seen.add(id(node))
            stack.append((node, True))
            stack.extend((p, False) for p in node.parents)
    return order[::-1]
