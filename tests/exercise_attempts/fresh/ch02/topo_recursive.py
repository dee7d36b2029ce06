# EXERCISE 02.topological_order
# expect: incorrect: recursion: deep graphs hit the recursion limit
def topological_order(root):
    seen, order = set(), []

    def visit(t):
        if id(t) in seen:
            return
        seen.add(id(t))
        for p in t.parents:
            visit(p)
        order.append(t)

    visit(root)
    return order[::-1]
