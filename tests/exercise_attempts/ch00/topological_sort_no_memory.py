# EXERCISE 00.topological_sort
# expect: incorrect: once
# Forgets which nodes it has already listed.
def topological_sort(root):
    order = []

    def visit(node):
        for inp in node.inputs:
            visit(inp)
        order.append(node)

    visit(root)
    return order
