# EXERCISE 12.max_pool
# expect: shortcut
def max_pool2d(x, k):
    return mg.nn.MaxPool2d(k)(x)
