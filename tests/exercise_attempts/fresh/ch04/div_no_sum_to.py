# EXERCISE 04.div
# expect: incorrect: gradients not summed back to the inputs' shapes
def div(a, b):
    A, B = a.data, b.data
    return record(A / B, (a, b), lambda g: (g / B, -g * A / B ** 2), "div")
