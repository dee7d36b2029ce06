# EXERCISE 08.cross_entropy_op
# expect: incorrect: divides by N*C in backward
def cross_entropy_op(logits, target):
    z = logits.data
    N, C = z.shape
    rows = np.arange(N)
    s = z - z.max(axis=1, keepdims=True)
    logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))

    def backward(g):
        grad = np.exp(logp)
        grad[rows, target] -= 1.0
        return (grad * g / (N * C),)

    return record(np.asarray(-logp[rows, target].mean()), (logits,), backward, "cross_entropy")
