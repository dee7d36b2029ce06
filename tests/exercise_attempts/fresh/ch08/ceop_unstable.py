# EXERCISE 08.cross_entropy_op
# expect: incorrect: no shift: exp overflows for large logits
def cross_entropy_op(logits, target):
    z = logits.data
    N = z.shape[0]
    rows = np.arange(N)
    e = np.exp(z)
    p = e / e.sum(axis=1, keepdims=True)
    loss = -np.log(p[rows, target]).mean()

    def backward(g):
        grad = p.copy()
        grad[rows, target] -= 1.0
        return (grad * g / N,)

    return record(np.asarray(loss), (logits,), backward, "cross_entropy")
