# EXERCISE 00.forward
# expect: correct
def forward(nodes, X):
    last = None
    for node in nodes:
        if node.kind == "input":
            node.value = X
        elif node.kind == "gate":
            node.value, node.state = node.op.forward(list(map(lambda n: n.value, node.inputs)))
        last = node
    return last.value
