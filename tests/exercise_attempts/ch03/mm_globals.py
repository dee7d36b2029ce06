# EXERCISE 03.mm
# expect: incorrect: the global `A`
# Saves the operands in globals for the backward.
A = B = None


def mm(a, b):
    global A, B
    A, B = a.data, b.data

    def backward(grad):
        return grad @ B.T, A.T @ grad

    return record(A @ B, (a, b), backward, "mm")
