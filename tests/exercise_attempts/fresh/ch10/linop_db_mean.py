# EXERCISE 10.linear_op
# expect: incorrect: bias gradient averaged
def linear(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias),
                  lambda dY: (dY @ W, dY.T @ X, dY.mean(axis=0)), "linear")
