# EXERCISE 10.backward_unblocked
# expect: mistake: unblocked_count_once
def backward_unblocked(root):
    reached, order, todo = set(), [], [root]
    while todo:
        t = todo.pop()
        if t.id in reached:
            continue
        reached.add(t.id)
        order.append(t)
        todo.extend(t.creators or [])
    for t in order:
        t.children = {}
    for t in order:
        for c in t.creators or ():
            c.children[t.id] = 1
    root.backward()
