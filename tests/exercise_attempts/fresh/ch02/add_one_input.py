# EXERCISE 02.add
# expect: incorrect: records only a as an input
def add(a, b):
    return record(a.data + b.data, (a,), lambda g: (g,), "add")
