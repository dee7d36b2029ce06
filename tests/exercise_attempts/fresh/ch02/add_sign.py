# EXERCISE 02.add
# expect: incorrect: b's gradient negated
def add(a, b):
    return record(a.data + b.data, (a, b), lambda g: (g, -g), "add")
