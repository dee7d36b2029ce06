# EXERCISE 10.backward_unblocked
# expect: incorrect: not Python
# Collects Python's id() of every tensor, but t.children is keyed by t.id: no child
# matches, so every child is dropped, the used ones too.
def backward_unblocked(root):
    seen, stack = set(), [root]
    while stack:
        t = stack.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        stack.extend(t.creators or [])
    stack, done = [root], set()
    while stack:
        t = stack.pop()
        if id(t) in done:
            continue
        done.add(id(t))
        t.children = {cid: n for cid, n in t.children.items() if cid in seen}
        stack.extend(t.creators or [])
    root.backward()
