# EXERCISE 10.linear_op
# expect: incorrect: minigrad's @ and +, three ops
def linear(x, weight, bias):
    return x @ weight.T + bias
