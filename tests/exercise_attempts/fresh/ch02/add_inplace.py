# EXERCISE 02.add
# expect: incorrect: adds b into a's array in place
def add(a, b):
    a.data += b.data
    return record(a.data, (a, b), lambda g: (g, g), "add")
