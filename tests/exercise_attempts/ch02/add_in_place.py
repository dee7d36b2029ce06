# EXERCISE 02.add
# expect: incorrect: in place
# Adds b into a's own array and hands that array back.
def add(a, b):
    a.data += b.data
    return record(a.data, (a, b), lambda g: (g, g), "add")
