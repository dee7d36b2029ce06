# EXERCISE 08.cross_entropy_op
# expect: correct
def cross_entropy_op(logits, target):
    z = logits.data
    N = z.shape[0]
    rows = np.arange(N)
    shifted = z - z.max(axis=1, keepdims=True)
    logp = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    loss = -logp[rows, target].mean()

    def backward(g):
        grad = np.exp(logp)
        grad[rows, target] -= 1.0
        return (grad * (g / N),)

    return record(np.asarray(loss), (logits,), backward, "cross_entropy")
