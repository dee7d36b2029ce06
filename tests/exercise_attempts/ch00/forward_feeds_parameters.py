# EXERCISE 00.forward
# expect: incorrect: ValueError
# Treats every node that is not a gate as an input, so parameters are overwritten with X.
def forward(nodes, X):
    for node in nodes:
        if not isinstance(node, Gate):
            node.value = X
        else:
            node.value, node.state = node.op.forward([i.value for i in node.inputs])
    return nodes[-1].value
