# EXERCISE 03.mm
# expect: incorrect: minigrad's own @
def mm(a, b):
    return a @ b
