# EXERCISE 10.linear_op
# expect: incorrect: the gradients in the wrong order
def linear(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (weight, x, bias),
                  lambda dY: (dY @ W, dY.T @ X, dY.sum(axis=0)), "linear")
