# EXERCISE 02.add
def add(a, b):
    def backward(grad):
        return grad, grad
    out = record(a.data + b.data, (a, b), backward, "add")
    # forgot: return out
