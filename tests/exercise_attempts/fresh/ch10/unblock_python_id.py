# EXERCISE 10.backward_unblocked
# expect: incorrect: keys by Python's id(), not t.id
def backward_unblocked(root):
    reach, stack = {}, [root]
    while stack:
        t = stack.pop()
        if id(t) in reach:
            continue
        reach[id(t)] = t
        stack.extend(t.creators or [])
    for t in reach.values():
        for child_id in list(t.children):
            if child_id not in reach:
                del t.children[child_id]
    root.backward()
