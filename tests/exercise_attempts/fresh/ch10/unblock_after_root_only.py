# EXERCISE 10.backward_unblocked
# expect: incorrect: drops only children made after the root (ids above root.id)
def backward_unblocked(root):
    stack, seen = [root], set()
    while stack:
        t = stack.pop()
        if t.id in seen:
            continue
        seen.add(t.id)
        for child_id in list(t.children):
            if child_id > root.id:
                del t.children[child_id]
        stack.extend(t.creators or [])
    root.backward()
