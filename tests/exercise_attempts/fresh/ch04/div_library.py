# EXERCISE 04.div
# expect: incorrect: a * b ** -1 with the library's ops
def div(a, b):
    return a * b ** -1
