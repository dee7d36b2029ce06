# EXERCISE 10.backward_unblocked
# expect: incorrect: fixes the counts but never runs backward
def backward_unblocked(root):
    reach, stack = {}, [root]
    while stack:
        t = stack.pop()
        if t.id in reach:
            continue
        reach[t.id] = t
        stack.extend(t.creators or [])
    for t in reach.values():
        for child_id in list(t.children):
            if child_id not in reach:
                del t.children[child_id]
