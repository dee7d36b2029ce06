# EXERCISE 08.cross_entropy_op
# expect: incorrect: backward subtracts the one-hot from the saved softmax in place
def cross_entropy_op(logits, target):
    z = logits.data
    N = z.shape[0]
    rows = np.arange(N)
    s = z - z.max(axis=1, keepdims=True)
    logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    p = np.exp(logp)

    def backward(g):
        p[rows, target] -= 1.0
        return (p * g / N,)

    return record(np.asarray(-logp[rows, target].mean()), (logits,), backward, "cross_entropy")
