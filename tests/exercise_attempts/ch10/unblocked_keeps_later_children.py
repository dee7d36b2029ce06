# EXERCISE 10.backward_unblocked
# expect: incorrect: made after it
# (issue 22 escape) Drops the children that do not lead to the root, but keeps those made
# after the root, reasoning that the walk starts at the root and cannot meet them: an unused
# result created after the loss still blocks its creator.
def backward_unblocked(root):
    seen, stack = set(), [root]
    every = []
    while stack:
        t = stack.pop()
        if t.id in seen:
            continue
        seen.add(t.id)
        every.append(t)
        stack.extend(t.creators or [])
    for t in every:
        t.children = {cid: n for cid, n in t.children.items() if cid in seen or cid > root.id}
    root.backward()
