# EXERCISE 04.div
# expect: correct
def div(a, b):
    A, B = a.data, b.data
    r = 1.0 / B

    def backward(g):
        return mg.sum_to(g * r, A.shape), mg.sum_to(-(g * A) * r * r, B.shape)

    return record(A * r, (a, b), backward, "div")
