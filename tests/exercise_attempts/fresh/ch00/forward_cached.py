# EXERCISE 00.forward
# expect: incorrect: skips gates that already hold a value, so a second run reuses the first
def forward(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate) and node.value is None:
            node.value, node.state = node.op.forward([i.value for i in node.inputs])
    return nodes[-1].value
