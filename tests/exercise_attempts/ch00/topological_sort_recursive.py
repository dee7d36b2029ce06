# EXERCISE 00.topological_sort
# expect: correct
# Depth-first, recursive (the text allows it here), with a set of ids.
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
    return order
