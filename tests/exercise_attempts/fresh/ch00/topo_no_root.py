# EXERCISE 00.topological_sort
# expect: incorrect: leaves out the root
def topological_sort(root):
    seen, order = set(), []

    def visit(node):
        for inp in node.inputs:
            if id(inp) not in seen:
                seen.add(id(inp))
                visit(inp)
                order.append(inp)

    visit(root)
    return order
