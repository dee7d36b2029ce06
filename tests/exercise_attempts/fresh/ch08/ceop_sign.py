# EXERCISE 08.cross_entropy_op
# expect: incorrect: onehot - softmax
def cross_entropy_op(logits, target):
    z = logits.data
    N = z.shape[0]
    rows = np.arange(N)
    s = z - z.max(axis=1, keepdims=True)
    logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))

    def backward(g):
        grad = -np.exp(logp)
        grad[rows, target] += 1.0
        return (grad * g / N,)

    return record(np.asarray(-logp[rows, target].mean()), (logits,), backward, "cross_entropy")
