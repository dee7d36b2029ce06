# EXERCISE 02.add
# expect: incorrect: backward ignores the incoming gradient (right only when it is ones)
def add(a, b):
    return record(a.data + b.data, (a, b), lambda g: (np.ones_like(g), np.ones_like(g)), "add")
