# EXERCISE 00.forward
# expect: incorrect: every node without inputs (parameters too) gets X
def forward(nodes, X):
    for node in nodes:
        if not node.inputs:
            node.value = X
        else:
            node.value, node.state = node.op.forward([i.value for i in node.inputs])
    return nodes[-1].value
