# EXERCISE 00.forward
# expect: incorrect: drops the state forward returns
def forward(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            node.value = node.op.forward([i.value for i in node.inputs])[0]
    return nodes[-1].value
