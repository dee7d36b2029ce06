# EXERCISE 02.add
# expect: incorrect: doubles a instead of adding b
def add(a, b):
    return record(a.data * 2, (a, b), lambda g: (g, g), "add")
