# EXERCISE 00.forward
# expect: incorrect: finds the input by its name "x"
def forward(nodes, X):
    for node in nodes:
        if node.name == "x":
            node.value = X
        elif isinstance(node, Gate):
            node.value, node.state = node.op.forward([i.value for i in node.inputs])
    return nodes[-1].value
