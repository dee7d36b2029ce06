# EXERCISE 10.linear_op
# expect: incorrect: the library's F.linear
def linear(x, weight, bias):
    return mg.nn.functional.linear(x, weight, bias)
