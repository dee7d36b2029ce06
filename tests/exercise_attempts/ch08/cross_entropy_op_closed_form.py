# EXERCISE 08.cross_entropy_op
# expect: correct
def cross_entropy_op(logits, target):
    z = logits.data - logits.data.max(axis=1, keepdims=True)
    log_norm = np.log(np.exp(z).sum(axis=1, keepdims=True))
    log_p = z - log_norm
    N = len(target)
    loss = -log_p[np.arange(N), target].mean()

    def backward(g):
        d = np.exp(log_p)
        d[np.arange(N), target] -= 1
        return (g * d / N,)

    return record(np.asarray(loss), (logits,), backward, "cross_entropy")
