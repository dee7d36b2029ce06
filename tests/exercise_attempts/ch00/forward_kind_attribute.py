# EXERCISE 00.forward
# expect: correct
# Dispatches on each node's `kind` and unpacks forward's pair in one go.
def forward(nodes, X):
    for node in nodes:
        if node.kind == "input":
            node.value = X
        elif node.kind == "gate":
            values = list(map(lambda n: n.value, node.inputs))
            node.value, node.state = node.op.forward(values)
    last = nodes[-1]
    return last.value
