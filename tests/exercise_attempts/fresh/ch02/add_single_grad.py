# EXERCISE 02.add
# expect: incorrect: backward returns one array, not one per input
def add(a, b):
    return record(a.data + b.data, (a, b), lambda g: g, "add")
