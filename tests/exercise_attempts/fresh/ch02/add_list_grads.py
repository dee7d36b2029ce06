# EXERCISE 02.add
# expect: incorrect: backward returns a list, the text asks for a tuple
def add(a, b):
    return record(a.data + b.data, (a, b), lambda g: [g, g], "add")
