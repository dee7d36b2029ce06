# EXERCISE 03.sub
# expect: incorrect: minigrad's own -
def sub(a, b):
    return a - b
