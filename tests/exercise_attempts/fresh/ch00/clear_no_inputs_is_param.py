# EXERCISE 00.clear
# expect: incorrect: takes every node without inputs for a parameter (inputs keep their data)
def clear(nodes):
    for node in nodes:
        if not node.inputs:
            continue
        node.value = None
        node.grad = None
        node.state = None
