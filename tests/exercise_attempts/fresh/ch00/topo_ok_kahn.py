# EXERCISE 00.topological_sort
# expect: correct
def topological_sort(root):
    # find every node, count how many consumers each has inside the graph, then peel from root
    everything, todo = {}, [root]
    while todo:
        n = todo.pop()
        if id(n) in everything:
            continue
        everything[id(n)] = n
        todo.extend(n.inputs)
    consumers = {k: 0 for k in everything}
    for n in everything.values():
        for i in set(map(id, n.inputs)):
            consumers[i] += 1
    ready, out = [root], []
    while ready:
        n = ready.pop()
        out.append(n)
        for i in {id(x): x for x in n.inputs}.values():
            consumers[id(i)] -= 1
            if consumers[id(i)] == 0:
                ready.append(i)
    return out[::-1]
