# EXERCISE 10.linear_op
# expect: incorrect: weight's gradient transposed (fits only when square)
def linear(x, weight, bias):
    X, W = x.data, weight.data
    return record(X @ W.T + bias.data, (x, weight, bias),
                  lambda dY: (dY @ W, X.T @ dY, dY.sum(axis=0)), "linear")
