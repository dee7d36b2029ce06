# EXERCISE 02.add
# expect: incorrect: a plain Tensor of the sum, no graph
def add(a, b):
    return Tensor(a.data + b.data)
