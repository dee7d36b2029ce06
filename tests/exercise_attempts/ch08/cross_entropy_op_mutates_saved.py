# EXERCISE 08.cross_entropy_op
# expect: incorrect: the second time it ran
# Subtracts the one-hot from its saved softmax in place: the second backward is wrong.
def cross_entropy_op(logits, target):
    Z = logits.data
    N = len(target)
    e = np.exp(Z - Z.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(N), target]).mean()

    def backward(g):
        p[np.arange(N), target] -= 1
        return (g * p / N,)

    return record(np.asarray(loss), (logits,), backward, "cross_entropy")
