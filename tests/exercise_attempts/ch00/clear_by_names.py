# EXERCISE 00.clear
# expect: incorrect: (Input)
# Keeps the nodes called W and b, the parameters of the chapter's graph.
def clear(nodes):
    for node in nodes:
        if node.name in ("W", "b"):
            continue
        node.value, node.grad = None, None
        if hasattr(node, "op"):
            node.state = None
