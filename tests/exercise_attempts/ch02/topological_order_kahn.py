# EXERCISE 02.topological_order
# expect: correct
# Kahn's algorithm from the root: a node is listed once every consumer has been listed.
def topological_order(root):
    consumers = {id(root): 0}
    nodes, stack = {id(root): root}, [root]
    while stack:
        node = stack.pop()
        for p in node.parents:
            consumers[id(p)] = consumers.get(id(p), 0) + 1
            if id(p) not in nodes:
                nodes[id(p)] = p
                stack.append(p)
    order, ready = [], [root]
    while ready:
        node = ready.pop()
        order.append(node)
        for p in node.parents:
            consumers[id(p)] -= 1
            if consumers[id(p)] == 0:
                ready.append(p)
    return order
