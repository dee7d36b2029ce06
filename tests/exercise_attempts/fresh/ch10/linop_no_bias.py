# EXERCISE 10.linear_op
# expect: incorrect: two gradients for three inputs
def linear(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias), lambda dY: (dY @ W, dY.T @ X), "linear")
