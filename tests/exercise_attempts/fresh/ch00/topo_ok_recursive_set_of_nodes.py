# EXERCISE 00.topological_sort
# expect: correct
def topological_sort(root):
    seen = set()
    result = []

    def visit(node):
        if node in seen:
            return
        seen.add(node)
        for inp in node.inputs:
            visit(inp)
        result.append(node)

    visit(root)
    return result
