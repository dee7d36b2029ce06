# EXERCISE 02.topological_order
# expect: incorrect: must come after all of its consumers
# Breadth-first with a seen-set: each node once, but not always after its consumers.
def topological_order(root):
    order, seen, queue = [], {id(root)}, [root]
    while queue:
        node = queue.pop(0)
        order.append(node)
        for p in node.parents:
            if id(p) not in seen:
                seen.add(id(p))
                queue.append(p)
    return order
