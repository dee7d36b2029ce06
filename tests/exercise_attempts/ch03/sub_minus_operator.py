# EXERCISE 03.sub
# expect: shortcut
def sub(a, b):
    return a - b
