# EXERCISE 02.topological_order
# expect: incorrect: second call
# The set of visited ids lives outside the function.
SEEN = set()


def topological_order(root):
    order, stack = [], [(root, False)]
    while stack:
        t, ready = stack.pop()
        if ready:
            order.append(t)
            continue
        if id(t) in SEEN:
            continue
        SEEN.add(id(t))
        stack.append((t, True))
        stack.extend((p, False) for p in t.parents if id(p) not in SEEN)
    return list(reversed(order))
