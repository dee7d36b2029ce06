# EXERCISE 10.linear_op
# expect: shortcut
def linear(x, weight, bias):
    return mg.nn.functional.linear(x, weight, bias)
