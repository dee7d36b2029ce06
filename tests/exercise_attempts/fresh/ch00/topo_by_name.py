# EXERCISE 00.topological_sort
# expect: incorrect: remembers nodes by name: unnamed nodes collapse into one
def topological_sort(root):
    seen, order = set(), []

    def visit(node):
        if node.name in seen:
            return
        seen.add(node.name)
        for inp in node.inputs:
            visit(inp)
        order.append(node)

    visit(root)
    return order
