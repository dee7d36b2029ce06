# EXERCISE 02.topological_order
# expect: incorrect: breadth-first order, not topological
def topological_order(root):
    seen, order, queue = {id(root)}, [], [root]
    while queue:
        t = queue.pop(0)
        order.append(t)
        for p in t.parents:
            if id(p) not in seen:
                seen.add(id(p))
                queue.append(p)
    return order
