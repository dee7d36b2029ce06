# EXERCISE 00.topological_sort
# expect: correct
# Kahn's algorithm: count how many inputs of each node are still unplaced.
def topological_sort(root):
    nodes, stack = {}, [root]
    while stack:
        n = stack.pop()
        if id(n) not in nodes:
            nodes[id(n)] = n
            stack.extend(n.inputs)
    waiting = {k: len({id(i) for i in n.inputs}) for k, n in nodes.items()}
    users = {k: [] for k in nodes}
    for k, n in nodes.items():
        for i in {id(i): i for i in n.inputs}.values():
            users[id(i)].append(n)
    ready = [n for k, n in nodes.items() if waiting[k] == 0]
    order = []
    while ready:
        n = ready.pop()
        order.append(n)
        for u in users[id(n)]:
            waiting[id(u)] -= 1
            if waiting[id(u)] == 0:
                ready.append(u)
    return order
