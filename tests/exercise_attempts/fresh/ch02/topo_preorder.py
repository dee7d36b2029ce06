# EXERCISE 02.topological_order
# expect: incorrect: lists a node when first reached (pre-order), not after its consumers
def topological_order(root):
    order, seen, stack = [], set(), [root]
    while stack:
        t = stack.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        order.append(t)
        stack.extend(t.parents)
    return order
