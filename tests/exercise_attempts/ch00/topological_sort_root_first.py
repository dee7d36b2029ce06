# EXERCISE 00.topological_sort
# expect: incorrect: comes after
# A correct order, but backwards: root first.
def topological_sort(root):
    order, seen = [], set()

    def visit(node):
        if id(node) in seen:
            return
        seen.add(id(node))
        for inp in node.inputs:
            visit(inp)
        order.append(node)

    visit(root)
    return order[::-1]
