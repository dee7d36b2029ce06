# EXERCISE 08.cross_entropy_op
# expect: mistake: fused_ignores_upstream
def cross_entropy_op(logits, target):
    Z = logits.data
    N = len(target)
    e = np.exp(Z - Z.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(N), target]).mean()

    def backward(g):
        d = p.copy()
        d[np.arange(N), target] -= 1
        return (d / N,)

    return record(np.asarray(loss), (logits,), backward, "cross_entropy")
