# EXERCISE 10.linear_op
# expect: correct
def linear(x, weight, bias):
    X, W, b = x.data, weight.data, bias.data

    def backward(dY):
        return (np.einsum("no,oi->ni", dY, W),
                np.einsum("no,ni->oi", dY, X),
                np.einsum("no->o", dY))

    return record(np.einsum("ni,oi->no", X, W) + b, (x, weight, bias), backward, "linear")
