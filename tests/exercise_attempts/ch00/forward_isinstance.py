# EXERCISE 00.forward
# expect: correct
def forward(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            out, state = node.op.forward([i.value for i in node.inputs])
            node.value = out
            node.state = state
    return nodes[-1].value
