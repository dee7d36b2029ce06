# EXERCISE 03.mm
# expect: shortcut
def mm(a, b):
    return a @ b
