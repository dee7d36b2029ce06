# EXERCISE 00.forward
# expect: incorrect: feeds X only to an input that is empty, so the second run keeps the old X
def forward(nodes, X):
    for node in nodes:
        if not isinstance(node, Gate) and node.value is None:
            node.value = X
        elif isinstance(node, Gate):
            node.value, node.state = node.op.forward([i.value for i in node.inputs])
    return nodes[-1].value
