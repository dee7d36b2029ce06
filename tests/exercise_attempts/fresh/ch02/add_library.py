# EXERCISE 02.add
# expect: incorrect: minigrad's own + is the op the exercise asks for
def add(a, b):
    return a + b
