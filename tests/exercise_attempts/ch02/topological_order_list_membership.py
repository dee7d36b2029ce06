# EXERCISE 02.topological_order
# expect: incorrect: never with ==
# Remembers handled tensors in a list and asks `t in done`: a list compares with ==, and two
# different one-number tensors with the same value compare equal.
def topological_order(root):
    done, order, stack = [], [], [(root, False)]
    while stack:
        t, ready = stack.pop()
        if ready:
            order.append(t)
        elif t not in done:
            done.append(t)
            stack.append((t, True))
            stack.extend((p, False) for p in t.parents)
    return order[::-1]
