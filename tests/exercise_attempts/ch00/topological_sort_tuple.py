# EXERCISE 00.topological_sort
# expect: incorrect: should return a list
# Right order, but a tuple where the text asks for a list.
def topological_sort(root):
    order, seen = [], set()

    def visit(node):
        if id(node) not in seen:
            seen.add(id(node))
            for inp in node.inputs:
                visit(inp)
            order.append(node)

    visit(root)
    return tuple(order)
