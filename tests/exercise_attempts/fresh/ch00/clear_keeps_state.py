# EXERCISE 00.clear
# expect: incorrect: forgets to clear the gates' state
def clear(nodes):
    for node in nodes:
        if not isinstance(node, Parameter):
            node.value = None
            node.grad = None
