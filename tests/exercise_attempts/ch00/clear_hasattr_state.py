# EXERCISE 00.clear
# expect: correct
def clear(nodes):
    keep = [n for n in nodes if type(n).__name__ == "Parameter"]
    for n in nodes:
        if any(n is k for k in keep):
            continue
        n.value, n.grad = None, None
        if hasattr(n, "state"):
            n.state = None
