# EXERCISE 10.backward_unblocked
# expect: incorrect: never called
# Fixes the counts, but never runs the backward pass.
def backward_unblocked(root):
    reach, stack = set(), [root]
    while stack:
        t = stack.pop()
        if t.id not in reach:
            reach.add(t.id)
            stack.extend(t.creators or [])
    stack, done = [root], set()
    while stack:
        t = stack.pop()
        if t.id in done:
            continue
        done.add(t.id)
        for cid in list(t.children):
            if cid not in reach:
                del t.children[cid]
        stack.extend(t.creators or [])
