# EXERCISE 00.topological_sort
# expect: incorrect: follows only the first input of each node
def topological_sort(root):
    chain = []
    node = root
    while node is not None:
        chain.append(node)
        node = node.inputs[0] if node.inputs else None
    return chain[::-1]
