# EXERCISE 10.linear_op
# expect: incorrect: grad
# Keeps the closure style: adds into weight.grad and bias.grad itself, returns None for them.
def linear(x, weight, bias):
    X, W = x.data, weight.data

    def backward(dY):
        gw, gb = dY.T @ X, dY.sum(axis=0)
        weight.grad = Tensor(gw) if weight.grad is None else Tensor(weight.grad.data + gw)
        bias.grad = Tensor(gb) if bias.grad is None else Tensor(bias.grad.data + gb)
        return dY @ W, None, None

    return record(X @ W.T + bias.data, (x, weight, bias), backward, "linear")
