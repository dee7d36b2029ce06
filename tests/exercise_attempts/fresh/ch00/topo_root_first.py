# EXERCISE 00.topological_sort
# expect: incorrect: returns the order with the root first
def topological_sort(root):
    seen, order = set(), []

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        for inp in node.inputs:
            visit(inp)
        order.append(node)

    visit(root)
    return order[::-1]
