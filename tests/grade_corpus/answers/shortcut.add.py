# EXERCISE 02.add
# The library's own add instead of the learner's.
def add(a, b):
    return a + b
