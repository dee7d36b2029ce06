# EXERCISE 00.forward
# expect: incorrect: gives the op the input nodes instead of their values
def forward(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            node.value, node.state = node.op.forward(list(node.inputs))
    return nodes[-1].value
