# EXERCISE 10.backward_unblocked
# expect: incorrect: empties every children dict
def backward_unblocked(root):
    stack, seen = [root], set()
    while stack:
        t = stack.pop()
        if t.id in seen:
            continue
        seen.add(t.id)
        t.children = {}
        stack.extend(t.creators or [])
    root.backward()
