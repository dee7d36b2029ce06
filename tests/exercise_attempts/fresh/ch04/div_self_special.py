# EXERCISE 04.div
# expect: incorrect: treats a / a as a constant 1 that gets no gradient, and breaks the graph
def div(a, b):
    A, B = a.data, b.data
    if a is b:
        return Tensor(np.ones_like(A))
    return record(A / B, (a, b),
                  lambda g: (mg.sum_to(g / B, A.shape), mg.sum_to(-g * A / B ** 2, B.shape)), "div")
