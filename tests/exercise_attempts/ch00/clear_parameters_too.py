# EXERCISE 00.clear
# expect: mistake: clear_everything
# Resets the gradient of parameters as well.
def clear(nodes):
    for n in nodes:
        n.grad = None
        if not isinstance(n, Parameter):
            n.value = None
        if isinstance(n, Gate):
            n.state = None
