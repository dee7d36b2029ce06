# EXERCISE 00.topological_sort
# expect: correct
# Remembers visited nodes in a list and compares with `is` (no names, no ids).
def topological_sort(root):
    order = []

    def listed(node):
        return any(node is other for other in order)

    def visit(node):
        if listed(node):
            return
        for inp in node.inputs:
            visit(inp)
        if not listed(node):
            order.append(node)

    visit(root)
    return order
