# EXERCISE 02.add
# expect: correct
def add(a, b):
    def backward(grad):
        return grad, grad
    return record(a.data + b.data, (a, b), backward, "add")
