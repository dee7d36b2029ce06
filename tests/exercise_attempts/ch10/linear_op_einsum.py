# EXERCISE 10.linear_op
# expect: correct
def linear(x, weight, bias):
    X, W = x.data.copy(), weight.data.copy()
    Y = np.einsum("ni,oi->no", X, W) + bias.data
    return record(Y, (x, weight, bias),
                  lambda g: (np.einsum("no,oi->ni", g, W), np.einsum("no,ni->oi", g, X),
                             np.einsum("no->o", g)), "linear")
