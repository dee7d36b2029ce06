# EXERCISE 03.sub
# expect: mistake: sub_two_ops
def sub(a, b):
    return a + (-b)
