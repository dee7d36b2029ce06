# EXERCISE 00.clear
# expect: incorrect: value
# Clears inputs and gates only, so label (Output) nodes keep the last run's targets.
def clear(nodes):
    for n in nodes:
        if isinstance(n, (Input, Gate)):
            n.value = None
            n.grad = None
        if isinstance(n, Gate):
            n.state = None
