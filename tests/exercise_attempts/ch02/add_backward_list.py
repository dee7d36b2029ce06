# EXERCISE 02.add
# expect: incorrect: returned a list
# backward returns a list, which the engine refuses (it wants a tuple); not the "single
# array" mistake.
def add(a, b):
    return record(a.data + b.data, (a, b), lambda g: [g, g], "add")
