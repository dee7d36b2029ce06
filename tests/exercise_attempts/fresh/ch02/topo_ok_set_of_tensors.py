# EXERCISE 02.topological_order
# expect: correct
def topological_order(root):
    seen = set()
    post = []
    stack = [(root, iter(root.parents))]
    seen.add(root)
    while stack:
        node, parents = stack[-1]
        nxt = next((p for p in parents if p not in seen), None)
        if nxt is None:
            stack.pop()
            post.append(node)
        else:
            seen.add(nxt)
            stack.append((nxt, iter(nxt.parents)))
    post.reverse()
    return post
