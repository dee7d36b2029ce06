# EXERCISE 10.backward_unblocked
# expect: correct
def backward_unblocked(root):
    stack, seen, counts = [root], {root.id}, {}
    while stack:
        t = stack.pop()
        for c in t.creators or []:
            counts.setdefault(c.id, {})
            counts[c.id][t.id] = counts[c.id].get(t.id, 0) + 1
            if c.id not in seen:
                seen.add(c.id)
                stack.append(c)
    nodes = {}
    stack = [root]
    while stack:
        t = stack.pop()
        if t.id in nodes:
            continue
        nodes[t.id] = t
        stack.extend(t.creators or [])
    for tid, t in nodes.items():
        t.children = dict(counts.get(tid, {}))
    root.backward()
