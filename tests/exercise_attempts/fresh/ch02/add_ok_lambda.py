# EXERCISE 02.add
# expect: correct
def add(a, b):
    return record(a.data + b.data, (a, b), lambda grad: (grad, grad), "add")
