# EXERCISE 10.backward_unblocked
# expect: correct
# First empties every reachable tensor's counts, then counts each edge once per use.
def backward_unblocked(root):
    reached, order = set(), []
    todo = [root]
    while todo:
        t = todo.pop()
        if t.id in reached:
            continue
        reached.add(t.id)
        order.append(t)
        if t.creators:
            todo.extend(t.creators)
    for t in order:
        t.children = {}
    for t in order:
        for c in t.creators or ():
            c.children[t.id] = c.children.get(t.id, 0) + 1
    root.backward()
