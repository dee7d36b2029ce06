# EXERCISE 10.backward_unblocked
# expect: correct
def backward_unblocked(root):
    below = set()

    def mark(t):
        if t.id not in below:
            below.add(t.id)
            for c in t.creators or ():
                mark(c)

    mark(root)
    seen = set()

    def prune(t):
        if t.id in seen:
            return
        seen.add(t.id)
        t.children = {cid: n for cid, n in t.children.items() if cid in below}
        for c in t.creators or ():
            prune(c)

    prune(root)
    root.backward()
