# EXERCISE 00.forward
# expect: incorrect: returns the final node, not its value
def forward(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            node.value, node.state = node.op.forward([i.value for i in node.inputs])
    return nodes[-1]
