# EXERCISE 10.linear_op
# expect: correct
def linear(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias),
                  lambda dY: (dY @ W, dY.T @ X, dY.sum(axis=0)), "linear")
