# EXERCISE 02.topological_order
# expect: incorrect: `in` on a list compares tensors with ==, elementwise
def topological_order(root):
    seen, order = [], []
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        if done:
            order.append(node)
        elif node not in seen:
            seen.append(node)
            stack.append((node, True))
            stack.extend((p, False) for p in node.parents)
    return order[::-1]
