# EXERCISE 10.backward_unblocked
# expect: incorrect: fixes only the root's direct creators
def backward_unblocked(root):
    keep = {root.id} | {c.id for c in root.creators or []}
    for c in root.creators or []:
        for child_id in list(c.children):
            if child_id not in keep:
                del c.children[child_id]
    root.backward()
