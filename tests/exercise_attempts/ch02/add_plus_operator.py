# EXERCISE 02.add
# expect: shortcut
def add(a, b):
    return a + b
