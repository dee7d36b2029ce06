# EXERCISE 02.topological_order
# expect: correct
def topological_order(root):
    nodes, todo = {}, [root]
    while todo:
        t = todo.pop()
        if id(t) not in nodes:
            nodes[id(t)] = t
            todo.extend(t.parents)
    waiting = dict.fromkeys(nodes, 0)       # consumers not yet listed
    for t in nodes.values():
        for p in t.parents:
            waiting[id(p)] += 1
    ready, out = [root], []
    while ready:
        t = ready.pop()
        out.append(t)
        for p in t.parents:
            waiting[id(p)] -= 1
            if waiting[id(p)] == 0:
                ready.append(p)
    return out
