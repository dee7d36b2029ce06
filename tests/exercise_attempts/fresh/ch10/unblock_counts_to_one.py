# EXERCISE 10.backward_unblocked
# expect: incorrect: resets every kept count to 1 (a child that used t twice reports twice)
def backward_unblocked(root):
    reach, stack = {}, [root]
    while stack:
        t = stack.pop()
        if t.id in reach:
            continue
        reach[t.id] = t
        stack.extend(t.creators or [])
    for t in reach.values():
        t.children = {cid: 1 for cid in t.children if cid in reach}
    root.backward()
