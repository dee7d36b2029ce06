# EXERCISE 04.div
# expect: correct
def div(a, b):
    A, B = a.data, b.data
    return record(A / B, (a, b),
                  lambda g: (mg.sum_to(g / B, A.shape), mg.sum_to(-g * A / B ** 2, B.shape)), "div")
