# EXERCISE 12.max_pool
# expect: incorrect: F.max_pool2d
def max_pool2d(x, k):
    return mg.nn.functional.max_pool2d(x, k)
