# EXERCISE 00.forward
# expect: correct
def forward(nodes, X):
    for node in nodes:
        if isinstance(node, Input):
            node.value = X
        elif isinstance(node, Gate):
            values = [i.value for i in node.inputs]
            out, st = node.op.forward(values)
            node.value = out
            node.state = st
    return nodes[-1].value
