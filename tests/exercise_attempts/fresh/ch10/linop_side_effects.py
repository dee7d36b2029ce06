# EXERCISE 10.linear_op
# expect: incorrect: adds into weight.grad like the closure and returns None for the parameters
def linear(x, weight, bias):
    X, W = x.data, weight.data

    def backward(dY):
        gw = dY.T @ X
        gb = dY.sum(axis=0)
        weight.grad = Tensor(gw) if weight.grad is None else Tensor(weight.grad.data + gw)
        bias.grad = Tensor(gb) if bias.grad is None else Tensor(bias.grad.data + gb)
        return dY @ W, None, None

    return record(X @ W.T + bias.data, (x, weight, bias), backward, "linear")
