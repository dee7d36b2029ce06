# EXERCISE 00.topological_sort
# expect: incorrect: second call
# Keeps the set of visited nodes outside the function, so a second call lists nothing new.
visited = set()


def topological_sort(root):
    order = []

    def visit(node):
        if id(node) in visited:
            return
        visited.add(id(node))
        for inp in node.inputs:
            visit(inp)
        order.append(node)

    visit(root)
    return order
