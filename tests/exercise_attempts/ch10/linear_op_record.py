# EXERCISE 10.linear_op
# expect: correct
def linear(x, weight, bias):
    X, W = x.data, weight.data

    def backward(dY):
        return dY @ W, dY.T @ X, dY.sum(axis=0)

    return record(X @ W.T + bias.data, (x, weight, bias), backward, "linear")
