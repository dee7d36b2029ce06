# EXERCISE 02.add
# expect: correct
# np.add, inputs given as a list, and each input gets its own copy of the gradient.
def add(a, b):
    out = np.add(a.data, b.data)
    return record(out, [a, b], lambda g: (g.copy(), g.copy()), op="add")
