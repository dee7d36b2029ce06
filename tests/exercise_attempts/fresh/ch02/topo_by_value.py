# EXERCISE 02.topological_order
# expect: incorrect: remembers tensors by their numbers, so equal tensors collapse
def topological_order(root):
    order, seen = [], set()
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = (node.data.shape, node.data.tobytes())
        if done:
            order.append(node)
        elif key not in seen:
            seen.add(key)
            stack.append((node, True))
            stack.extend((p, False) for p in node.parents)
    return order[::-1]
