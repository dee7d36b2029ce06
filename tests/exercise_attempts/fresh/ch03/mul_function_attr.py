# EXERCISE 03.mul
# expect: incorrect: stores the inputs on the function object (shared by every call)
def mul(a, b):
    mul.saved = (a.data, b.data)
    return record(a.data * b.data, (a, b),
                  lambda g: (g * mul.saved[1], g * mul.saved[0]), "mul")
