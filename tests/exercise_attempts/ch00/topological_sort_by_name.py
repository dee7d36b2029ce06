# EXERCISE 00.topological_sort
# expect: incorrect: name
# (issue 22 escape) Remembers the nodes it has listed by name: unnamed nodes (name None)
# all look like one node, and so do two nodes that share a name.
def topological_sort(root):
    order, seen = [], set()

    def visit(node):
        if node.name in seen:
            return
        seen.add(node.name)
        for inp in node.inputs:
            visit(inp)
        order.append(node)

    visit(root)
    return order
